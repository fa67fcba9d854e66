import { randomUUID } from 'node:crypto';
import type { TestGateway } from '../harness/startTestGateway.js';

const DAY = 86_400_000;

/**
 * Writes confirmed test-mode payments of the test business on some of the last 30 days before `now`,
 * in LTC and BTC, so the home page's charts have a month to draw (rows straight in SQL, with their
 * creation and confirmation times; the payments have no transfers).
 */
export async function seedConfirmedVolume(test: TestGateway, now: Date): Promise<number> {
  const days = [1, 2, 3, 5, 6, 8, 11, 12, 15, 17, 18, 21, 24, 26, 29];
  const connection = test.running.gateway.orm.em.fork().getConnection();
  for (const [index, daysAgo] of days.entries()) {
    const confirmed = new Date(now.getTime() - daysAgo * DAY);
    const created = new Date(confirmed.getTime() - 20 * 60_000);
    const amount = `${40 + ((index * 37) % 160)}.${String((index * 13) % 100).padStart(2, '0')}`;
    const [chain, coin] = index % 3 === 0 ? ['BTC_TESTNET', 'BTC'] : ['LTC_REGTEST', 'LTC'];
    await connection.execute(
      `insert into payments (id, business_id, api_key_id, mode, status, fiat_amount, fiat_currency,
         underpayment_tolerance_bps, overpayment_threshold_bps, expires_at, late_grace_ends_at,
         selected_chain_id, selected_coin_symbol, order_id, confirmed_at, created_at, updated_at)
       values (?, ?, ?, 'test', 'confirmed', ?, 'USD', 50, 100, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        randomUUID(),
        test.businessId,
        test.apiKeyId,
        amount,
        created,
        created,
        chain,
        coin,
        `order-${1000 + index}`,
        confirmed,
        created,
        confirmed,
      ],
    );
  }
  return days.length;
}
