import { getChain } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import type { ChainSettings } from '../../platform/config/loadChainSettings.js';
import { describeOffer, judgeChainOffer } from './judgeChainOffer.js';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const settings = (extra: Partial<ChainSettings> = {}): ChainSettings => ({
  chainId: 'LTC_REGTEST',
  enabled: true,
  pollMs: 1000,
  watchedElsewhere: false,
  backend: { kind: 'json-rpc', url: 'http://127.0.0.1:1' },
  ...extra,
});
const judge = (input: Partial<Parameters<typeof judgeChainOffer>[0]> & { chainId?: string }) =>
  judgeChainOffer({
    chain: getChain(input.chainId ?? 'LTC_REGTEST')!,
    settings: settings(),
    lastSyncAt: undefined,
    now,
    offlineAfterMs: 15_000,
    ...input,
  });

describe('judgeChainOffer: a chain is offered only while something watches it', () => {
  it('offers a chain whose watcher synced within the window, and no longer once it is silent', () => {
    expect(judge({ lastSyncAt: ago(14_999) })).toEqual({
      chainId: 'LTC_REGTEST',
      offered: true,
      reason: 'watched',
    });
    const silent = judge({ lastSyncAt: ago(15_001), lastError: 'connect ECONNREFUSED 127.0.0.1:1' });
    // The node's error is for the operator only (logs, chains:status), never in what clients see.
    expect(silent).toEqual({
      chainId: 'LTC_REGTEST',
      offered: false,
      reason: 'its watcher has not synced for 15 s',
      detail: 'connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(describeOffer(silent)).toBe(
      'its watcher has not synced for 15 s (connect ECONNREFUSED 127.0.0.1:1)',
    );
  });

  it('gives a chain polled less often than the window three of its poll intervals', () => {
    const slow = settings({ pollMs: 60_000 });
    expect(judge({ settings: slow, lastSyncAt: ago(150_000) }).offered).toBe(true);
    expect(judge({ settings: slow, lastSyncAt: ago(180_001) }).offered).toBe(false);
  });

  it('does not offer a watched chain before its watcher first synced', () => {
    expect(judge({})).toMatchObject({ offered: false, reason: 'its watcher has not synced yet' });
  });

  it('does not count a sync older than this process taking the chain over (a restart)', () => {
    expect(judge({ lastSyncAt: ago(2_000), activeSince: ago(1_000) })).toMatchObject({
      offered: false,
      reason: 'its watcher has not synced yet',
    });
    expect(judge({ lastSyncAt: ago(1_000), activeSince: ago(1_000) }).offered).toBe(true);
  });

  it('never offers a chain without a node, whatever the sync time says', () => {
    const offer = judge({ settings: settings({ backend: undefined }), lastSyncAt: ago(1) });
    expect(offer.offered).toBe(false);
    expect(offer.reason).toBe(
      'nothing watches it: give it a node (CAIRN_CHAIN_LTC_REGTEST_RPC_URL or _ESPLORA_URL) or mark it CAIRN_CHAIN_LTC_REGTEST_WATCHED_ELSEWHERE=true',
    );
    expect(judge({ chainId: 'BTC', settings: undefined }).reason).toBe(
      'nothing watches it: give it a node (CAIRN_CHAIN_BTC_RPC_URL or _ESPLORA_URL)',
    );
  });

  it('offers a test chain the operator marks watched elsewhere, never a live one', () => {
    const elsewhere = settings({ backend: undefined, watchedElsewhere: true });
    expect(judge({ settings: elsewhere })).toMatchObject({ offered: true });
    // Configuration refuses the mark on a live chain; the judgement ignores it as well.
    expect(judge({ chainId: 'BTC', settings: { ...elsewhere, chainId: 'BTC' } }).offered).toBe(false);
  });

  it('offers what a test harness says is watched (the seam configuration cannot reach)', () => {
    expect(judge({ chainId: 'BTC', settings: undefined, testOnlyWatched: new Set(['BTC']) }).offered).toBe(
      true,
    );
  });
});
