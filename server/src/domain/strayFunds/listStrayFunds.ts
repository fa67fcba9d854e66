import { readKeysetPage } from '../../platform/db/readKeysetPage.js';
import { runSql } from '../accounts/runSql.js';
import type { Gateway } from '../gateway/Gateway.js';
import { ATTACHABLE_KINDS, ATTACHABLE_STATUSES } from './attachableStatuses.js';
import type { StrayScope } from './StrayScope.js';
import { STRAY_FUNDS_COLUMNS, type StrayFundsRow } from './strayFundsRow.js';

/** An open payment stray money may belong to: same chain and coin, still taking money. */
export interface StrayCandidate {
  readonly id: string;
  readonly status: string;
  readonly lockedAmount: string | null;
  readonly depositAddress: string | null;
  readonly depositMemo: string;
  readonly orderId: string | null;
  readonly createdAt: Date;
  /** The same amount as the stray transfer, to the same address or account. */
  readonly likely: boolean;
}

/** The sweep that moves a stray coin from its forwarder to the merchant's treasury. */
export interface StraySweep {
  readonly txHash: string;
  readonly status: 'sent' | 'confirmed' | 'failed';
}

/** One stray transfer and the open payments it may belong to (the likeliest first). */
export interface StrayFundsItem {
  readonly row: StrayFundsRow;
  readonly candidates: readonly StrayCandidate[];
  /** Another coin on a forwarder: the sweep moving it to the treasury, once one was sent. */
  readonly sweep?: StraySweep;
}

/** How many stray transfers a page lists (newest first) and candidates it offers per transfer. */
export const STRAY_LIST_LIMIT = 100;
const CANDIDATES = 5;

/** One page of stray funds, and the id to read the next (older) page after; null on the last. */
export interface StrayFundsPage {
  readonly items: StrayFundsItem[];
  readonly next: string | null;
}

/** The first page of {@link listStrayFundsPage}'s list. */
export async function listStrayFunds(gateway: Gateway, scope: StrayScope): Promise<StrayFundsItem[]> {
  return (await listStrayFundsPage(gateway, scope)).items;
}

/**
 * The stray funds of a business in one mode, newest first, a page at a time (keyset: after the row
 * `after`, which must be the business's in that mode, else the page is empty), each with the open
 * payments on its chain and coin it may belong to: the same amount to the same address or account
 * first, then the same address, then the newest. Test and live never mix.
 */
export async function listStrayFundsPage(
  gateway: Gateway,
  scope: StrayScope,
  options: { readonly after?: string; readonly limit?: number } = {},
): Promise<StrayFundsPage> {
  const em = gateway.orm.em.fork();
  const limit = options.limit ?? STRAY_LIST_LIMIT;
  const page = await readKeysetPage<StrayFundsRow>(em, {
    select: `select ${STRAY_FUNDS_COLUMNS} from stray_funds s`,
    where: ['s.business_id = ?', 's.mode = ?'],
    params: [scope.businessId, scope.mode],
    key: [{ column: 's.found_at' }, { column: 's.id' }],
    after: options.after
      ? {
          sql: 'select found_at, id from stray_funds where id = ? and business_id = ? and mode = ?',
          params: [options.after, scope.businessId, scope.mode],
          whenMissing: 'empty',
        }
      : undefined,
    limit,
  });
  const rows = page.rows;
  const sweepIds = rows.flatMap((row) => (row.sweep_id ? [row.sweep_id] : []));
  const sweeps = new Map(
    sweepIds.length === 0
      ? []
      : (
          await runSql<{ id: string; tx_hash: string; status: StraySweep['status'] }[]>(
            em,
            'select id, tx_hash, status from evm_sweeps where id = any(?::uuid[])',
            [`{${sweepIds.join(',')}}`],
          )
        ).map((s) => [s.id, { txHash: s.tx_hash, status: s.status }] as const),
  );
  const items: StrayFundsItem[] = [];
  for (const row of rows) {
    const candidates =
      row.status === 'open' && ATTACHABLE_KINDS.includes(row.kind) && !row.removed
        ? await findCandidates(gateway, scope, row)
        : [];
    const sweep = row.sweep_id ? sweeps.get(row.sweep_id) : undefined;
    items.push({ row, candidates, ...(sweep ? { sweep } : {}) });
  }
  return { items, next: page.hasMore ? (rows.at(-1)?.id ?? null) : null };
}

/** Open payments of the business on the row's chain and coin, the likeliest first. */
export async function findCandidates(
  gateway: Gateway,
  scope: StrayScope,
  row: Pick<StrayFundsRow, 'chain_id' | 'coin_symbol' | 'amount' | 'address'>,
): Promise<StrayCandidate[]> {
  const found = await runSql<
    {
      id: string;
      status: string;
      locked_amount: string | null;
      deposit_address: string | null;
      deposit_memo: string;
      order_id: string | null;
      created_at: Date;
      likely: boolean;
    }[]
  >(
    gateway.orm.em.fork(),
    `select id, status, locked_amount::text as locked_amount, deposit_address, deposit_memo, order_id, created_at,
            (locked_amount = ?::numeric and deposit_address = ?) as likely
       from payments
      where business_id = ? and mode = ? and selected_chain_id = ? and selected_coin_symbol = ?
        and status in (${ATTACHABLE_STATUSES.map(() => '?').join(', ')})
      order by (locked_amount = ?::numeric and deposit_address = ?) desc, (deposit_address = ?) desc,
               created_at desc
      limit ?`,
    [
      row.amount,
      row.address,
      scope.businessId,
      scope.mode,
      row.chain_id,
      row.coin_symbol,
      ...ATTACHABLE_STATUSES,
      row.amount,
      row.address,
      row.address,
      CANDIDATES,
    ],
  );
  return found.map((c) => ({
    id: c.id,
    status: c.status,
    lockedAmount: c.locked_amount,
    depositAddress: c.deposit_address,
    depositMemo: c.deposit_memo,
    orderId: c.order_id,
    createdAt: new Date(c.created_at),
    likely: c.likely === true,
  }));
}
