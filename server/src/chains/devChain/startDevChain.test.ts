import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anvilAvailable } from '@cairn/anvil-node';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { devChainDir, readDevChainRecord } from './devChainRecord.js';
import { startDevChain } from './startDevChain.js';

describe.runIf(anvilAvailable('dev chain'))('startDevChain', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-devchain-unit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const log = pino({ level: 'silent' });

  it('deploys the test tokens once, and a restart reuses them from the kept state', async () => {
    const first = await startDevChain(dataDir, log);
    const tokens = first.record.tokens;
    expect(Object.keys(tokens).sort()).toEqual(['USDC', 'USDCE', 'USDT']);
    await first.stop();
    const second = await startDevChain(dataDir, log);
    expect(second.record.tokens).toEqual(tokens);
    expect(readDevChainRecord(dataDir)).toEqual(second.record);
    await second.stop();
  }, 60_000);

  it('keeps an unreadable state file aside and starts a new dev chain', async () => {
    const other = mkdtempSync(join(tmpdir(), 'cairn-devchain-unit-'));
    try {
      mkdirSync(devChainDir(other), { recursive: true });
      writeFileSync(join(devChainDir(other), 'anvil-state.json'), '{"block": {}} trailing');
      const chain = await startDevChain(other, log);
      expect(
        readdirSync(devChainDir(other)).some((name) => name.startsWith('anvil-state.json.unreadable-')),
      ).toBe(true);
      expect(await chain.anvil.request('eth_chainId')).toBe('0x7a69');
      await chain.stop();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }, 60_000);
});
