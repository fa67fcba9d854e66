import { randomUUID } from 'node:crypto';
import { PaymentLinkSchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadInvoicePage } from '../../src/domain/invoices/loadInvoicePage.js';
import { loadLinkPage } from '../../src/domain/paymentLinks/loadLinkPage.js';
import { findCheckoutPayment } from '../../src/domain/payments/findCheckoutPayment.js';
import { loadCheckoutView } from '../../src/domain/payments/loadCheckoutView.js';
import { readPaymentFingerprints } from '../../src/domain/payments/readPaymentFingerprints.js';
import { selectChain } from '../../src/domain/payments/selectChain.js';
import { ApiError } from '../../src/platform/runtime/ApiError.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { type Client, clientFor, sql } from '../api/apiHelpers.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { createCheckoutPayment, startCheckoutGateway } from './checkoutHelpers.js';

/**
 * The domain services the hosted checkout reads its pages from: each returns a view model (plain
 * data shaped for the page), by the id in the customer's URL alone, or says there is nothing there.
 */
describe('checkout loaders (view models)', () => {
  let test: TestGateway;
  let api: Client;
  const clock = new ManualClock('2026-07-01T10:00:00Z');
  const gateway = () => test.running.gateway;

  beforeAll(async () => {
    test = await startCheckoutGateway({ clock });
    api = clientFor(test.baseUrl, test.apiKey);
  });
  afterAll(async () => {
    await test?.stop();
  });

  const expectNotFound = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NOT_FOUND');
  };
  /** Plain data: what JSON keeps is all there is. */
  const expectPlain = (value: unknown) => expect(JSON.parse(JSON.stringify(value))).toEqual(value);

  it('loads a pending payment: the options to pick from, nothing picked yet', async () => {
    const payment = await createCheckoutPayment(test);
    const view = await loadCheckoutView(gateway(), payment.id);
    expect(view.payment.id).toBe(payment.id);
    expect(view.payment.status).toBe('pending');
    expect(view.checkout.business_name).toBe('Cairn Dev Shop');
    expect(view.checkout.selected).toBeNull();
    expect(view.checkout.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}`)).toContain(
      'LTC_REGTEST:LTC',
    );
    expect(view.chain).toBeUndefined();
    expect(view.coin).toBeUndefined();
    expect(view.evm).toBeUndefined();
    expect(view.remainderUri).toBe('');
    expect(view.now).toEqual(new Date('2026-07-01T10:00:00Z'));
    expectPlain(view.checkout);
    expectPlain(view.payment);
  });

  it('loads a picked payment: the chain, the coin and the deposit target', async () => {
    const payment = await createCheckoutPayment(test);
    const { scope } = await findCheckoutPayment(gateway(), payment.id);
    await selectChain(gateway(), scope, payment.id, { token: 'LTC_REGTEST:LTC' });
    const view = await loadCheckoutView(gateway(), payment.id, { testWalletChain: 'ETH_LOCAL' });
    expect(view.payment.status).toBe('awaiting_payment');
    expect(view.chain?.id).toBe('LTC_REGTEST');
    expect(view.coin?.symbol).toBe('LTC');
    expect(view.checkout.selected?.chain_id).toBe('LTC_REGTEST');
    expect(view.checkout.selected?.address).toMatch(/^rltc1/);
    expect(view.checkout.selected?.payment_uri).toMatch(/^litecoin:/);
    // Not an EVM chain: no wallet button, test wallet or not.
    expect(view.evm).toBeUndefined();
    expectPlain(view.checkout);
  });

  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    await expectNotFound(loadCheckoutView(gateway(), randomUUID()));
    await expectNotFound(loadCheckoutView(gateway(), 'not-a-payment'));
    await expectNotFound(loadCheckoutView(gateway(), randomUUID().toUpperCase()));
    await expectNotFound(findCheckoutPayment(gateway(), randomUUID()));
  });

  it("scopes a customer's action to the payment's own business and mode: another mode finds nothing", async () => {
    const payment = await createCheckoutPayment(test);
    const found = await findCheckoutPayment(gateway(), payment.id);
    expect(found).toEqual({ id: payment.id, scope: { businessId: test.businessId, mode: 'test' } });
    const live = { ...found.scope, mode: 'live' as const };
    await expectNotFound(selectChain(gateway(), live, payment.id, { token: 'LTC_REGTEST:LTC' }));
  });

  it('fingerprints watched payments, leaves unknown ids out, and changes with the payment', async () => {
    const payment = await createCheckoutPayment(test);
    const unknown = randomUUID();
    const before = await readPaymentFingerprints(gateway(), [payment.id, unknown]);
    expect(before.map((row) => row.id)).toEqual([payment.id]);
    expect(await readPaymentFingerprints(gateway(), [payment.id])).toEqual(before);
    const { scope } = await findCheckoutPayment(gateway(), payment.id);
    await selectChain(gateway(), scope, payment.id, { token: 'LTC_REGTEST:LTC' });
    const after = await readPaymentFingerprints(gateway(), [payment.id]);
    expect(after[0]?.fingerprint).not.toBe(before[0]?.fingerprint);
    expect(await readPaymentFingerprints(gateway(), [])).toEqual([]);
  });

  it("loads a payment link's page, says when it cannot take a payment, and nothing for an unknown id", async () => {
    const created = await api.post('/payment-links', {
      fiat_amount: '12.50',
      fiat_currency: 'EUR',
      description: 'A mug',
      max_uses: 1,
    });
    expect(created.status, created.text).toBe(201);
    const link = PaymentLinkSchema.parse(created.body.data);
    const page = await loadLinkPage(gateway(), link.id);
    expect(page).toEqual({
      businessName: 'Cairn Dev Shop',
      mode: 'test',
      fiatAmount: '12.50',
      fiatCurrency: 'EUR',
      description: 'A mug',
      availability: 'available',
    });
    expectPlain(page);
    await api.post(`/payment-links/${link.id}/deactivate`);
    expect((await loadLinkPage(gateway(), link.id))?.availability).toBe('inactive');
    expect(await loadLinkPage(gateway(), randomUUID())).toBeUndefined();
  });

  it("loads an invoice's page (recording the recipient's view only when asked), and nothing for a draft", async () => {
    const created = await api.post('/invoices', {
      recipient_email: 'ada@example.com',
      recipient_name: 'Ada Lovelace',
      fiat_currency: 'USD',
      line_items: [{ description: 'Design work', quantity: '3', unit_price: '19.99' }],
      due_date: '2099-12-31',
      memo: 'Thanks.',
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body.data as { id: string }).id;
    const viewedAt = async () =>
      (await sql<{ viewed_at: Date | null }>(test, 'select viewed_at from invoices where id = ?', [id]))[0]
        ?.viewed_at;

    expect(await loadInvoicePage(gateway(), id, { recordView: true })).toBeUndefined();
    expect(await loadInvoicePage(gateway(), id, { recordView: false })).toBeUndefined();
    expect((await api.post(`/invoices/${id}/send`)).status).toBe(200);

    const read = await loadInvoicePage(gateway(), id, { recordView: false });
    expect(await viewedAt()).toBeNull();
    expect(read).toMatchObject({
      businessName: 'Cairn Dev Shop',
      mode: 'test',
      status: 'open',
      recipientName: 'Ada Lovelace',
      recipientEmail: 'ada@example.com',
      currency: 'USD',
      total: '59.97',
      dueDate: '2099-12-31',
      overdue: false,
      memo: 'Thanks.',
      paidOn: null,
    });
    expect(read?.lines).toEqual([
      { description: 'Design work', quantity: '3', unit_price: '19.99', amount: '59.97' },
    ]);
    expectPlain(read);

    const opened = await loadInvoicePage(gateway(), id, { recordView: true });
    expect(opened).toEqual(read);
    expect(await viewedAt()).not.toBeNull();
    expect(await loadInvoicePage(gateway(), randomUUID(), { recordView: true })).toBeUndefined();
  });
});
