import type { Gateway } from '../gateway/Gateway.js';
import type { AuditActor } from './recordAudit.js';
import { setPaymentPreferences } from './setPaymentPreferences.js';

/**
 * {@link setPaymentPreferences} in a transaction of its own: a person changes the tolerance and the
 * threshold (basis points, already within bounds), audited. Returns whether anything changed.
 */
export async function changePaymentPreferences(
  gateway: Gateway,
  actor: AuditActor,
  input: Parameters<typeof setPaymentPreferences>[3],
): Promise<boolean> {
  return setPaymentPreferences(gateway.orm.em.fork(), gateway.clock, actor, input);
}
