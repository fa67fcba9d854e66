import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachStrayFunds } from '../../src/domain/payments/attachStrayFunds.js';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { markStrayFundsRefunded } from '../../src/domain/strayFunds/markStrayFundsRefunded.js';
import { recordAccountStrays } from '../../src/domain/strayFunds/recordAccountStrays.js';
import { otherBusiness, sql } from '../api/apiHelpers.js';
import { allDelivered, eventNamesFor } from '../chains/eventsFor.js';
import { type ChainScenario, startScenario } from '../chains/startChainScenario.js';
import { XRP_TESTNET, type XrpTestnet } from '../chains/xrp/xrpTestnet.js';
import { chromiumAvailable, launchChromium } from '../checkoutPage/browser.js';
import { captureStrayFunds, pageText, signedInDashboard, strayEventsOf } from './strayFundsHelpers.js';

// Stray funds on the XRP Ledger (fake rippled, the real watcher core): an XRP payment to the merchant's
// account without its destination tag is recorded (not only logged), shown on the dashboard page with
// the open payment it may belong to, sent as stray_funds.found; attaching it counts it toward that
// payment through the lifecycle (as a top-up is); marking another refunded resolves it. Scoped to the
// business and mode. The page is captured at desktop and phone width when Chromium is installed.

const EXPLORER = 'https://testnet.xrpl.org/transactions/{tx_id}';

describe('stray funds on the XRP Ledger (fake rippled)', () => {
  let s: ChainScenario<XrpTestnet>;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [s, browser] = await Promise.all([
      startScenario(
        {
          ...XRP_TESTNET,
          env: async (node, confirmations) => ({
            ...(await XRP_TESTNET.env(node, confirmations)),
            CAIRN_CHAIN_XRP_TESTNET_EXPLORER_TX_URL: EXPLORER,
          }),
        },
        { confirmations: 1 },
      ),
      chromiumAvailable() ? launchChromium() : Promise.resolve(undefined),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  const scope = () => ({ businessId: s.test.businessId, mode: 'test' as const });
  const strayEvents = (type: string) => strayEventsOf(s.client, type);

  it('records an XRP payment without its tag, shows it with the payment it may belong to, and attaching it confirms that payment', async () => {
    const p = await s.newPayment();
    const txid = await s.node.send(p.address, p.amount);
    await s.mine(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');

    const [item] = await listStrayFunds(s.test.running.gateway, scope());
    expect(item?.row).toMatchObject({
      kind: 'missing_tag',
      status: 'open',
      chain_id: 'XRP_TESTNET',
      coin_symbol: 'XRP',
      tx_id: txid,
      address: p.address,
      tag: null,
      amount: p.amount.toString(),
      api_key_id: expect.any(String),
    });
    expect(item?.candidates[0]).toMatchObject({ id: p.id, likely: true });
    const [found] = await strayEvents('stray_funds.found');
    expect(found).toMatchObject({
      id: item!.row.id,
      tx_id: txid,
      amount: p.amount.toString(),
      status: 'open',
    });
    // Delivered, signed, to the endpoint of the key of the latest payment to the account (subscribed by default).
    await allDelivered(s.test);
    expect(
      s.receiver.delivered.filter(
        (d) => d.event === 'stray_funds.found' && JSON.parse(d.body).data.stray_funds.id === item!.row.id,
      ),
    ).toHaveLength(1);

    // The page: amount, coin, chain, transaction, the account reached, and the likely payment.
    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain(`${item!.row.amount.slice(0, -6)} XRP on XRP Ledger Testnet`);
    expect(text).toContain(txid);
    expect(text).toContain(`May belong to ${p.id} (same amount and account, open)`);
    expect(page.body).toContain(`action="/dashboard/stray-funds/${item!.row.id}/attach"`);
    expect(page.body).toContain(`href="${EXPLORER.replace('{tx_id}', txid)}"`);
    if (browser) await captureStrayFunds(browser, s.test, 'stray-funds-xrp');

    // Attach: counted toward the payment (the lifecycle decides: confirmed at depth 1).
    const attached = await dash.post(`/dashboard/stray-funds/${item!.row.id}/attach`, { payment_id: p.id });
    expect(attached.status).toBe(200);
    expect(pageText(attached.body)).toContain('Attached: the money counts toward the payment.');
    const read = await s.read(p.id);
    expect(read.status).toBe('confirmed');
    expect(read.transactions).toEqual([
      expect.objectContaining({ tx_id: txid, amount: p.amount.toString(), confirmations: 1 }),
    ]);
    expect(await eventNamesFor(s.test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    const [resolved] = await strayEvents('stray_funds.resolved');
    expect(resolved).toMatchObject({ id: item!.row.id, status: 'attached', attached_payment_id: p.id });

    // The watcher follows the attached transfer like any sighting and reports nothing new.
    await s.mine(1);
    await s.sync();
    expect((await s.read(p.id)).transactions).toHaveLength(1);
    // Attached once only.
    const again = await dash.post(`/dashboard/stray-funds/${item!.row.id}/attach`, { payment_id: p.id });
    expect(again.status).toBe(409);
  });

  it('marks a stray payment refunded with a note; refuses it without one', async () => {
    const p = await s.newPayment('7.00');
    const txid = await s.node.send(p.address, 1_234_567n);
    await s.mine(1);
    await s.sync();
    const item = (await listStrayFunds(s.test.running.gateway, scope())).find((i) => i.row.tx_id === txid)!;
    expect(item.row.status).toBe('open');
    // Same account, another amount: an open payment, not the likely one.
    expect(item.candidates.map((c) => c.id)).toContain(p.id);
    expect(item.candidates.every((c) => !c.likely)).toBe(true);

    const dash = await signedInDashboard(s.test);
    await dash.get('/dashboard/stray-funds');
    const refused = await dash.post(`/dashboard/stray-funds/${item.row.id}/refunded`, { note: '  ' });
    expect(refused.status).toBe(422);
    expect(pageText(refused.body)).toContain('Enter a note of 1 to 500 characters.');
    const done = await dash.post(`/dashboard/stray-funds/${item.row.id}/refunded`, {
      note: 'sent back to the customer',
    });
    expect(done.status).toBe(200);
    const [row] = await sql<{ status: string; note: string }>(
      s.test,
      'select status, note from stray_funds where id = ?',
      [item.row.id],
    );
    expect(row).toEqual({ status: 'refunded', note: 'sent back to the customer' });
    const resolved = await strayEvents('stray_funds.resolved');
    expect(resolved[0]).toMatchObject({
      id: item.row.id,
      status: 'refunded',
      note: 'sent back to the customer',
    });
    // The payment did not change.
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
  });

  it("records what an observer reports as stray (ObservedStray: a Check naming the merchant's account) with its kind", async () => {
    // The recording step alone, as any family's observer feeds it (the XRP decoder reports Checks;
    // docs/stray-funds.md).
    const gateway = s.test.running.gateway;
    const account = s.node.merchant;
    const found = await recordAccountStrays(
      gateway,
      'XRP_TESTNET',
      [{ txid: 'C'.repeat(64), index: 0, matchKey: account, amount: 5_000_000n, account, kind: 'check' }],
      { height: 1, hash: 'ab'.repeat(32) },
    );
    expect(found).toBe(1);
    const item = (await listStrayFunds(gateway, scope())).find((i) => i.row.tx_id === 'C'.repeat(64));
    expect(item?.row).toMatchObject({ kind: 'check', amount: '5000000', address: account, status: 'open' });
    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    expect(pageText(page.body)).toContain('A Check names your account: cash it to receive the money.');
    // Not received until cashed: it cannot count toward a payment.
    expect(page.body).not.toContain(`/dashboard/stray-funds/${item!.row.id}/attach`);
    const p = await s.newPayment();
    await expect(attachStrayFunds(gateway, scope(), item!.row.id, p.id)).rejects.toMatchObject({
      code: 'INVALID_PAYMENT_STATE',
    });
  });

  it("records an XRP Check and an Escrow naming the merchant's account, never credits them", async () => {
    const p = await s.newPayment();
    const tag = Number(p.memo);
    const check = s.node.rippled.createCheckOrEscrow({
      kind: 'CheckCreate',
      to: p.address,
      tag,
      amountDrops: p.amount,
    });
    const escrow = s.node.rippled.createCheckOrEscrow({
      kind: 'EscrowCreate',
      to: p.address,
      amountDrops: 3_000_000n,
    });
    // A Check naming no merchant's account (here its own writer's) is none of the gateway's business.
    s.node.rippled.createCheckOrEscrow({
      kind: 'CheckCreate',
      to: s.node.rippled.payer,
      amountDrops: 1_000_000n,
    });
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    const rows = (await listStrayFunds(s.test.running.gateway, scope())).map((i) => i.row);
    expect(rows.find((r) => r.tx_id === check)).toMatchObject({
      kind: 'check',
      tag: String(tag),
      amount: p.amount.toString(),
      address: p.address,
    });
    expect(rows.find((r) => r.tx_id === escrow)).toMatchObject({
      kind: 'escrow',
      amount: '3000000',
      tag: null,
    });
    expect(rows.filter((r) => r.kind === 'check' || r.kind === 'escrow')).toHaveLength(3); // with the hook's
  });

  it('records a transfer once, for its own business and mode only', async () => {
    const p = await s.newPayment();
    const txid = await s.node.send(p.address, 2_000_000n);
    await s.mine(1);
    await s.sync();
    const gateway = s.test.running.gateway;
    const mine = (await listStrayFunds(gateway, scope())).filter((i) => i.row.tx_id === txid);
    expect(mine).toHaveLength(1);
    // Seen again (a restart re-processing the ledger): nothing new, no second event.
    const found = await recordAccountStrays(
      gateway,
      'XRP_TESTNET',
      [
        {
          txid,
          index: mine[0]!.row.output_index,
          matchKey: p.address,
          amount: 2_000_000n,
          account: p.address,
        },
      ],
      { height: Number(mine[0]!.row.block_height), hash: mine[0]!.row.block_hash! },
    );
    expect(found).toBe(0);
    expect(
      (await strayEvents('stray_funds.found')).filter((e: { tx_id: string }) => e.tx_id === txid),
    ).toHaveLength(1);

    // Another business sees none of it, cannot act on it; the live mode of the same business neither.
    const other = await otherBusiness(s.test);
    expect(await listStrayFunds(gateway, { businessId: other.businessId, mode: 'test' })).toEqual([]);
    expect(await listStrayFunds(gateway, { businessId: s.test.businessId, mode: 'live' })).toEqual([]);
    await expect(
      markStrayFundsRefunded(gateway, { businessId: other.businessId, mode: 'test' }, mine[0]!.row.id, 'x'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const otherDash = await signedInDashboard(s.test, other.businessId);
    const page = await otherDash.get('/dashboard/stray-funds');
    expect(page.body).not.toContain(txid);
    expect(pageText(page.body)).toContain('No stray funds.');
    await otherDash.get('/dashboard/stray-funds');
    const foreign = await otherDash.post(`/dashboard/stray-funds/${mine[0]!.row.id}/attach`, {
      payment_id: p.id,
    });
    expect(foreign.status).toBe(404);
  });

  it('asks a session older than ten minutes to confirm it is the owner, and refuses a form without its CSRF token', async () => {
    const p = await s.newPayment();
    await s.node.send(p.address, 3_000_000n);
    await s.mine(1);
    await s.sync();
    const row = (await listStrayFunds(s.test.running.gateway, scope())).find(
      (i) => i.row.amount === '3000000' && i.row.kind === 'missing_tag' && i.row.status === 'open',
    )!.row;
    const dash = await signedInDashboard(s.test);
    await dash.get('/dashboard/stray-funds');
    const forged = await dash.post(`/dashboard/stray-funds/${row.id}/refunded`, {
      note: 'x',
      _csrf: 'forged',
    });
    expect(forged.status).toBe(403);
    s.clock.advance(11 * 60_000);
    const stale = await dash.post(`/dashboard/stray-funds/${row.id}/refunded`, { note: 'sent back' });
    expect(pageText(stale.body)).toContain('Confirm it’s you');
    const [after] = await sql<{ status: string }>(s.test, 'select status from stray_funds where id = ?', [
      row.id,
    ]);
    expect(after?.status).toBe('open');
  });
  it('pages the list 100 at a time, newest first, every row once; a cursor of another business pages nothing', async () => {
    // 101 older rows beside those the tests above recorded.
    await sql(
      s.test,
      `insert into stray_funds (id, business_id, mode, chain_id, coin_symbol, tx_id, output_index, address, kind,
         amount, confirmations, found_at)
       select gen_random_uuid(), ?, 'test', 'XRP_TESTNET', 'XRP', 'OLD' || n, 0, 'rOld', 'missing_tag',
              1000 + n, 1, timestamptz '2026-01-01' - n * interval '1 minute'
         from generate_series(1, 101) n`,
      [s.test.businessId],
    );
    const [{ n: total } = { n: '0' }] = await sql<{ n: string }>(
      s.test,
      `select count(*)::text as n from stray_funds where business_id = ? and mode = 'test'`,
      [s.test.businessId],
    );
    const dash = await signedInDashboard(s.test);
    const ids = (body: string) => [...body.matchAll(/data-stray="([0-9a-f-]{36})"/g)].map((m) => m[1]!);
    const first = await dash.get('/dashboard/stray-funds');
    expect(ids(first.body)).toHaveLength(100);
    const older = /<a rel="next" href="([^"]+)">Older stray funds<\/a>/.exec(first.body)?.[1];
    expect(older).toMatch(/^\/dashboard\/stray-funds\?after=[0-9a-f-]{36}$/);
    const second = await dash.get(older!.replaceAll('&amp;', '&'));
    expect(second.status).toBe(200);
    expect(ids(second.body)).toHaveLength(Number(total) - 100);
    expect(new Set([...ids(first.body), ...ids(second.body)]).size).toBe(Number(total));
    expect(second.body).toContain('First page');
    expect(second.body).not.toContain('Older stray funds');
    // The oldest row comes last.
    expect(pageText(second.body)).toMatch(/1101 drops|0\.001101 XRP/);
    const foreign = await otherBusiness(s.test);
    const otherDash = await signedInDashboard(s.test, foreign.businessId);
    const cursor = older!.split('after=')[1]!;
    const empty = await otherDash.get(`/dashboard/stray-funds?after=${cursor}`);
    expect(ids(empty.body)).toEqual([]);
    expect(pageText(empty.body)).toContain('No older stray funds.');
  });
});
