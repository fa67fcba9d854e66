import { formatUnits } from '@cairn/chain-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { allDelivered, eventNamesFor } from '../chains/eventsFor.js';
import { type SolanaDevnet, solanaDevnet } from '../chains/solana/solanaDevnet.js';
import { type ChainScenario, startScenario } from '../chains/startChainScenario.js';
import { pageText, signedInDashboard, strayEventsOf } from './strayFundsHelpers.js';

// Stray funds on Solana (fake RPC, litesvm, the real watcher core): a transfer to the merchant's
// wallet carrying none of its open payments' Solana Pay references is kept by the observer for its
// grace (10 minutes by the gateway's clock, and at least one more poll), then reported and recorded
// once as stray funds (missing_reference), shown on the dashboard page with the open payment it may
// belong to, sent as stray_funds.found; attaching it counts it toward that payment. A transfer that
// carries its payment's reference is credited, never recorded as stray. SOL and USDC alike.

/** The observer's default grace for a transfer without a known reference, plus a minute. */
const PAST_GRACE_MS = 11 * 60_000;

describe.each(['SOL', 'USDC'] as const)('stray funds on Solana (fake RPC, litesvm), %s', (coin) => {
  let s: ChainScenario<SolanaDevnet>;
  beforeAll(async () => {
    s = await startScenario(solanaDevnet(coin), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const scope = () => ({ businessId: s.test.businessId, mode: 'test' as const });
  const strayEvents = (type: string) => strayEventsOf(s.client, type);

  it('a transfer with its payment’s reference is credited, not recorded as stray', async () => {
    const p = await s.newPayment('7.00');
    const signature = await s.pay(p, p.amount);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    // Past the grace and a poll more: still nothing stray.
    await s.advance(PAST_GRACE_MS);
    await s.mine(1);
    await s.sync();
    await s.sync();
    const rows = (await listStrayFunds(s.test.running.gateway, scope())).map((i) => i.row);
    expect(rows.filter((r) => r.tx_id === signature)).toEqual([]);
    expect(
      (await strayEvents('stray_funds.found')).filter((e: { tx_id: string }) => e.tx_id === signature),
    ).toEqual([]);
  });

  it('records a transfer without reference once, past the grace; attaching it confirms the open payment', async () => {
    const p = await s.newPayment();
    const signature = await s.node.send(p.address, p.amount);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    // Within the grace the observer keeps it (its payment may not be polled yet): nothing recorded.
    await s.sync();
    const before = (await listStrayFunds(s.test.running.gateway, scope())).map((i) => i.row);
    expect(before.filter((r) => r.tx_id === signature)).toEqual([]);

    await s.advance(PAST_GRACE_MS);
    await s.sync();
    const items = (await listStrayFunds(s.test.running.gateway, scope())).filter(
      (i) => i.row.tx_id === signature,
    );
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item.row).toMatchObject({
      kind: 'missing_reference',
      status: 'open',
      chain_id: 'SOL_DEVNET',
      coin_symbol: coin,
      tx_id: signature,
      address: s.node.merchant,
      amount: p.amount.toString(),
    });
    expect(p.address).toBe(s.node.merchant);
    expect(item.candidates[0]).toMatchObject({ id: p.id, likely: true });
    const found = (await strayEvents('stray_funds.found')).filter(
      (e: { tx_id: string }) => e.tx_id === signature,
    );
    expect(found).toEqual([
      expect.objectContaining({ id: item.row.id, amount: p.amount.toString(), status: 'open' }),
    ]);

    // Delivered, signed, to the endpoint of the key of the latest payment to the wallet.
    await allDelivered(s.test);
    const delivered = () =>
      s.receiver.delivered.filter(
        (d) => d.event === 'stray_funds.found' && JSON.parse(d.body).data.stray_funds.id === item.row.id,
      );
    expect(delivered()).toHaveLength(1);

    // More polls and blocks: recorded once, one event.
    await s.mine(1);
    await s.sync();
    await s.sync();
    expect(
      (await listStrayFunds(s.test.running.gateway, scope())).filter((i) => i.row.tx_id === signature),
    ).toHaveLength(1);
    expect(
      (await strayEvents('stray_funds.found')).filter((e: { tx_id: string }) => e.tx_id === signature),
    ).toHaveLength(1);
    await allDelivered(s.test);
    expect(delivered()).toHaveLength(1);
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');

    // The page: the transfer, the reason, and the likely payment.
    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    const decimals = coin === 'SOL' ? 9 : 6;
    expect(text).toContain(`${formatUnits(p.amount, decimals)} ${coin} on Solana Devnet`);
    expect(text).toContain(signature);
    expect(text).toContain('A transfer reached you without an open payment’s reference');
    expect(text).toContain(`May belong to ${p.id} (same amount and account, open)`);
    expect(page.body).toContain(`action="/dashboard/stray-funds/${item.row.id}/attach"`);

    // Attach: counted toward the payment (confirmed at depth 1).
    const attached = await dash.post(`/dashboard/stray-funds/${item.row.id}/attach`, { payment_id: p.id });
    expect(attached.status).toBe(200);
    expect(pageText(attached.body)).toContain('Attached: the money counts toward the payment.');
    const read = await s.read(p.id);
    expect(read.status).toBe('confirmed');
    expect(read.transactions).toEqual([
      expect.objectContaining({ tx_id: signature, amount: p.amount.toString(), confirmations: 1 }),
    ]);
    expect(await eventNamesFor(s.test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    const resolved = (await strayEvents('stray_funds.resolved')).filter(
      (e: { id: string }) => e.id === item.row.id,
    );
    expect(resolved).toEqual([expect.objectContaining({ status: 'attached', attached_payment_id: p.id })]);

    // The watcher follows the attached transfer like any sighting: nothing new, nothing removed.
    await s.mine(1);
    await s.sync();
    const after = await s.read(p.id);
    expect(after.status).toBe('confirmed');
    expect(after.transactions).toHaveLength(1);
  });
});
