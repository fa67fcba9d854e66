import type { IPayment, ITransfer } from '../../platform/db/entities/index.js';
import type { LifecycleSnapshot } from '../lifecycle/types.js';

/** A transfer's key in the lifecycle's view (`TransferView.key`): unique within its payment. */
export const transferKey = (t: Pick<ITransfer, 'txId' | 'outputIndex'>): string =>
  `${t.txId}:${t.outputIndex}`;

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
    refundRequested: payment.refundRequestedAt != null,
    transfers: transfers.map((t) => ({
      key: transferKey(t),
      amount: BigInt(t.amount),
      confirmations: t.confirmations,
      removed: t.removed,
      ...(t.closing != null ? { closing: t.closing } : {}),
    })),
  };
}
