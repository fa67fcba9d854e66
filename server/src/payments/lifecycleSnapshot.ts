import type { IPayment, ITransfer } from '../db/entities/index.js';
import type { LifecycleSnapshot } from '../lifecycle/types.js';

/** The lifecycle module's view of a payment and its transfers. */
export function lifecycleSnapshot(payment: IPayment, transfers: readonly ITransfer[]): LifecycleSnapshot {
  return {
    status: payment.status,
    expiresAt: payment.expiresAt,
    lateGraceEndsAt: payment.lateGraceEndsAt,
    revived: payment.revived,
    overpaid: payment.overpaid,
    feeCharged: payment.feeCharged,
    lockedAmount: payment.lockedAmount == null ? null : BigInt(payment.lockedAmount),
    underpaymentToleranceBps: payment.underpaymentToleranceBps,
    overpaymentThresholdBps: payment.overpaymentThresholdBps,
    requiredConfirmations: payment.requiredConfirmations ?? 0,
    ...(payment.confirmedAmount != null ? { confirmedAmount: BigInt(payment.confirmedAmount) } : {}),
    ...(payment.receivedAtExpiry != null ? { receivedAtExpiry: BigInt(payment.receivedAtExpiry) } : {}),
    transfers: transfers.map((t) => ({
      key: `${t.txId}:${t.outputIndex}`,
      amount: BigInt(t.amount),
      confirmations: t.confirmations,
      removed: t.removed,
    })),
  };
}
