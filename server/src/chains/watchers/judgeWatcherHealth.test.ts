import { describe, expect, it } from 'vitest';
import { describeHealth, judgeWatcherHealth, type WatcherHealthInput } from './judgeWatcherHealth.js';

const now = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const judge = (input: Partial<WatcherHealthInput>) =>
  describeHealth(
    judgeWatcherHealth({
      role: 'active',
      activeSince: ago(60_000),
      lastSyncAt: undefined,
      lastError: undefined,
      now,
      failAfterMs: 15_000,
      ...input,
    }),
  );

describe('judgeWatcherHealth: ok only after a sync since the watcher became active, while it keeps syncing', () => {
  it('is syncing before its first sync, failing when that first sync failed', () => {
    expect(judge({ role: 'starting', activeSince: undefined })).toBe('syncing');
    expect(judge({})).toBe('syncing');
    expect(judge({ lastError: 'connect ECONNREFUSED' })).toBe('failing: connect ECONNREFUSED');
    // A sync of an earlier time as the active watcher (before a standby spell) does not count.
    expect(judge({ lastSyncAt: ago(61_000) })).toBe('syncing');
  });

  it('is ok within the window, even after one failed attempt, and failing past it', () => {
    expect(judge({ lastSyncAt: ago(15_000), lastError: 'timeout' })).toBe('ok');
    expect(judge({ lastSyncAt: ago(15_001), lastError: 'timeout' })).toBe(
      'failing: no successful sync for 15 s (timeout)',
    );
    expect(judge({ lastSyncAt: ago(30_000) })).toBe('failing: no successful sync for 30 s');
  });

  it('is halted, with the reason, while a reset waits for the operator, however recent its last sync', () => {
    const reason = 'no common ancestor with the node';
    expect(judge({ lastSyncAt: ago(1_000), resetDetected: reason })).toBe(`halted: ${reason}`);
    expect(judge({ resetDetected: reason, lastError: 'timeout' })).toBe(`halted: ${reason}`);
    // Another instance's watcher: standby still (the chain's offer says it is halted).
    expect(judge({ role: 'standby', resetDetected: reason })).toBe('standby');
  });

  it('names standby and stopped watchers as such', () => {
    expect(judge({ role: 'standby', lastError: 'x' })).toBe('standby');
    expect(judge({ role: 'stopped' })).toBe('stopped');
  });
});
