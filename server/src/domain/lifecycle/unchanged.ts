import type { LifecycleSnapshot, OkDecision } from './types.js';

/** The decision that changes nothing: same status, no events, empty patch, no effects. */
export function unchanged(snapshot: LifecycleSnapshot): OkDecision {
  return { ok: true, status: snapshot.status, emitted: [], patch: {}, effects: [], steps: [] };
}
