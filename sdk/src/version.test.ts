import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from './version.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const distEntry = new URL('../dist/index.js', import.meta.url);

describe('SDK_VERSION', () => {
  it('matches package.json', () => {
    expect(SDK_VERSION).toBe(version);
  });

  it.skipIf(!existsSync(distEntry))('is inlined into the build from package.json', async () => {
    const dist = (await import(distEntry.href)) as { SDK_VERSION: string };
    expect(dist.SDK_VERSION).toBe(version);
  });
});
