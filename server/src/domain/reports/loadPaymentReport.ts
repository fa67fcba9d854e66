import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '../accounts/runSql.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type ConfirmedVolume, loadConfirmedVolume } from '../overview/loadVolumeHistory.js';

/** The longest range a report covers, in UTC days (a leap year). */
export const MAX_REPORT_DAYS = 366;

/** One UTC day's payments: created that day, confirmed that day, expired (window closed) that day. */
export interface DayFlow {
  /** `YYYY-MM-DD` (UTC). */
  readonly day: string;
  readonly created: number;
  readonly confirmed: number;
  readonly expired: number;
}

/** The confirmed fiat amount of one chain in one fiat currency. */
export interface ChainVolume {
  readonly chainId: string;
  readonly currency: string;
  readonly payments: number;
  readonly amount: string;
}

/** How long the payments confirmed on one chain in the range took from creation to `confirmed`. */
export interface ChainConfirmationTime {
  readonly chainId: string;
  readonly payments: number;
  /** The median (PostgreSQL `percentile_cont(0.5)`: the mean of the middle two for an even count). */
  readonly medianSeconds: number;
}

/** The counts of the range as a whole. */
export interface ReportTotals {
  readonly created: number;
  readonly confirmed: number;
  readonly expired: number;
  /** Payments that became underpaid in the range (their `payment.underpaid` events). */
  readonly underpaid: number;
  /** Payments confirmed in the range with more than the overpayment threshold. */
  readonly overpaid: number;
}

/** One business's payments in one mode over a range of whole UTC days. */
export interface PaymentReport extends ConfirmedVolume {
  readonly mode: Mode;
  /** First and last day of the range (`YYYY-MM-DD`, UTC, inclusive). */
  readonly from: string;
  readonly to: string;
  /** Per chain and fiat currency, the largest amount first within a currency. */
  readonly byChain: readonly ChainVolume[];
  /** Every day of the range, oldest first. */
  readonly flow: readonly DayFlow[];
  readonly totals: ReportTotals;
  /** Per chain with a confirmed payment in the range, the slowest median first. */
  readonly confirmationTimes: readonly ChainConfirmationTime[];
}

const DAY_MS = 86_400_000;
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Per chain and fiat currency, the payments confirmed in the range (`payments_confirmed_at_idx`). */
function loadChainVolume(em: EntityManager, params: readonly unknown[]): Promise<ChainVolume[]> {
  return runSql<ChainVolume[]>(
    em,
    `select selected_chain_id as "chainId", fiat_currency as currency,
            count(*)::int as payments, sum(fiat_amount)::text as amount
       from payments
      where business_id = ? and mode = ? and confirmed_at >= ? and confirmed_at < ?
        and selected_chain_id is not null
      group by 1, 2
      order by currency, sum(fiat_amount) desc, 1`,
    params,
  );
}

/**
 * Per day, the payments created (by `created_at`), confirmed (by `confirmed_at`) and expired (now in an
 * expired status, by `expires_at`, the moment their window closed), each through its own index.
 */
function loadFlow(em: EntityManager, params: readonly unknown[]) {
  const day = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const where = 'business_id = ? and mode = ?';
  return runSql<{ kind: 'created' | 'confirmed' | 'expired'; day: string; n: number }[]>(
    em,
    `select 'created' as kind, ${day('created_at')} as day, count(*)::int as n
       from payments where ${where} and created_at >= ? and created_at < ? group by 2
     union all
     select 'confirmed', ${day('confirmed_at')}, count(*)::int
       from payments where ${where} and confirmed_at >= ? and confirmed_at < ? group by 2
     union all
     select 'expired', ${day('expires_at')}, count(*)::int
       from payments where ${where} and status in ('expired', 'expired_underpaid')
        and expires_at >= ? and expires_at < ? group by 2`,
    [...params, ...params, ...params],
  );
}

/** Payments that became underpaid in the range, and those confirmed in it overpaid. */
async function loadShortAndOver(em: EntityManager, params: readonly unknown[]) {
  const [row] = await runSql<{ underpaid: number; overpaid: number }[]>(
    em,
    `select (select count(distinct payment_id)::int from outbox_events
              where business_id = ? and mode = ? and event = 'payment.underpaid'
                and created_at >= ? and created_at < ?) as underpaid,
            (select count(*)::int from payments
              where business_id = ? and mode = ? and confirmed_at >= ? and confirmed_at < ?
                and overpaid) as overpaid`,
    [...params, ...params],
  );
  return row ?? { underpaid: 0, overpaid: 0 };
}

/** The median time from creation to `confirmed` of the payments confirmed in the range, per chain. */
function loadConfirmationTimes(em: EntityManager, params: readonly unknown[]) {
  return runSql<ChainConfirmationTime[]>(
    em,
    `select selected_chain_id as "chainId", count(*)::int as payments,
            percentile_cont(0.5) within group (order by extract(epoch from confirmed_at - created_at))::float8
              as "medianSeconds"
       from payments
      where business_id = ? and mode = ? and confirmed_at >= ? and confirmed_at < ?
        and selected_chain_id is not null
      group by 1
      order by 3 desc, 1`,
    params,
  );
}

/**
 * The report of one business in one mode over the UTC days `from` to `to` (inclusive, `YYYY-MM-DD`, at
 * most {@link MAX_REPORT_DAYS}): confirmed volume per day, coin and chain, payments created, confirmed
 * and expired per day, underpaid and overpaid counts, and the median time to `confirmed` per chain.
 * Every figure is one grouped SQL statement on an index of `(business_id, mode, <time>)`; amounts are
 * decimal strings summed as `numeric`.
 */
export async function loadPaymentReport(
  gateway: Pick<Gateway, 'orm'>,
  input: { readonly businessId: string; readonly mode: Mode; readonly from: string; readonly to: string },
): Promise<PaymentReport> {
  const { businessId, mode } = input;
  const from = new Date(`${input.from}T00:00:00Z`);
  const end = new Date(new Date(`${input.to}T00:00:00Z`).getTime() + DAY_MS);
  const length = Math.round((end.getTime() - from.getTime()) / DAY_MS);
  if (!(length >= 1 && length <= MAX_REPORT_DAYS)) {
    throw new RangeError(`A report covers 1 to ${MAX_REPORT_DAYS} days, not ${input.from} to ${input.to}.`);
  }
  const params = [businessId, mode, from, end];
  const em = gateway.orm.em;
  const [volume, byChain, flowRows, shortAndOver, confirmationTimes] = await Promise.all([
    loadConfirmedVolume(em.fork(), { businessId, mode, from, end }),
    loadChainVolume(em.fork(), params),
    loadFlow(em.fork(), params),
    loadShortAndOver(em.fork(), params),
    loadConfirmationTimes(em.fork(), params),
  ]);
  const counts = new Map(flowRows.map((r) => [`${r.kind} ${r.day}`, r.n]));
  const days = Array.from({ length }, (_, i) => dayText(new Date(from.getTime() + i * DAY_MS)));
  const flow = days.map((day) => ({
    day,
    created: counts.get(`created ${day}`) ?? 0,
    confirmed: counts.get(`confirmed ${day}`) ?? 0,
    expired: counts.get(`expired ${day}`) ?? 0,
  }));
  const sum = (kind: 'created' | 'confirmed' | 'expired') => flow.reduce((n, d) => n + d[kind], 0);
  return {
    mode,
    from: input.from,
    to: input.to,
    ...volume,
    byChain,
    flow,
    totals: {
      created: sum('created'),
      confirmed: sum('confirmed'),
      expired: sum('expired'),
      ...shortAndOver,
    },
    confirmationTimes,
  };
}
