import { randomUUID } from 'node:crypto';
import { formatUnits } from '@cairn/chain-core';
import type { ChainId } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CreditLedgerEntry, type IPayment, OutboxEvent, Transfer } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { Decision, EmittedEvent, PaymentPatch } from '../lifecycle/types.js';
import { cancelTimers, scheduleTimer } from './jobs.js';
import { transferKey } from './lifecycleSnapshot.js';
import { loadAggregate, type PaymentAggregate, rfc3339, serializePayment } from './serializePayment.js';

type OkDecision = Extract<Decision, { ok: true }>;

/** The payment's fields a decision's patch may change, as they were before it (see `paymentAt`). */
type PatchedFields = Pick<
  IPayment,
  | 'status'
  | 'revived'
  | 'overpaid'
  | 'feeCharged'
  | 'cancelledBy'
  | 'failureReason'
  | 'confirmedAt'
  | 'expiresAt'
  | 'lateGraceEndsAt'
  | 'confirmedAmount'
  | 'receivedAtExpiry'
>;

function patchedFields(payment: IPayment): PatchedFields {
  const { status, revived, overpaid, feeCharged, cancelledBy, failureReason } = payment;
  const { confirmedAt, expiresAt, lateGraceEndsAt, confirmedAmount, receivedAtExpiry } = payment;
  return {
    status,
    revived,
    overpaid,
    feeCharged,
    cancelledBy,
    failureReason,
    confirmedAt,
    expiresAt,
    lateGraceEndsAt,
    confirmedAmount,
    receivedAtExpiry,
  };
}

/** Writes a patch's fields onto `target` (the payment, or a view of it at one event). */
function writePatch(target: PatchedFields, patch: PaymentPatch): void {
  if (patch.revived !== undefined) target.revived = patch.revived;
  if (patch.overpaid !== undefined) target.overpaid = patch.overpaid;
  if (patch.feeCharged !== undefined) target.feeCharged = patch.feeCharged;
  if (patch.cancelledBy !== undefined) target.cancelledBy = patch.cancelledBy;
  if (patch.failureReason !== undefined) target.failureReason = patch.failureReason;
  if (patch.confirmedAt !== undefined) target.confirmedAt = patch.confirmedAt;
  if (patch.expiresAt !== undefined) target.expiresAt = patch.expiresAt;
  if (patch.lateGraceEndsAt !== undefined) target.lateGraceEndsAt = patch.lateGraceEndsAt;
  if (patch.confirmedAmount !== undefined) target.confirmedAmount = patch.confirmedAmount.toString();
  if (patch.receivedAtExpiry !== undefined) target.receivedAtExpiry = patch.receivedAtExpiry.toString();
}

/**
 * The payment as it was at one event of a decision: the fields before the decision, with the status
 * and the patch of the event's step (`EmittedEvent.patch`), over the stored row for everything else
 * (the transfers and `updated_at` are those of the whole decision). An event without a patch (money
 * after the close, which changes no status) sees the payment as the decision leaves it.
 */
function paymentAt(payment: IPayment, before: PatchedFields, emitted: EmittedEvent): IPayment {
  if (emitted.patch === undefined || emitted.status === undefined) return payment;
  const view: PatchedFields = { ...before, status: emitted.status };
  writePatch(view, emitted.patch);
  return Object.assign(Object.create(payment) as IPayment, view);
}

function eventData(
  gateway: Gateway,
  aggregate: PaymentAggregate,
  before: PatchedFields,
  emitted: EmittedEvent,
): Record<string, unknown> {
  const at = { ...aggregate, payment: paymentAt(aggregate.payment, before, emitted) };
  const payment = serializePayment(gateway.config, at);
  const data: Record<string, unknown> = { payment };
  if (emitted.name === 'payment.overpaid' && emitted.excessAmount !== undefined) {
    const option = aggregate.options.find(
      (o) =>
        o.chainId === aggregate.payment.selectedChainId &&
        o.coinSymbol === aggregate.payment.selectedCoinSymbol,
    );
    data.chain_id = aggregate.payment.selectedChainId as ChainId;
    data.coin_symbol = aggregate.payment.selectedCoinSymbol;
    data.excess_amount = emitted.excessAmount.toString();
    data.excess_display_amount = formatUnits(emitted.excessAmount, option?.decimals ?? 0);
  }
  if (emitted.name === 'payment.received_after_close') {
    const transfer = aggregate.transfers.find((t) => transferKey(t) === emitted.transferKey);
    if (!transfer) throw new Error(`applyDecision: no transfer ${emitted.transferKey} to report`);
    const option = aggregate.options.find(
      (o) => o.chainId === transfer.chainId && o.coinSymbol === transfer.coinSymbol,
    );
    data.chain_id = transfer.chainId as ChainId;
    data.coin_symbol = transfer.coinSymbol;
    data.tx_id = transfer.txId;
    data.output_index = transfer.outputIndex < 0 ? null : transfer.outputIndex;
    data.amount = transfer.amount;
    data.display_amount = formatUnits(BigInt(transfer.amount), option?.decimals ?? 0);
  }
  if (emitted.name === 'payment.underpaid') data.amount_due = (emitted.amountDue ?? 0n).toString();
  if (emitted.name === 'payment.cancelled') data.cancelled_by = emitted.cancelledBy;
  if (emitted.name === 'payment.failed') data.failure_reason = emitted.failureReason;
  if (emitted.name === 'payment.reverted') data.previous_status = emitted.previousStatus;
  return data;
}

/** Marks the payment's transfers as the lifecycle's closing effects say (`TransferView.closing`). */
async function markTransfers(em: EntityManager, payment: IPayment, decision: OkDecision): Promise<boolean> {
  const marks = decision.effects.filter(
    (e) => e.type === 'hold_transfers' || e.type === 'mark_transfer_reported',
  );
  if (marks.length === 0) return false;
  const transfers = await em.find(Transfer, { paymentId: payment.id });
  for (const effect of marks) {
    if (effect.type === 'hold_transfers') {
      const held = new Set(effect.keys);
      for (const t of transfers) {
        if (t.closing !== 'reported') t.closing = held.has(transferKey(t)) ? 'held' : null;
      }
    } else {
      const reported = transfers.find((t) => transferKey(t) === effect.key);
      if (!reported) throw new Error(`applyDecision: no transfer ${effect.key} to mark reported`);
      reported.closing = 'reported';
    }
  }
  return true;
}

/**
 * Applies a lifecycle decision inside the caller's transaction: the status and patch, the transfers'
 * closing marks, one outbox row per emitted event (the webhook body, signed and delivered later), fee
 * ledger entries and timers, and whatever follows the payment (`gateway.paymentFollowers`: the
 * invoice it pays). The payment row must already be locked by the caller. `updated_at` moves when the
 * status, a stored field or a transfer mark changes, or an event is sent.
 */
export async function applyDecision(
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  decision: OkDecision,
): Promise<PaymentAggregate> {
  const now = gateway.clock.now();
  const { patch } = decision;
  const before = payment.status;
  const fieldsBefore = patchedFields(payment);
  const marked = await markTransfers(em, payment, decision);
  const changed =
    decision.status !== payment.status ||
    Object.keys(patch).length > 0 ||
    marked ||
    decision.emitted.length > 0;
  payment.status = decision.status;
  writePatch(payment, patch);
  if (changed) payment.updatedAt = now;

  for (const effect of decision.effects) {
    switch (effect.type) {
      case 'charge_fee':
        payment.feeCharged = true;
        em.create(CreditLedgerEntry, {
          id: randomUUID(),
          businessId: payment.businessId,
          mode: payment.mode,
          kind: 'fee',
          amountUsd: `-${payment.feeUsd}`,
          paymentId: payment.id,
          createdAt: now,
        });
        break;
      case 'reverse_fee':
        payment.feeCharged = false;
        em.create(CreditLedgerEntry, {
          id: randomUUID(),
          businessId: payment.businessId,
          mode: payment.mode,
          kind: 'fee_reversal',
          amountUsd: payment.feeUsd,
          paymentId: payment.id,
          createdAt: now,
        });
        break;
      case 'schedule_timer':
        await scheduleTimer(em, payment.id, effect.timer, effect.at);
        break;
      case 'cancel_timers':
        await cancelTimers(em, payment.id);
        break;
      case 'release_deposit_target':
        gateway.log.info(
          { paymentId: payment.id },
          'late grace over on an unpaid payment; deposit target released',
        );
        break;
      case 'hold_transfers':
      case 'mark_transfer_reported':
        break; // applied by markTransfers above
    }
  }
  await em.flush();

  const aggregate = await loadAggregate(em, payment);
  for (const emitted of decision.emitted) {
    const id = randomUUID();
    em.create(OutboxEvent, {
      id,
      businessId: payment.businessId,
      apiKeyId: payment.apiKeyId,
      mode: payment.mode,
      paymentId: payment.id,
      invoiceId: payment.invoiceId ?? null,
      event: emitted.name,
      payload: {
        id: `evt_${id}`,
        event: emitted.name,
        created_at: rfc3339(now),
        data: eventData(gateway, aggregate, fieldsBefore, emitted),
      },
      createdAt: now,
    });
  }
  await em.flush();
  for (const follow of gateway.paymentFollowers) await follow(gateway, em, payment, before, decision.emitted);
  return aggregate;
}
