import { Keypair } from '@cairn/chain-stellar/testing';
import { WebhookEventSchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachStrayFunds } from '../../src/domain/payments/attachStrayFunds.js';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { recordAccountStrays } from '../../src/domain/strayFunds/recordAccountStrays.js';
import { type ChainScenario, startScenario } from '../chains/startChainScenario.js';
import { type StellarTestnet, stellarTestnet } from '../chains/stellar/stellarTestnet.js';
import { pageText, signedInDashboard } from './strayFundsHelpers.js';

// Stray funds on Stellar (fake Horizon, the real watcher core): an XLM payment to the merchant's
// account without its memo is recorded as stray funds (not only logged) and can be attached; a
// claimable balance naming the merchant's account is recorded once as `claimable_balance`, shown,
// sent as stray_funds.found, and never attachable.

describe('stray funds on Stellar (fake Horizon)', () => {
  let s: ChainScenario<StellarTestnet>;
  beforeAll(async () => {
    s = await startScenario(stellarTestnet('XLM'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('records an XLM payment without its memo, and attaching it confirms the payment', async () => {
    const p = await s.newPayment();
    const txid = await s.node.send(p.address, p.amount);
    await s.mine(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    const scope = { businessId: s.test.businessId, mode: 'test' as const };
    const [item] = await listStrayFunds(s.test.running.gateway, scope);
    expect(item?.row).toMatchObject({
      kind: 'missing_memo',
      coin_symbol: 'XLM',
      tx_id: txid,
      address: p.address,
      amount: p.amount.toString(),
    });
    expect(item?.candidates[0]).toMatchObject({ id: p.id, likely: true });
    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    expect(pageText(page.body)).toContain('without the memo of an open payment');
    const attached = await dash.post(`/dashboard/stray-funds/${item!.row.id}/attach`, { payment_id: p.id });
    expect(attached.status).toBe(200);
    expect(await s.statusOf(p.id)).toBe('confirmed');
  });

  it("records a claimable balance naming the merchant's account once, never attachable", async () => {
    const gateway = s.test.running.gateway;
    const scope = { businessId: s.test.businessId, mode: 'test' as const };
    const p = await s.newPayment();
    const horizon = s.node.horizon;
    const balance = await horizon.createClaimableBalance({
      claimants: [horizon.payer.publicKey(), s.node.merchant],
      amount: '2.5',
      asset: 'XLM',
      memoId: p.memo,
    });
    // Naming no merchant's account (only its creator's and a stranger's): none of the gateway's business.
    const elsewhere = await horizon.createClaimableBalance({
      claimants: [Keypair.random().publicKey()],
      amount: '4',
      asset: 'XLM',
    });
    await s.mine(1);
    await s.sync();
    // More ledgers and another sync: the ledger is not read twice into a second row.
    await s.mine(2);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');

    const items = (await listStrayFunds(gateway, scope)).filter((i) => i.row.kind === 'claimable_balance');
    expect(items.map((i) => i.row)).toEqual([
      expect.objectContaining({
        kind: 'claimable_balance',
        status: 'open',
        chain_id: 'XLM_TESTNET',
        coin_symbol: 'XLM',
        tx_id: balance,
        output_index: 0,
        address: s.node.merchant,
        tag: p.memo,
        amount: '25000000',
        payment_id: null,
      }),
    ]);
    const row = items[0]!.row;
    expect((await listStrayFunds(gateway, scope)).some((i) => i.row.tx_id === elsewhere)).toBe(false);

    // Seen again (a restart re-processing the ledger): nothing new.
    const again = await recordAccountStrays(
      gateway,
      'XLM_TESTNET',
      [
        {
          kind: 'claimable_balance',
          txid: balance,
          index: 0,
          matchKey: s.node.merchant,
          amount: 25_000_000n,
          account: s.node.merchant,
        },
      ],
      { height: Number(row.block_height), hash: row.block_hash! },
    );
    expect(again).toBe(0);

    const events = await s.client.get('/events?type=stray_funds.found');
    expect(events.status, events.text).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: API body
    const found = events.body.data.filter((e: any) => e.data.stray_funds.tx_id === balance);
    expect(found).toHaveLength(1);
    expect(WebhookEventSchema.parse(found[0]).data).toMatchObject({
      stray_funds: { id: row.id, kind: 'claimable_balance', amount: '25000000', tx_id: balance },
    });

    const dash = await signedInDashboard(s.test);
    const page = await dash.get('/dashboard/stray-funds');
    const text = pageText(page.body);
    expect(text).toContain('2.5 XLM on');
    expect(text).toContain(`(tag or memo ${p.memo})`);
    expect(text).toContain(
      'A claimable balance names your account: the money waits on the ledger until you claim it',
    );
    // Not in the merchant's account until claimed: no attach form, and attaching is refused.
    expect(page.body).toContain(`data-stray="${row.id}"`);
    expect(page.body).not.toContain(`/dashboard/stray-funds/${row.id}/attach`);
    await expect(attachStrayFunds(gateway, scope, row.id, p.id)).rejects.toMatchObject({
      code: 'INVALID_PAYMENT_STATE',
    });
    const refused = await dash.post(`/dashboard/stray-funds/${row.id}/attach`, { payment_id: p.id });
    expect(refused.status).not.toBe(200);
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
  });
});
