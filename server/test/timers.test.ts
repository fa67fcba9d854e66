import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment } from '../src/platform/db/entities/index.js';
import { ManualClock } from '../src/platform/runtime/clock.js';
import { startWorkers } from '../src/workers/jobs/startWorkers.js';
import { startTestGateway, type TestGateway } from './harness/startTestGateway.js';

const MINUTE = 60_000;

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('payment timers (graphile-worker jobs written with the state change)', () => {
  // The clock starts 61 minutes in the past, so a 60-minute window scheduled now is already due in
  // real time; the test then moves the clock to the present and lets the real worker fire it.
  const clock = new ManualClock(new Date(Date.now() - 61 * MINUTE));
  let test: TestGateway;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${test.baseUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${test.apiKey}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const jobs = async (paymentId: string) =>
    test.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ key: string; run_at: Date }[]>(
        `select key, run_at from graphile_worker.jobs where key like ? order by key`,
        [`payment:${paymentId}:%`],
      );

  beforeAll(async () => {
    test = await startTestGateway({ clock });
  });
  afterAll(async () => {
    await test.stop();
  });

  async function pendingPayment(): Promise<string> {
    const response = await api('/api/v1/payments', {
      method: 'POST',
      body: JSON.stringify({ fiat_amount: '10.00', fiat_currency: 'EUR' }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  it('schedules the window timer at the new expires_at when a chain is picked, and cancel removes it', async () => {
    const id = await pendingPayment();
    const picked = await api(`/api/v1/checkout/${id}/select-chain`, {
      method: 'POST',
      body: JSON.stringify({ token: 'LTC_TESTNET:LTC' }),
    });
    expect(picked.status).toBe(200);
    const { data } = (await picked.json()) as { data: { expires_at: string } };
    expect(new Date(data.expires_at).getTime()).toBe(clock.now().getTime() + 60 * MINUTE);
    const [job] = await jobs(id);
    expect(job?.key).toBe(`payment:${id}:window`);
    expect(new Date(job!.run_at).toISOString()).toBe(new Date(data.expires_at).toISOString());

    expect((await api(`/api/v1/payments/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await jobs(id)).toEqual([]);
  });

  it('expires an unpaid payment when the window closes, then schedules the late-grace timer', async () => {
    const id = await pendingPayment();
    await api(`/api/v1/checkout/${id}/select-chain`, {
      method: 'POST',
      body: JSON.stringify({ token: 'BTC_TESTNET:BTC' }),
    });
    clock.set(new Date());
    const runner = await startWorkers(test.running.gateway, test.running.databaseUrl);
    try {
      const expired = await waitFor(async () => {
        const payment = await test.running.gateway.orm.em.fork().findOne(Payment, { id });
        return payment?.status === 'expired' ? payment : undefined;
      });
      expect(expired.status).toBe('expired');
      const events = await test.running.gateway.orm.em
        .fork()
        .getConnection()
        .execute<{ event: string }[]>('select event from outbox_events where payment_id = ? order by seq', [
          id,
        ]);
      expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.expired']);
      const scheduled = await jobs(id);
      expect(scheduled.map((j) => j.key)).toEqual([`payment:${id}:late_grace`]);
      expect(new Date(scheduled[0]!.run_at).toISOString()).toBe(expired.lateGraceEndsAt.toISOString());
    } finally {
      await runner.stop();
    }
  });
});
