import type { Mode, PaymentStatus } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type CreditOutlook, loadCreditOutlook } from '../credit/creditOutlook.js';
import { type FailingEndpoint, listFailingEndpoints } from '../webhooks/listFailingEndpoints.js';

/** A payment waiting for the merchant (underpaid: accept or wait; refund requested: send it). */
export interface AttentionPayment {
  readonly id: string;
  readonly status: PaymentStatus;
  readonly fiat_amount: string;
  readonly fiat_currency: string;
  readonly order_id: string | null;
  readonly updated_at: Date;
}

/** A wallet whose one-time on-chain setup failed (payments cannot use it). */
export interface FailedWallet {
  readonly id: string;
  readonly chain_id: string;
  readonly value: string;
  readonly onboarding_error: string | null;
}

/** A live wallet waiting for its owner's confirmation from the mailed link (payments do not use it). */
export interface UnconfirmedWallet {
  readonly id: string;
  readonly chain_id: string;
}

/** One mode's figures for today (UTC). */
export interface TodayTotals {
  readonly mode: Mode;
  readonly created: number;
  readonly confirmed: number;
  /** Confirmed today, summed per fiat currency (decimal strings). */
  readonly confirmedAmounts: readonly { readonly currency: string; readonly amount: string }[];
}

/** What the dashboard's home shows for a business in the current mode. */
export interface HomeFacts {
  readonly attention: readonly AttentionPayment[];
  /** How many payments wait, per status (the list above is capped). */
  readonly attentionCounts: Readonly<Partial<Record<PaymentStatus, number>>>;
  readonly failingEndpoints: readonly FailingEndpoint[];
  readonly failedWallets: readonly FailedWallet[];
  readonly unconfirmedWallets: readonly UnconfirmedWallet[];
  readonly credit: CreditOutlook;
  readonly today: readonly TodayTotals[];
}

const MODES: readonly Mode[] = ['test', 'live'];
const ATTENTION_STATUSES: readonly PaymentStatus[] = ['underpaid', 'refund_requested'];

/**
 * The home page's facts: what needs the merchant now and today's totals per mode. Every query is an
 * index range (payments by status, today's payments by creation and confirmation time, one
 * business's endpoints and wallets), so the page costs the same at a million payments.
 */
export async function loadHomeFacts(
  orm: MikroORM,
  input: { readonly businessId: string; readonly mode: Mode; readonly now: Date },
): Promise<HomeFacts> {
  const { businessId, mode, now } = input;
  const sql = orm.em.fork().getConnection();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const attention = await sql.execute<AttentionPayment[]>(
    `select id, status, fiat_amount::text as fiat_amount, fiat_currency, order_id, updated_at
       from payments where business_id = ? and mode = ? and status in ('underpaid', 'refund_requested')
      order by created_at desc, id desc limit 10`,
    [businessId, mode],
  );
  const counts = await sql.execute<{ status: PaymentStatus; n: number }[]>(
    `select status, count(*)::int as n from payments
      where business_id = ? and mode = ? and status in ('underpaid', 'refund_requested') group by status`,
    [businessId, mode],
  );
  const failingEndpoints = await listFailingEndpoints(orm, { businessId, mode, now });
  const failedWallets = await sql.execute<FailedWallet[]>(
    `select id, chain_id, value, onboarding_error from wallets
      where business_id = ? and mode = ? and removed_at is null and onboarding_status = 'failed'
      order by chain_id`,
    [businessId, mode],
  );
  const unconfirmedWallets = await sql.execute<UnconfirmedWallet[]>(
    `select id, chain_id from wallets
      where business_id = ? and mode = ? and removed_at is null and confirmed_at is null order by chain_id`,
    [businessId, mode],
  );
  const credit = await loadCreditOutlook(orm, businessId, mode, now);
  const todayTotals: TodayTotals[] = [];
  for (const m of MODES) {
    const [created] = await sql.execute<{ n: number }[]>(
      'select count(*)::int as n from payments where business_id = ? and mode = ? and created_at >= ?',
      [businessId, m, today],
    );
    const confirmed = await sql.execute<{ currency: string; amount: string; n: number }[]>(
      `select fiat_currency as currency, sum(fiat_amount)::text as amount, count(*)::int as n from payments
        where business_id = ? and mode = ? and confirmed_at >= ? group by fiat_currency order by fiat_currency`,
      [businessId, m, today],
    );
    todayTotals.push({
      mode: m,
      created: created?.n ?? 0,
      confirmed: confirmed.reduce((sum, row) => sum + row.n, 0),
      confirmedAmounts: confirmed.map((row) => ({ currency: row.currency, amount: row.amount })),
    });
  }
  return {
    attention,
    attentionCounts: Object.fromEntries(
      ATTENTION_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0]),
    ),
    failingEndpoints,
    failedWallets,
    unconfirmedWallets,
    credit,
    today: todayTotals,
  };
}
