import type { Gateway } from '../../domain/gateway/Gateway.js';

/** What `cairn chains:reanchor` found. */
export type ReanchorRequest =
  /** Recorded: the chain's active watcher, on whichever instance, re-anchors at its next sync. */
  | { readonly state: 'requested'; readonly detail: string; readonly detectedAt: Date }
  /** The chain's watcher has not detected a reset: nothing to do. */
  | { readonly state: 'no reset' };

/**
 * The operator's answer to a reset detected on a live chain (docs/operating/chain-resets.md): stored
 * in `chain_cursors`, so it works from any process; the active watcher picks it up at its next sync,
 * closes the old chain's open payments as a test chain does by itself, and follows the node's tip.
 */
export async function requestReanchor(
  gateway: Pick<Gateway, 'orm' | 'clock'>,
  chainId: string,
): Promise<ReanchorRequest> {
  const now = gateway.clock.now();
  const [row] = await gateway.orm.em
    .fork()
    .getConnection()
    .execute<{ reset_detail: string | null; reset_detected_at: Date }[]>(
      `update chain_cursors set reanchor_requested_at = ?
        where chain_id = ? and reset_detected_at is not null
        returning reset_detail, reset_detected_at`,
      [now.toISOString(), chainId],
    );
  if (!row) return { state: 'no reset' };
  return {
    state: 'requested',
    detail: row.reset_detail ?? 'reset detected',
    detectedAt: new Date(row.reset_detected_at),
  };
}
