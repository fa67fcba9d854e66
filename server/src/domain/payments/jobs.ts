import type { EntityManager } from '@mikro-orm/postgresql';

/** The graphile-worker task that fires a payment's window and late-grace timers. */
export const PAYMENT_TIMER_TASK = 'payment_timer';

export type TimerKind = 'window' | 'late_grace';

export interface PaymentTimerPayload {
  readonly paymentId: string;
  readonly timer: TimerKind;
}

const jobKey = (paymentId: string, timer: TimerKind) => `payment:${paymentId}:${timer}`;

async function sql(em: EntityManager, query: string, params: unknown[]): Promise<void> {
  await em.getConnection().execute(query, params, 'all', em.getTransactionContext());
}

/**
 * Schedules (or moves) a payment timer inside the caller's transaction, keyed per payment and
 * timer so rescheduling replaces the earlier job.
 */
export async function scheduleTimer(
  em: EntityManager,
  paymentId: string,
  timer: TimerKind,
  at: Date,
): Promise<void> {
  const payload: PaymentTimerPayload = { paymentId, timer };
  await sql(
    em,
    `select graphile_worker.add_job(?, ?::json, run_at => ?::timestamptz, job_key => ?, job_key_mode => 'replace', max_attempts => 25)`,
    [PAYMENT_TIMER_TASK, JSON.stringify(payload), at.toISOString(), jobKey(paymentId, timer)],
  );
}

/** Removes both timers of a payment inside the caller's transaction. */
export async function cancelTimers(em: EntityManager, paymentId: string): Promise<void> {
  for (const timer of ['window', 'late_grace'] as const) {
    await sql(em, 'select graphile_worker.remove_job(?)', [jobKey(paymentId, timer)]);
  }
}
