import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTronArtifacts, TRON_GENERATED_DIR } from '../scripts/compileTronContracts.js';

describe('compiled TRON artifacts', () => {
  it('are what the pinned compiler makes of the sources today (else run pnpm --filter @cairn/chain-tron compile)', () => {
    for (const [name, content] of renderTronArtifacts()) {
      const committed = readFileSync(join(TRON_GENERATED_DIR, name), 'utf8');
      expect(committed, `src/generated/${name} is stale: run pnpm --filter @cairn/chain-tron compile`).toBe(
        content,
      );
    }
  }, 60_000);
});
