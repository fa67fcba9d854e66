import { ApiError } from '../../platform/runtime/ApiError.js';
import { runSql } from '../accounts/runSql.js';
import type { Gateway } from '../gateway/Gateway.js';
import { ATTACHABLE_KINDS, ATTACHABLE_STATUSES } from '../strayFunds/attachableStatuses.js';
import { lockStrayFunds, resolveStrayFunds } from '../strayFunds/loadStrayFunds.js';
import type { StrayFundsRow } from '../strayFunds/strayFundsRow.js';
import { writeStrayFundsEvent } from '../strayFunds/writeStrayFundsEvent.js';
import { lockPayment, type PaymentScope } from './lockPayment.js';
import { recordTransferObservations } from './recordTransferObservation.js';

/**
 * Counts stray money toward an open payment of the same business, mode, chain and coin, as a top-up
 * is counted: the transfer becomes a sighting of that payment in the chain watcher's store (so the
 * watcher keeps following its depth and a reorg that removes it), and is reported at once through
 * recordTransferObservations; the lifecycle module decides the payment's status. Only money that
 * reached the merchant's own account (a missing tag or memo) can be attached: another coin on a
 * payment's deposit address sits on that payment's forwarder, not where another payment is swept from.
 *
 * @throws {ApiError} NOT_FOUND for a row or payment of another business or mode;
 *   INVALID_PAYMENT_STATE when the row is resolved, removed, of another coin or chain, or already counted,
 *   or the payment no longer takes money.
 */
export async function attachStrayFunds(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  paymentId: string,
): Promise<StrayFundsRow> {
  const attached = await gateway.orm.em.fork().transactional(async (em) => {
    const row = await lockStrayFunds(em, scope, id);
    if (row.status !== 'open') {
      throw new ApiError('INVALID_PAYMENT_STATE', `This stray transfer was ${row.status} already.`);
    }
    if (row.removed) throw new ApiError('INVALID_PAYMENT_STATE', 'This transfer left the chain (a reorg).');
    if (row.kind === 'other_coin') {
      throw new ApiError(
        'INVALID_PAYMENT_STATE',
        'This money sits on another payment’s deposit address; it cannot count toward a payment.',
      );
    }
    if (!ATTACHABLE_KINDS.includes(row.kind)) {
      throw new ApiError(
        'INVALID_PAYMENT_STATE',
        'This money is not in your account yet; it cannot be attached.',
      );
    }
    const payment = await lockPayment(em, scope, paymentId);
    if (!(ATTACHABLE_STATUSES as readonly string[]).includes(payment.status)) {
      throw new ApiError('INVALID_PAYMENT_STATE', 'That payment no longer takes money.');
    }
    if (payment.selectedChainId !== row.chain_id || payment.selectedCoinSymbol !== row.coin_symbol) {
      throw new ApiError(
        'INVALID_PAYMENT_STATE',
        `That payment is not paid in ${row.coin_symbol} on ${row.chain_id}.`,
      );
    }
    if (row.block_hash !== null && row.block_height !== null) {
      const [stored] = await runSql<{ hash: string }[]>(
        em,
        'select hash from chain_blocks where chain_id = ? and height = ?',
        [row.chain_id, row.block_height],
      );
      if (stored && stored.hash !== row.block_hash) {
        throw new ApiError('INVALID_PAYMENT_STATE', 'This transfer’s block left the chain (a reorg).');
      }
    }
    const now = gateway.clock.now();
    const inserted = await runSql<{ tx_id: string }[]>(
      em,
      `insert into chain_sightings (chain_id, tx_id, output_index, payment_id, coin_symbol, amount,
         block_hash, block_height, depth_cap, first_seen_at, updated_at)
       select ?, ?, ?, p.id, ?, ?::numeric, ?, ?, greatest(coalesce(p.required_confirmations, 1), 1), ?, ?
         from payments p where p.id = ?
       on conflict (chain_id, tx_id, output_index) do nothing
       returning tx_id`,
      [
        row.chain_id,
        row.tx_id,
        row.output_index,
        row.coin_symbol,
        row.amount,
        row.block_hash,
        row.block_height,
        now.toISOString(),
        now.toISOString(),
        payment.id,
      ],
    );
    if (inserted.length === 0) {
      throw new ApiError('INVALID_PAYMENT_STATE', 'This transfer already counts toward a payment.');
    }
    const resolved = await resolveStrayFunds(em, id, {
      status: 'attached',
      note: null,
      attachedPaymentId: payment.id,
      at: now,
    });
    await writeStrayFundsEvent(gateway, em, resolved, 'stray_funds.resolved');
    return resolved;
  });
  // Counted at once, at the depth the watcher's cursor gives it (the watcher reports it again, unchanged).
  const [cursor] = await runSql<{ height: string }[]>(
    gateway.orm.em.fork(),
    'select height::text as height from chain_cursors where chain_id = ?',
    [attached.chain_id],
  );
  const [cap] = await runSql<{ depth_cap: number }[]>(
    gateway.orm.em.fork(),
    'select depth_cap from chain_sightings where chain_id = ? and tx_id = ? and output_index = ?',
    [attached.chain_id, attached.tx_id, attached.output_index],
  );
  const depth =
    attached.block_height === null || !cursor
      ? 0
      : Number(BigInt(cursor.height) - BigInt(attached.block_height) + 1n);
  await recordTransferObservations(gateway, paymentId, [
    {
      paymentId,
      chainId: attached.chain_id,
      coinSymbol: attached.coin_symbol,
      txId: attached.tx_id,
      outputIndex: Number(attached.output_index),
      amount: BigInt(attached.amount),
      confirmations: Math.max(0, Math.min(depth, Number(cap?.depth_cap ?? 1))),
      removed: false,
    },
  ]);
  return attached;
}
