import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, renderArtifacts } from '../scripts/compileContracts.js';
import { compiler } from './generated/compiler.js';
import * as artifacts from './generated/index.js';

/** The opcodes of `code`, skipping PUSH data (PUSH1..PUSH32 are 0x60..0x7f). */
function opcodes(code: string): number[] {
  const bytes = Buffer.from(code.slice(2), 'hex');
  const ops: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    const op = bytes[i]!;
    ops.push(op);
    if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
  }
  return ops;
}

describe('compiled artifacts', () => {
  it('are what the pinned compiler makes of the sources today (else run pnpm --filter @cairn/evm-contracts compile)', () => {
    const rendered = renderArtifacts();
    for (const [name, content] of rendered) {
      const committed = readFileSync(join(GENERATED_DIR, name), 'utf8');
      expect(
        committed,
        `src/generated/${name} is stale: run pnpm --filter @cairn/evm-contracts compile`,
      ).toBe(content);
    }
  }, 60_000);

  it('come from solc 0.8.37 with evmVersion paris, the optimizer on and no metadata hash', () => {
    expect(compiler.version).toMatch(/^0\.8\.37\+commit\./);
    expect(compiler.settings).toMatchObject({
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none' },
    });
  });

  it('never use PUSH0 (0x5f), which some chains lack', () => {
    for (const [name, artifact] of Object.entries(artifacts)) {
      if (!('deployedBytecode' in artifact)) continue;
      expect(opcodes(artifact.deployedBytecode).includes(0x5f), `${name} runtime code`).toBe(false);
      expect(opcodes(artifact.bytecode).includes(0x5f), `${name} creation code`).toBe(false);
    }
  });
});
