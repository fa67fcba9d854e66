import { randomBytes } from 'node:crypto';
import { anvilAvailable } from '@cairn/anvil-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/domain/apiKeys/createApiKey.js';
import { listStrayFunds } from '../../src/domain/strayFunds/listStrayFunds.js';
import { listCoveredTokens } from '../../src/domain/wallets/listCoveredTokens.js';
import { type Client, clientFor, createPaymentVia, outboxOf } from '../api/apiHelpers.js';
import { pageText, signedInDashboard } from '../dashboard/strayFundsHelpers.js';
import { type EvmCoin, type EvmPayment, type EvmScenario, startEvmScenario } from './startEvmScenario.js';

// The start-up token check with USDC.e's on-chain symbols is proven in chainChecks.test.ts.
// Bridged USDC.e on a real anvil, through ETH_LOCAL's stand-in (USDCE, opt-in like Polygon's): a key
// made with the defaults never offers it; a key whose merchant ticked it does, priced at the USDC
// rate and labelled "USDC.e (bridged)"; a payment in it confirms; and native USDC sent to a USDC.e
// payment (or USDC.e to a USDC payment) is stray funds of kind other_coin, never counted.

const CHAIN = 'ETH_LOCAL';
const USDCE = `${CHAIN}:USDCE`;

// biome-ignore lint/suspicious/noExplicitAny: API bodies
const tokensOf = (payment: any): string[] =>
  // biome-ignore lint/suspicious/noExplicitAny: API bodies
  payment.chain_options.map((o: any) => `${o.chain_id}:${o.coin_symbol}`);

describe.runIf(anvilAvailable('bridged USDC.e on anvil'))('bridged USDC.e on anvil', () => {
  let s: EvmScenario;
  /** A client whose key the merchant made with USDC.e ticked. */
  let accepting: Client;
  beforeAll(async () => {
    s = await startEvmScenario({ confirmations: 2 });
    const gateway = s.test.running.gateway;
    const scope = { businessId: s.test.businessId, mode: 'test' as const };
    const covered = await listCoveredTokens(gateway, scope);
    expect(covered).toContain(USDCE);
    const { key } = await createApiKey(gateway.orm.em.fork(), gateway.clock, {
      ...scope,
      label: 'accepts USDC.e',
      allowedTokens: covered,
    });
    accepting = clientFor(s.test.baseUrl, key);
    if (!gateway.chainAvailability.isOffered(CHAIN)) await s.sync();
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  /** A payment of `accepting`'s key with `coin` picked on the checkout. */
  const pickedPayment = async (coin: EvmCoin): Promise<EvmPayment> => {
    const payment = await createPaymentVia(accepting, { order_id: randomBytes(4).toString('hex') });
    const selected = await accepting.post(`/checkout/${payment.id}/select-chain`, {
      token: `${CHAIN}:${coin}`,
    });
    expect(selected.status, selected.text).toBe(200);
    const option = selected.body.data.selected;
    return {
      id: payment.id,
      address: option.address,
      coin,
      amount: BigInt(option.crypto_amount),
      paymentUri: option.payment_uri,
    };
  };

  it('is not offered by default: a key made with the defaults leaves it out, even when a payment names it', async () => {
    const byDefault = await createPaymentVia(s.client);
    expect(tokensOf(byDefault)).toContain(`${CHAIN}:USDC`);
    expect(tokensOf(byDefault)).not.toContain(USDCE);
    const naming = await s.client.post('/payments', {
      fiat_amount: '25.00',
      fiat_currency: 'USD',
      accepted_tokens: [USDCE],
      restrict_to_accepted: true,
    });
    expect(naming.status, naming.text).toBe(422);
    expect(naming.body.error.code).toBe('COIN_NOT_OFFERED');

    // The dashboard's key form lists it by its label, unticked.
    const dash = await signedInDashboard(s.test);
    const form = await dash.get('/dashboard/keys/new');
    expect(pageText(form.body)).toContain('ETH_LOCAL · USDC.e (bridged)');
    expect(pageText(form.body)).toContain('Bridged coins such as USDC.e start unticked');
    expect(form.body).toMatch(
      /<input type="checkbox" id="c-token-ETH_LOCAL-USDCE" name="token:ETH_LOCAL:USDCE">/,
    );
    expect(form.body).toMatch(/name="token:ETH_LOCAL:USDC" checked>/);
  });

  it('is offered when the merchant accepts it, at the USDC rate, and named "USDC.e (bridged)" on the checkout', async () => {
    const payment = await createPaymentVia(accepting, { accepted_tokens: [USDCE] });
    expect(tokensOf(payment)[0]).toBe(USDCE);
    // biome-ignore lint/suspicious/noExplicitAny: API bodies
    const option = (symbol: string) => payment.chain_options.find((o: any) => o.coin_symbol === symbol);
    expect(option('USDCE')).toMatchObject({
      crypto_amount: option('USDC').crypto_amount,
      exchange_rate: option('USDC').exchange_rate,
    });
    const page = await fetch(`${s.test.baseUrl}/checkout/${payment.id}`);
    const text = pageText(await page.text());
    expect(text).toContain('USDC.e (bridged)');
    expect(text).toContain('USD Coin (USDC)');
  });

  it('a payment in USDC.e confirms', async () => {
    const p = await pickedPayment('USDCE');
    await s.pay('USDCE', p.address, p.amount);
    await s.mine(s.confirmations);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    const body = await s.read(p.id);
    expect(body).toMatchObject({ selected_chain_id: CHAIN, selected_coin_symbol: 'USDCE' });
    expect(body.transactions).toEqual([
      expect.objectContaining({ coin_symbol: 'USDCE', amount: p.amount.toString() }),
    ]);
  });

  it('native USDC sent to a USDC.e payment, and USDC.e to a USDC payment, are stray funds, never counted', async () => {
    const bridged = await pickedPayment('USDCE');
    const native = await pickedPayment('USDC');
    const usdcTx = await s.pay('USDC', bridged.address, bridged.amount);
    const usdceTx = await s.pay('USDCE', native.address, native.amount);
    await s.mine(s.confirmations);
    await s.sync();
    for (const p of [bridged, native]) {
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      expect((await s.read(p.id)).transactions).toEqual([]);
      expect((await outboxOf(s.test, p.id)).map((e) => e.event)).toEqual(['payment.awaiting']);
    }
    const items = await listStrayFunds(s.test.running.gateway, {
      businessId: s.test.businessId,
      mode: 'test',
    });
    expect(items.map((i) => i.row)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'other_coin',
          coin_symbol: 'USDC',
          tx_id: usdcTx,
          payment_id: bridged.id,
          amount: bridged.amount.toString(),
        }),
        expect.objectContaining({
          kind: 'other_coin',
          coin_symbol: 'USDCE',
          tx_id: usdceTx,
          payment_id: native.id,
          amount: native.amount.toString(),
        }),
      ]),
    );
    const dash = await signedInDashboard(s.test);
    expect(pageText((await dash.get('/dashboard/stray-funds')).body)).toContain('USDC.e (bridged)');
  });
});
