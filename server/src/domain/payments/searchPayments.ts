import type { Mode, PaymentStatus } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { paymentFilterConditions } from './paymentFilterConditions.js';

/** One row of the dashboard's payments list: what the table shows, nothing more. */
export interface PaymentListRow {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly fiat_amount: string;
  readonly fiat_currency: string;
  readonly order_id: string | null;
  readonly customer_email: string | null;
  readonly selected_chain_id: string | null;
  readonly selected_coin_symbol: string | null;
  readonly overpaid: boolean;
  readonly revived: boolean;
  readonly created_at: Date;
}

/** What the list is narrowed to; every field is optional but the business and mode. */
export interface PaymentSearch {
  readonly businessId: string;
  readonly mode: Mode;
  /** Any of these statuses (none: every status). */
  readonly statuses?: readonly PaymentStatus[];
  /** A payment id, a customer email (case-insensitive) or an order_id, told apart by their shape. */
  readonly query?: string;
  /** Created at or after. */
  readonly createdFrom?: Date;
  /** Created before. */
  readonly createdBefore?: Date;
  /** The id of the last row of the previous page. */
  readonly after?: string;
  /** Rows per page: default 25, at most 100. */
  readonly limit?: number;
}

export interface PaymentListPage {
  readonly rows: readonly PaymentListRow[];
  /** The cursor of the next page (the last row's id), or null on the last page. */
  readonly next: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The dashboard's payments list: newest first, keyset-paged on (created_at, id) so a page deep in a
 * million payments costs what the first does (each filter has an index that keeps that order:
 * `payments_list_idx`, `payments_status_list_idx`, `payments_customer_email_idx`,
 * `payments_order_list_idx`), always within one business and mode. A cursor of another business or
 * mode matches nothing and yields an empty page.
 */
export async function searchPayments(em: EntityManager, search: PaymentSearch): Promise<PaymentListPage> {
  const limit = Math.min(Math.max(search.limit ?? 25, 1), 100);
  // The statuses are not among these conditions: several are merged below, one index scan each.
  const { where, params } = paymentFilterConditions({
    businessId: search.businessId,
    mode: search.mode,
    search: search.query,
    createdFrom: search.createdFrom,
    createdBefore: search.createdBefore,
  });
  if (search.after) {
    if (!UUID.test(search.after)) return { rows: [], next: null };
    where.push(`(p.created_at, p.id) < (select c.created_at, c.id from payments c
      where c.id = ?::uuid and c.business_id = ? and c.mode = ?)`);
    params.push(search.after, search.businessId, search.mode);
  }
  const select = (extra: string) => `select p.id, p.status, p.fiat_amount::text as fiat_amount,
            p.fiat_currency, p.order_id, p.customer_email, p.selected_chain_id, p.selected_coin_symbol, p.overpaid, p.revived,
            p.created_at
       from payments p
      where ${[...where, ...(extra ? [extra] : [])].join(' and ')}
      order by p.created_at desc, p.id desc
      limit ?`;
  const statuses = search.statuses ?? [];
  let sql: string;
  let values: unknown[];
  if (statuses.length <= 1) {
    sql = select(statuses.length === 1 ? 'p.status = ?' : '');
    values = [...params, ...statuses, limit + 1];
  } else {
    // Several statuses: one keyset scan of `payments_status_list_idx` per status, merged. A single
    // `status in (...)` cannot take its order from that index, and walking `payments_list_idx` instead
    // costs as much as the rows skipped when the statuses lie far back in time.
    sql = `select * from (${statuses.map((_) => `(${select('p.status = ?')})`).join(' union all ')}) u
      order by u.created_at desc, u.id desc limit ?`;
    values = [...statuses.flatMap((status) => [...params, status, limit + 1]), limit + 1];
  }
  const rows = await em.getConnection().execute<PaymentListRow[]>(sql, values);
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
