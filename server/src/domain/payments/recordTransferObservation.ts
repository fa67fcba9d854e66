import { randomUUID } from 'node:crypto';
import { Payment, Transfer } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { recordStrayFunds } from '../strayFunds/recordStrayFunds.js';
import { lockPayment } from './lockPayment.js';
import type { PaymentAggregate } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

/**
 * `TransferObservation.outputIndex` of a relayed EIP-3009 transfer before its block is seen (its log
 * index is not known yet; see relayGaslessSettlements). When the watcher reports the `Transfer` log of
 * the same transaction, that transfer takes the log's index, so it is counted once.
 */
export const RELAYED_TRANSFER_INDEX = -3;

/** What a chain watcher saw of one output (or log) paying a deposit target. */
export interface TransferObservation {
  readonly paymentId: string;
  readonly chainId: string;
  readonly coinSymbol: string;
  readonly txId: string;
  /** Output index (UTXO) or log index (EVM); -1 where the family has none. */
  readonly outputIndex: number;
  /** Smallest units. */
  readonly amount: bigint;
  /** 0 in the mempool; n in a block n deep on the active chain. */
  readonly confirmations: number;
  /** Dropped by a reorg or a double-spend. */
  readonly removed: boolean;
}

/**
 * Records an observation (idempotent per chain, tx id and output index) and lets the lifecycle
 * module decide what it means. Watchers only report; they never set a status.
 */
export async function recordTransferObservation(
  gateway: Gateway,
  observation: TransferObservation,
): Promise<PaymentAggregate | undefined> {
  return recordTransferObservations(gateway, observation.paymentId, [observation]);
}

/**
 * Records several observations of one payment's transfers at once (what a watcher saw in one sync:
 * a reorg that moves one transfer and removes another) and asks the lifecycle once, so it decides on
 * the whole new view rather than on a half-applied one. Idempotent per chain, tx id and output index;
 * returns undefined when nothing changed or the payment does not exist.
 */
export async function recordTransferObservations(
  gateway: Gateway,
  paymentId: string,
  observations: readonly TransferObservation[],
): Promise<PaymentAggregate | undefined> {
  if (observations.some((o) => o.paymentId !== paymentId)) {
    throw new Error('recordTransferObservations: every observation must belong to the payment');
  }
  const em = gateway.orm.em.fork();
  const found = await em.findOne(Payment, { id: paymentId });
  if (!found) return undefined;
  return em.transactional(async (tx) => {
    const payment = await lockPayment(tx, found, found.id);
    const now = gateway.clock.now();
    let changed = false;
    for (const observation of observations) {
      if (observation.coinSymbol !== payment.selectedCoinSymbol) {
        // Another coin on the deposit address (ETH sent to a USDC payment's forwarder): it never counts
        // towards the amount (summing wei with USDC units would be wrong). It stays on the forwarder:
        // sweeps flush the payment's coin (docs/decisions.md, EVM chains). Recorded as stray funds,
        // shown to the merchant (docs/stray-funds.md).
        await recordStrayFunds(
          gateway,
          {
            owner: { businessId: payment.businessId, mode: payment.mode, apiKeyId: payment.apiKeyId },
            kind: 'other_coin',
            chainId: observation.chainId,
            coinSymbol: observation.coinSymbol,
            txId: observation.txId,
            outputIndex: observation.outputIndex,
            address: payment.depositAddress ?? '',
            tag: null,
            amount: observation.amount,
            paymentId: payment.id,
            block: null,
            confirmations: observation.confirmations,
            removed: observation.removed,
          },
          tx,
        );
        continue;
      }
      const existing = await tx.findOne(Transfer, {
        chainId: observation.chainId,
        txId: observation.txId,
        outputIndex: observation.outputIndex,
      });
      // A relayed gasless transfer, seen in its block: the placeholder recorded at relay time
      // (RELAYED_TRANSFER_INDEX) becomes this transfer, so it is counted once.
      const relayed = existing
        ? null
        : await tx.findOne(Transfer, {
            paymentId: payment.id,
            chainId: observation.chainId,
            txId: observation.txId,
            outputIndex: RELAYED_TRANSFER_INDEX,
            removed: false,
          });
      if (relayed && observation.outputIndex !== RELAYED_TRANSFER_INDEX) {
        relayed.outputIndex = observation.outputIndex;
        relayed.confirmations = observation.confirmations;
        relayed.removed = observation.removed;
        relayed.updatedAt = now;
        changed = true;
        continue;
      }
      if (existing) {
        const unchanged =
          existing.confirmations === observation.confirmations &&
          existing.removed === observation.removed &&
          existing.amount === observation.amount.toString();
        if (unchanged) continue;
        existing.confirmations = observation.confirmations;
        existing.removed = observation.removed;
        existing.updatedAt = now;
      } else {
        tx.create(Transfer, {
          id: randomUUID(),
          paymentId: payment.id,
          chainId: observation.chainId,
          coinSymbol: observation.coinSymbol,
          txId: observation.txId,
          outputIndex: observation.outputIndex,
          amount: observation.amount.toString(),
          confirmations: observation.confirmations,
          removed: observation.removed,
          detectedAt: now,
          updatedAt: now,
        });
      }
      changed = true;
    }
    if (!changed) return undefined;
    await tx.flush();
    return transitionPayment(gateway, tx, payment, { type: 'transfers_changed' });
  });
}
