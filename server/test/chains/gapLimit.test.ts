import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import { awaitingPayment, type Client, clientFor, observe, sql } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// docs/operating/bitcoin.md: deposit addresses of payments that expired unpaid, or were cancelled with
// nothing paid, are reused once their late grace has passed, so a long quiet stretch of abandoned (or
// picked-then-cancelled) checkouts does not open a run of more than 20 unused addresses (a wallet restored elsewhere with the usual gap limit of 20 stops scanning
// there and would miss every later payment).

const HOUR = 3_600_000;
const GAP_LIMIT = 20;

let test: TestGateway;
let client: Client;
const clock = new ManualClock('2026-06-01T00:00:00Z');

beforeAll(async () => {
  test = await startTestGateway({ clock });
  client = clientFor(test.baseUrl, test.apiKey);
});
afterAll(async () => {
  await test?.stop();
});

const fireWindow = (id: string) =>
  paymentTimerTask(test.running.gateway)({ paymentId: id, timer: 'window' }, {} as JobHelpers);

/** Every BTC_TESTNET index of the test business's wallet, and whether its address ever received. */
async function walletIndexes(): Promise<{ index: number; used: boolean }[]> {
  return sql<{ index: number; used: boolean }>(
    test,
    `select p.derivation_index as index,
            bool_or(exists (select 1 from transfers t where t.payment_id = p.id)) as used
       from payments p
      where p.business_id = ? and p.selected_chain_id = 'BTC_TESTNET'
      group by p.derivation_index order by p.derivation_index`,
    [test.businessId],
  );
}

/** The longest run of consecutive unused indexes before the highest used one (what a restore must cross). */
function longestUnusedRunBeforeLastUsed(indexes: { index: number; used: boolean }[]): number {
  const used = new Set(indexes.filter((i) => i.used).map((i) => i.index));
  const last = Math.max(-1, ...used);
  let run = 0;
  let longest = 0;
  for (let index = 0; index < last; index += 1) {
    run = used.has(index) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

describe('gap-limit-safe address allocation', () => {
  it('two days of abandoned checkouts, then a paid one: its address stays within the gap limit', async () => {
    const created: { id: string; address: string; index: number }[] = [];
    for (let hour = 0; hour < 48; hour += 1) {
      const checkout = await awaitingPayment(client);
      const [row] = await sql<{ derivation_index: number }>(
        test,
        'select derivation_index from payments where id = ?',
        [checkout.payment_id],
      );
      created.push({
        id: checkout.payment_id,
        address: checkout.selected.address,
        index: row!.derivation_index,
      });
      clock.advance(HOUR + 60_000);
      await fireWindow(checkout.payment_id);
    }
    // Without recycling the 48 addresses would be indexes 0..47, all unused.
    const highest = Math.max(...created.map((c) => c.index));
    expect(highest).toBeLessThan(GAP_LIMIT);
    // An address comes back only after its payment's window (1 h) and late grace (12 h) are over.
    for (const [position, payment] of created.entries()) {
      const earlier = created.slice(0, position).filter((c) => c.index === payment.index);
      const previous = earlier.at(-1);
      if (previous) {
        expect(payment.address).toBe(previous.address);
        expect(position - created.indexOf(previous)).toBeGreaterThanOrEqual(13);
      }
    }
    const [recycled] = await sql<{ n: string }>(
      test,
      `select count(*)::text as n from payments where business_id = ? and derivation_index_recycled`,
      [test.businessId],
    );
    expect(Number(recycled!.n)).toBeGreaterThan(30);
    // The expired payments keep their address and status; only the newest holder of an address is watched.
    const [first] = await sql<{ status: string; deposit_address: string }>(
      test,
      'select status, deposit_address from payments where id = ?',
      [created[0]!.id],
    );
    expect(first).toEqual({ status: 'expired', deposit_address: created[0]!.address });

    const paid = await awaitingPayment(client);
    await observe(test, paid.payment_id, { depth: 2 });
    const indexes = await walletIndexes();
    expect(indexes.find((i) => i.used)!.index).toBeLessThan(GAP_LIMIT);
    expect(longestUnusedRunBeforeLastUsed(indexes)).toBeLessThan(GAP_LIMIT);
  });

  it('an address that ever received anything is never reused, even after the grace', async () => {
    const late = await awaitingPayment(client);
    clock.advance(HOUR + 60_000);
    await fireWindow(late.payment_id);
    clock.advance(13 * HOUR);
    // A payment after the grace: recorded on the expired payment.
    await observe(test, late.payment_id, { depth: 1, fraction: [1n, 10n] });
    const next = await awaitingPayment(client);
    expect(next.selected.address).not.toBe(late.selected.address);
  });

  it('pick a coin, then Cancel, again and again: cancelled addresses come back after their grace', async () => {
    const created: { id: string; address: string; index: number }[] = [];
    const indexOf = async (id: string) =>
      (
        await sql<{ derivation_index: number }>(test, 'select derivation_index from payments where id = ?', [
          id,
        ])
      )[0]!.derivation_index;
    const before = Math.max(...(await walletIndexes()).map((i) => i.index));
    for (let hour = 0; hour < 48; hour += 1) {
      const checkout = await awaitingPayment(client);
      expect((await client.delete(`/payments/${checkout.payment_id}`)).status).toBe(200);
      created.push({
        id: checkout.payment_id,
        address: checkout.selected.address,
        index: await indexOf(checkout.payment_id),
      });
      clock.advance(HOUR);
    }
    // Without recycling these 48 would take 48 new indexes after the ones already used.
    const fresh = created.filter((c) => c.index > before);
    expect(fresh.length).toBeLessThan(GAP_LIMIT);
    expect(Math.max(...created.map((c) => c.index))).toBeLessThan(before + GAP_LIMIT);
    // A cancelled payment's address comes back only after its window (1 h) and late grace (12 h).
    let reused = 0;
    for (const [position, payment] of created.entries()) {
      const previous = created
        .slice(0, position)
        .filter((c) => c.index === payment.index)
        .at(-1);
      if (previous) {
        reused += 1;
        expect(payment.address).toBe(previous.address);
        expect(position - created.indexOf(previous)).toBeGreaterThanOrEqual(13);
      }
    }
    expect(reused).toBeGreaterThan(25);
    // The cancelled payments keep their status and address.
    const [first] = await sql<{ status: string; deposit_address: string }>(
      test,
      'select status, deposit_address from payments where id = ?',
      [created[0]!.id],
    );
    expect(first).toEqual({ status: 'cancelled', deposit_address: created[0]!.address });
  });

  it('a cancelled payment paid anyway keeps its address for good; one picked before the grace ends is not reused', async () => {
    const paidAnyway = await awaitingPayment(client);
    expect((await client.delete(`/payments/${paidAnyway.payment_id}`)).status).toBe(200);
    await observe(test, paidAnyway.payment_id, { depth: 0 });
    const recent = await awaitingPayment(client);
    expect((await client.delete(`/payments/${recent.payment_id}`)).status).toBe(200);
    clock.advance(12 * HOUR); // recent's grace (window 1 h + 12 h) is not over yet
    const within = await awaitingPayment(client);
    expect([paidAnyway.selected.address, recent.selected.address]).not.toContain(within.selected.address);
    clock.advance(2 * HOUR); // now both graces are over
    // Picks take the lowest free index first: pick until the recent one comes back (earlier tests left
    // other cancelled addresses free too); the paid one never does.
    const addresses: string[] = [];
    while (!addresses.includes(recent.selected.address) && addresses.length < 40) {
      addresses.push((await awaitingPayment(client)).selected.address);
    }
    expect(addresses).toContain(recent.selected.address);
    expect(addresses).not.toContain(paidAnyway.selected.address);
  });

  it('concurrent picks never share an address', async () => {
    for (let i = 0; i < 6; i += 1) {
      const checkout = await awaitingPayment(client);
      clock.advance(HOUR + 60_000);
      await fireWindow(checkout.payment_id);
    }
    clock.advance(13 * HOUR);
    const picks = await Promise.all(Array.from({ length: 8 }, () => awaitingPayment(client)));
    const addresses = picks.map((p) => p.selected.address);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
