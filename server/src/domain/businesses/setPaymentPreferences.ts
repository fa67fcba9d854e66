import type { EntityManager } from '@mikro-orm/postgresql';
import { Business } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { formatPercent } from './paymentPreferences.js';
import { type AuditActor, recordAudit } from './recordAudit.js';

/**
 * Sets a business's underpayment tolerance and overpayment threshold (basis points, already within
 * PAYMENT_PREFERENCE_BOUNDS) and records the change in the audit log. New payments snapshot them;
 * open payments keep the values they were created with. Returns whether anything changed.
 */
export async function setPaymentPreferences(
  em: EntityManager,
  clock: Clock,
  actor: AuditActor,
  input: {
    readonly businessId: string;
    readonly underpaymentToleranceBps: number;
    readonly overpaymentThresholdBps: number;
  },
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const business = await tx.findOneOrFail(Business, { id: input.businessId });
    const before = {
      tolerance: business.underpaymentToleranceBps,
      threshold: business.overpaymentThresholdBps,
    };
    if (
      before.tolerance === input.underpaymentToleranceBps &&
      before.threshold === input.overpaymentThresholdBps
    )
      return false;
    business.underpaymentToleranceBps = input.underpaymentToleranceBps;
    business.overpaymentThresholdBps = input.overpaymentThresholdBps;
    await recordAudit(tx, clock, actor, {
      businessId: business.id,
      action: 'settings.payment_preferences_changed',
      target: `tolerance ${formatPercent(input.underpaymentToleranceBps)}, threshold ${formatPercent(input.overpaymentThresholdBps)}`,
      details: {
        underpayment_tolerance_bps: { from: before.tolerance, to: input.underpaymentToleranceBps },
        overpayment_threshold_bps: { from: before.threshold, to: input.overpaymentThresholdBps },
      },
    });
    return true;
  });
}
