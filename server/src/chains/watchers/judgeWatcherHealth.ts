/**
 * A watcher's health, as /readyz, /metrics and `chains:status` name it:
 *
 * - `ok`: the active watcher synced successfully since it became active, and within the offline window;
 * - `syncing`: it is active (or has not yet tried its lock) and has not completed a sync yet;
 * - `failing`: it has never synced since it became active and its last attempt failed, or its last
 *   successful sync is older than the offline window (the chain is then not offered either);
 * - `halted`: it detected a reset (or another network) on a live chain and waits for the operator's
 *   `cairn chains:reanchor` (docs/operating/chain-resets.md); the chain is not offered meanwhile;
 * - `standby`: another instance is the active watcher of the chain;
 * - `stopped`: the watcher was stopped (shutdown).
 */
export type WatcherHealth = 'ok' | 'syncing' | 'failing' | 'halted' | 'standby' | 'stopped';

/** What the judgement needs to know. */
export interface WatcherHealthInput {
  readonly role: 'active' | 'standby' | 'stopped' | 'starting';
  /** The reset a live chain's watcher waits on the operator for (undefined: none). */
  readonly resetDetected?: string;
  /** When the watcher became the active one (undefined unless active). */
  readonly activeSince: Date | undefined;
  readonly lastSyncAt: Date | undefined;
  /** The error of the last attempt, if it failed. */
  readonly lastError: string | undefined;
  readonly now: Date;
  /** The offline window of the chain (`offlineWindowMs`): no successful sync for longer is failing. */
  readonly failAfterMs: number;
}

/** The judged health and, when failing, why (operator words: the node's error included). */
export interface JudgedHealth {
  readonly health: WatcherHealth;
  readonly reason?: string;
}

/** Judges one watcher (see {@link WatcherHealth}); pure. */
export function judgeWatcherHealth(input: WatcherHealthInput): JudgedHealth {
  const { role, activeSince, lastSyncAt, lastError, now } = input;
  if (role === 'stopped') return { health: 'stopped' };
  if (role === 'standby') return { health: 'standby' };
  if (input.resetDetected !== undefined) return { health: 'halted', reason: input.resetDetected };
  const synced = lastSyncAt !== undefined && (activeSince === undefined || lastSyncAt >= activeSince);
  if (!synced)
    return lastError === undefined ? { health: 'syncing' } : { health: 'failing', reason: lastError };
  const silent = now.getTime() - lastSyncAt.getTime();
  if (silent > input.failAfterMs) {
    return {
      health: 'failing',
      reason: `no successful sync for ${Math.round(silent / 1000)} s${lastError ? ` (${lastError})` : ''}`,
    };
  }
  return { health: 'ok' };
}

/** The health as one word or `failing: <reason>` (/readyz, `chains:status`). */
export const describeHealth = ({ health, reason }: JudgedHealth): string =>
  health === 'failing' || health === 'halted' ? `${health}: ${reason ?? 'unknown'}` : health;
