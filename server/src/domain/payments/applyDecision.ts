import { randomUUID } from 'node:crypto';
import { formatUnits } from '@cairn/chain-core';
import type { ChainId } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CreditLedgerEntry, type IPayment, OutboxEvent, Transfer } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { Decision, EmittedEvent } from '../lifecycle/types.js';
import { cancelTimers, scheduleTimer } from './jobs.js';
import { transferKey } from './lifecycleSnapshot.js';
import { loadAggregate, type PaymentAggregate, rfc3339, serializePayment } from './serializePayment.js';

type OkDecision = Extract<Decision, { ok: true }>;

function eventData(
  gateway: Gateway,
  aggregate: PaymentAggregate,
  emitted: EmittedEvent,
): Record<string, unknown> {
  const payment = serializePayment(gateway.config, aggregate);
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
  const marked = await markTransfers(em, payment, decision);
  const changed =
    decision.status !== payment.status ||
    Object.keys(patch).length > 0 ||
    marked ||
    decision.emitted.length > 0;
  payment.status = decision.status;
  if (patch.revived !== undefined) payment.revived = patch.revived;
  if (patch.overpaid !== undefined) payment.overpaid = patch.overpaid;
  if (patch.feeCharged !== undefined) payment.feeCharged = patch.feeCharged;
  if (patch.cancelledBy !== undefined) payment.cancelledBy = patch.cancelledBy;
  if (patch.failureReason !== undefined) payment.failureReason = patch.failureReason;
  if (patch.confirmedAt !== undefined) payment.confirmedAt = patch.confirmedAt;
  if (patch.expiresAt !== undefined) payment.expiresAt = patch.expiresAt;
  if (patch.lateGraceEndsAt !== undefined) payment.lateGraceEndsAt = patch.lateGraceEndsAt;
  if (patch.confirmedAmount !== undefined) payment.confirmedAmount = patch.confirmedAmount.toString();
  if (patch.receivedAtExpiry !== undefined) payment.receivedAtExpiry = patch.receivedAtExpiry.toString();
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
        data: eventData(gateway, aggregate, emitted),
      },
      createdAt: now,
    });
  }
  await em.flush();
  for (const follow of gateway.paymentFollowers) await follow(gateway, em, payment, before, decision.emitted);
  return aggregate;
}
