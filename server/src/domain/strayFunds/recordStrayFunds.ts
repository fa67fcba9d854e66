import type { StrayFundsKind } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '../accounts/runSql.js';
import type { Gateway } from '../gateway/Gateway.js';
import { STRAY_FUNDS_COLUMNS, type StrayFundsRow } from './strayFundsRow.js';
import { writeStrayFundsEvent } from './writeStrayFundsEvent.js';

/** Whose stray money it is: the business and mode it is recorded for, and the API key its events go to. */
export interface StrayOwner {
  readonly businessId: string;
  readonly mode: 'test' | 'live';
  readonly apiKeyId: string | null;
}

/** One transfer that reached a merchant without counting toward a payment, as a watcher saw it. */
export interface StrayFundsInput {
  readonly owner: StrayOwner;
  readonly kind: StrayFundsKind;
  readonly chainId: string;
  readonly coinSymbol: string;
  readonly txId: string;
  readonly outputIndex: number;
  /** The deposit address or account the money reached. */
  readonly address: string;
  /** The tag or memo it carried (a wrong one); null without one. */
  readonly tag: string | null;
  /** Smallest units. */
  readonly amount: bigint;
  /** The payment whose deposit address it reached (another coin on a forwarder); null for an account. */
  readonly paymentId: string | null;
  readonly block: { readonly hash: string; readonly height: number } | null;
  readonly confirmations: number;
  readonly removed: boolean;
}

/**
 * Records stray money once per business, mode, chain, transaction and output index, and writes
 * `stray_funds.found` when the row is new; a later sighting of the same transfer only updates its depth
 * (or marks it removed by a reorg). Runs in the caller's transaction when given one.
 */
export async function recordStrayFunds(
  gateway: Gateway,
  input: StrayFundsInput,
  em: EntityManager = gateway.orm.em.fork(),
): Promise<{ row: StrayFundsRow; found: boolean }> {
  const run = async (tx: EntityManager) => {
    const now = gateway.clock.now();
    const [row] = await runSql<(StrayFundsRow & { inserted: boolean })[]>(
      tx,
      `insert into stray_funds (id, business_id, mode, api_key_id, chain_id, coin_symbol, tx_id, output_index,
         address, tag, kind, amount, payment_id, block_hash, block_height, confirmations, removed, found_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (business_id, mode, chain_id, tx_id, output_index) do update
         set confirmations = excluded.confirmations, removed = excluded.removed,
             block_hash = coalesce(excluded.block_hash, stray_funds.block_hash),
             block_height = coalesce(excluded.block_height, stray_funds.block_height)
       returning ${STRAY_FUNDS_COLUMNS}, (xmax = 0) as inserted`,
      [
        input.owner.businessId,
        input.owner.mode,
        input.owner.apiKeyId,
        input.chainId,
        input.coinSymbol,
        input.txId,
        input.outputIndex,
        input.address,
        input.tag,
        input.kind,
        input.amount.toString(),
        input.paymentId,
        input.block?.hash ?? null,
        input.block?.height ?? null,
        input.confirmations,
        input.removed,
        now.toISOString(),
      ],
    );
    if (!row) throw new Error('recordStrayFunds: the insert returned no row');
    const { inserted, ...stored } = row;
    if (inserted) {
      await writeStrayFundsEvent(gateway, tx, stored, 'stray_funds.found');
      gateway.log.warn(
        {
          chainId: input.chainId,
          txId: input.txId,
          kind: input.kind,
          address: input.address,
          amount: input.amount.toString(),
          coin: input.coinSymbol,
          businessId: input.owner.businessId,
        },
        'stray funds: money reached a merchant without counting toward any payment; shown on the dashboard',
      );
    }
    return { row: stored, found: inserted };
  };
  return em.isInTransaction() ? run(em) : em.transactional(run);
}
