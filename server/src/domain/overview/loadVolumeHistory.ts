import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql } from '../accounts/runSql.js';

/** How many UTC days the home page's charts cover, today included. */
export const VOLUME_DAYS = 30;

/** One UTC day's confirmed volume in one fiat currency (a decimal string; `'0'` on a day without any). */
export interface DailyVolume {
  /** `YYYY-MM-DD` (UTC). */
  readonly day: string;
  readonly amount: string;
}

/** One fiat currency's confirmed volume, day by day, oldest first (every day of the window). */
export interface CurrencyVolume {
  readonly currency: string;
  /** How many payments confirmed in the window in this currency. */
  readonly payments: number;
  readonly total: string;
  readonly days: readonly DailyVolume[];
}

/** The fiat amount of the payments confirmed in the window that were paid with one coin on one chain. */
export interface CoinVolume {
  readonly chainId: string;
  readonly coin: string;
  readonly currency: string;
  readonly payments: number;
  readonly amount: string;
}

/** Confirmed volume of one business in one mode over the last {@link VOLUME_DAYS} UTC days. */
export interface VolumeHistory {
  readonly mode: Mode;
  /** The first day of the window (`YYYY-MM-DD`, UTC); the last is today. */
  readonly from: string;
  readonly to: string;
  /** Per fiat currency, the one with most confirmed payments first. */
  readonly byCurrency: readonly CurrencyVolume[];
  /** Per chain, coin and fiat currency, the largest amount first within a currency. */
  readonly byCoin: readonly CoinVolume[];
}

const DAY_MS = 86_400_000;
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** One range's confirmed volume: per currency (every day of the range) and per chain and coin. */
export interface ConfirmedVolume {
  readonly byCurrency: readonly CurrencyVolume[];
  readonly byCoin: readonly CoinVolume[];
}

/**
 * The confirmed fiat volume of one business in one mode over whole UTC days, `from` to `end` (exclusive,
 * both UTC midnights), by `confirmed_at`: per day and currency, days without payments as `'0'`, and per
 * selected chain and coin. Sums are `numeric` in SQL and decimal strings here, never JS numbers. Reads
 * through `payments_confirmed_at_idx`.
 */
export async function loadConfirmedVolume(
  em: EntityManager,
  input: { readonly businessId: string; readonly mode: Mode; readonly from: Date; readonly end: Date },
): Promise<ConfirmedVolume> {
  const { businessId, mode, from, end } = input;
  const daily = await runSql<{ currency: string; day: string; amount: string; n: number }[]>(
    em,
    `select fiat_currency as currency, to_char(confirmed_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            sum(fiat_amount)::text as amount, count(*)::int as n
       from payments
      where business_id = ? and mode = ? and confirmed_at >= ? and confirmed_at < ?
      group by 1, 2`,
    [businessId, mode, from, end],
  );
  const byCoin = await runSql<
    { chainId: string; coin: string; currency: string; payments: number; amount: string }[]
  >(
    em,
    `select selected_chain_id as "chainId", selected_coin_symbol as coin, fiat_currency as currency,
            count(*)::int as payments, sum(fiat_amount)::text as amount
       from payments
      where business_id = ? and mode = ? and confirmed_at >= ? and confirmed_at < ?
        and selected_chain_id is not null and selected_coin_symbol is not null
      group by 1, 2, 3
      order by currency, sum(fiat_amount) desc, 1, 2`,
    [businessId, mode, from, end],
  );
  const totals = await runSql<{ currency: string; total: string; n: number }[]>(
    em,
    `select fiat_currency as currency, sum(fiat_amount)::text as total, count(*)::int as n
       from payments
      where business_id = ? and mode = ? and confirmed_at >= ? and confirmed_at < ?
      group by 1 order by n desc, 1`,
    [businessId, mode, from, end],
  );
  const length = Math.round((end.getTime() - from.getTime()) / DAY_MS);
  const days = Array.from({ length }, (_, i) => dayText(new Date(from.getTime() + i * DAY_MS)));
  const byCurrency = totals.map((t) => {
    const amounts = new Map(daily.filter((d) => d.currency === t.currency).map((d) => [d.day, d.amount]));
    return {
      currency: t.currency,
      payments: t.n,
      total: t.total,
      days: days.map((day) => ({ day, amount: amounts.get(day) ?? '0' })),
    };
  });
  return { byCurrency, byCoin };
}

/**
 * The confirmed fiat volume of one business in one mode over the last {@link VOLUME_DAYS} UTC days
 * (today included): {@link loadConfirmedVolume} over that window.
 */
export async function loadVolumeHistory(
  em: EntityManager,
  input: { readonly businessId: string; readonly mode: Mode; readonly now: Date },
): Promise<VolumeHistory> {
  const { businessId, mode, now } = input;
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(todayStart - (VOLUME_DAYS - 1) * DAY_MS);
  const end = new Date(todayStart + DAY_MS);
  const { byCurrency, byCoin } = await loadConfirmedVolume(em, { businessId, mode, from, end });
  return { mode, from: dayText(from), to: dayText(new Date(todayStart)), byCurrency, byCoin };
}
