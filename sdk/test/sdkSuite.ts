/**
 * The SDK's behavioural suite, written against any server that implements the Cairn API: the test
 * fixture (fixture.test.ts), the built package (dist.test.ts) and the real gateway, which runs the
 * SAME suite:
 *
 * ```ts
 * import { runSdkSuite } from '../../sdk/test/sdkSuite.js';
 * runSdkSuite('gateway', async () => ({ baseUrl, apiKey, otherModeKey, close, markDetected, markUnderpaid, payLink }));
 * ```
 *
 * The suite only relies on behaviour the contract documents. It creates its own payments with a
 * unique `order_id` per run, so it tolerates other data in the same account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CairnErrorCode, ChainOption, Payment } from '../src/index.js';
import * as sourceSdk from '../src/index.js';

/** What the suite needs from the server under test. */
export interface SdkSuiteTarget {
  /** Origin of the API, e.g. `http://127.0.0.1:3000`. */
  readonly baseUrl: string;
  /** A valid key (test mode recommended) whose allowlist offers at least two chain options. */
  readonly apiKey: string;
  /** A valid key of the same merchant in the other mode. */
  readonly otherModeKey: string;
  /** Stops the server. */
  close(): Promise<void>;
  /** Moves a payment to `payment_detected` (e.g. by simulating a transfer). Tests needing it are skipped without it. */
  markDetected?(paymentId: string): Promise<void> | void;
  /** Moves a payment to `underpaid`. Tests needing it are skipped without it. */
  markUnderpaid?(paymentId: string): Promise<void> | void;
  /**
   * Does what a customer pressing Pay on a payment link's page does: creates one payment of the link
   * and returns its id. Tests needing it are skipped without it.
   */
  payLink?(linkId: string): Promise<string> | string;
}

/** The SDK module under test: the sources by default, or the built package. */
export type SdkModule = typeof sourceSdk;

const MISSING_ID = '5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a';

/** Runs the behavioural suite against the server `setup` starts. */
export function runSdkSuite(
  name: string,
  setup: () => Promise<SdkSuiteTarget>,
  sdk: SdkModule = sourceSdk,
): void {
  describe(`@cairn/sdk against ${name}`, () => {
    let target: SdkSuiteTarget;
    let cairn: InstanceType<SdkModule['Cairn']>;
    let options: ChainOption[];
    const runId = globalThis.crypto.randomUUID().slice(0, 8);
    let counter = 0;
    const orderId = (label: string) => `sdk-suite-${runId}-${label}-${counter++}`;
    const tokenOf = (option: ChainOption) => `${option.chain_id}:${option.coin_symbol}`;
    const create = (extra: Partial<Parameters<typeof cairn.payments.create>[0]> = {}) =>
      cairn.payments.create({ fiat_amount: '25.00', fiat_currency: 'EUR', order_id: orderId('p'), ...extra });

    /** Awaits a rejection and checks its class, code and status. */
    async function expectError(
      promise: Promise<unknown>,
      errorClass: abstract new (...args: never[]) => Error,
      code: CairnErrorCode,
      status: number,
    ) {
      const error = await promise.then(
        () => expect.unreachable('expected the call to fail'),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(errorClass);
      expect(error).toBeInstanceOf(sdk.CairnError);
      const cairnError = error as InstanceType<SdkModule['CairnError']>;
      expect({ code: cairnError.code, status: cairnError.status }).toEqual({ code, status });
      expect(cairnError.requestId).toEqual(expect.any(String));
      return cairnError;
    }

    beforeAll(async () => {
      target = await setup();
      cairn = new sdk.Cairn({
        apiKey: target.apiKey,
        baseUrl: target.baseUrl,
        retry: { baseDelayMs: 10, maxDelayMs: 100 },
      });
      options = (await create()).chain_options;
      expect(options.length, 'the key must offer at least two chain options').toBeGreaterThanOrEqual(2);
    });

    afterAll(async () => {
      await target?.close();
    });

    describe('payments.create', () => {
      it('creates a pending payment with a checkout URL and chain options without addresses', async () => {
        const order = orderId('create');
        const payment = await cairn.payments.create({
          fiat_amount: '25.00',
          fiat_currency: 'EUR',
          accepted_tokens: [tokenOf(options[0]!)],
          order_id: order,
          description: 'Two bags of coffee',
          success_url: 'https://shop.example/thanks',
        });
        expect(payment).toMatchObject({
          status: 'pending',
          mode: cairn.mode,
          fiat_amount: '25.00',
          fiat_currency: 'EUR',
          order_id: order,
          description: 'Two bags of coffee',
          success_url: 'https://shop.example/thanks',
          accepted_tokens: [tokenOf(options[0]!)],
          restrict_to_accepted: false,
          selected_chain_id: null,
        });
        expect(payment.checkout_url.endsWith(payment.id)).toBe(true);
        expect(payment.chain_options.length).toBeGreaterThanOrEqual(2);
        for (const option of payment.chain_options) {
          expect(option).toMatchObject({ address: '', payment_uri: '' });
        }
        expect(Date.parse(payment.expires_at)).toBeGreaterThan(Date.parse(payment.created_at));
      });

      it('stores metadata as given and returns it (an empty object without any)', async () => {
        const metadata = { cart_id: 'c_8812', 'customer.ref': 'u-551' };
        const payment = await create({ metadata });
        expect(payment.metadata).toEqual(metadata);
        expect((await cairn.payments.retrieve(payment.id)).metadata).toEqual(metadata);
        expect((await create()).metadata).toEqual({});
      });

      it('offers only the accepted set when restrict_to_accepted is true', async () => {
        const payment = await create({ accepted_tokens: [tokenOf(options[0]!)], restrict_to_accepted: true });
        expect(payment.restrict_to_accepted).toBe(true);
        expect(payment.chain_options.map(tokenOf)).toEqual([tokenOf(options[0]!)]);
      });

      it('rejects restrict_to_accepted without an accepted set (RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST)', async () => {
        await expectError(
          create({ restrict_to_accepted: true }),
          sdk.ValidationError,
          'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
          422,
        );
      });

      it('reports invalid fields as a ValidationError with fields', async () => {
        const error = (await expectError(
          create({ fiat_amount: 'twelve' }),
          sdk.ValidationError,
          'VALIDATION_ERROR',
          422,
        )) as InstanceType<SdkModule['ValidationError']>;
        expect(error.fields.map((f) => f.field)).toContain('fiat_amount');
      });

      it('returns the same payment for a repeated Idempotency-Key and body', async () => {
        const idempotencyKey = sdk.generateIdempotencyKey();
        const body = { fiat_amount: '10.00', fiat_currency: 'EUR', order_id: orderId('idem') };
        const first = await cairn.payments.create(body, { idempotencyKey });
        const second = await cairn.payments.create(body, { idempotencyKey });
        expect(second.id).toBe(first.id);
      });

      it('rejects a reused Idempotency-Key with another body (IDEMPOTENCY_KEY_REUSED, not retried)', async () => {
        const idempotencyKey = sdk.generateIdempotencyKey();
        await cairn.payments.create({ fiat_amount: '10.00', fiat_currency: 'EUR' }, { idempotencyKey });
        await expectError(
          cairn.payments.create({ fiat_amount: '11.00', fiat_currency: 'EUR' }, { idempotencyKey }),
          sdk.ConflictError,
          'IDEMPOTENCY_KEY_REUSED',
          409,
        );
      });
    });

    describe('payments.retrieve', () => {
      it('returns the payment', async () => {
        const created = await create();
        const payment = await cairn.payments.retrieve(created.id);
        expect(payment).toMatchObject({ id: created.id, status: 'pending', order_id: created.order_id });
      });

      it('throws NotFoundError for an unknown id', async () => {
        await expectError(cairn.payments.retrieve(MISSING_ID), sdk.NotFoundError, 'NOT_FOUND', 404);
      });

      it('does not show a payment to a key of the other mode', async () => {
        const created = await create();
        const other = new sdk.Cairn({ apiKey: target.otherModeKey, baseUrl: target.baseUrl });
        expect(other.mode).not.toBe(cairn.mode);
        await expectError(other.payments.retrieve(created.id), sdk.NotFoundError, 'NOT_FOUND', 404);
      });

      it('throws AuthenticationError for an unknown key', async () => {
        const stranger = new sdk.Cairn({
          apiKey: `pk_test_unknown${globalThis.crypto.randomUUID().replaceAll('-', '')}`,
          baseUrl: target.baseUrl,
        });
        await expectError(
          stranger.payments.retrieve(MISSING_ID),
          sdk.AuthenticationError,
          'UNAUTHORIZED',
          401,
        );
      });
    });

    describe('payments.export', () => {
      let order: string;
      let created: Payment[];
      const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

      beforeAll(async () => {
        order = orderId('export');
        created = [];
        for (let i = 0; i < 3; i++) created.push(await create({ order_id: order }));
      });

      it('streams CSV with a header row, newest first, for the list filters', async () => {
        const text = await read(await cairn.payments.export({ order_id: order }));
        const [header, ...rows] = text.split('\r\n').filter((line) => line !== '');
        const columns = header!.split(',');
        expect(columns[0]).toBe('id');
        expect(columns).toContain('status');
        expect(rows.map((row) => row.split(',')[0])).toEqual(created.map((p) => p.id).reverse());
      });

      it('streams JSON Lines and applies the status filter', async () => {
        await cairn.payments.cancel(created[0]!.id);
        const stream = await cairn.payments.export({
          format: 'jsonl',
          order_id: order,
          status: ['cancelled'],
        });
        const lines = (await read(stream))
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as { id: string; status: string });
        expect(lines).toEqual([expect.objectContaining({ id: created[0]!.id, status: 'cancelled' })]);
      });

      it('never shows the other mode, and rejects a bad filter with a typed error', async () => {
        const other = new sdk.Cairn({ apiKey: target.otherModeKey, baseUrl: target.baseUrl, maxRetries: 0 });
        const text = await read(await other.payments.export({ format: 'jsonl', order_id: order }));
        expect(text).toBe('');
        await expect(
          cairn.payments.export({ created_gte: 'yesterday' }, { maxRetries: 0 }),
        ).rejects.toBeInstanceOf(sdk.ValidationError);
      });
    });

    describe('payments.list', () => {
      let order: string;
      let created: Payment[];

      beforeAll(async () => {
        order = orderId('list');
        created = [];
        for (let i = 0; i < 5; i++) created.push(await create({ order_id: order }));
      });

      it('awaits to one page, newest first', async () => {
        const page = await cairn.payments.list({ order_id: order, limit: 2 });
        expect(page.data.map((p) => p.id)).toEqual([created[4]!.id, created[3]!.id]);
        expect(page.has_more).toBe(true);
        expect(page.next_starting_after).toEqual(expect.any(String));
      });

      it('iterates every payment across pages with for await', async () => {
        const ids: string[] = [];
        for await (const payment of cairn.payments.list({ order_id: order, limit: 2 })) ids.push(payment.id);
        expect(ids).toEqual(created.map((p) => p.id).reverse());
      });

      it('continues from starting_after', async () => {
        const page = await cairn.payments.list({ order_id: order, limit: 2, starting_after: created[3]!.id });
        expect(page.data.map((p) => p.id)).toEqual([created[2]!.id, created[1]!.id]);
      });

      it('filters by status (one or several) and by creation time', async () => {
        await cairn.payments.cancel(created[0]!.id);
        const cancelled = await cairn.payments.list({ order_id: order, status: 'cancelled' });
        expect(cancelled.data.map((p) => p.id)).toEqual([created[0]!.id]);
        const both = await cairn.payments.list({ order_id: order, status: ['pending', 'cancelled'] });
        expect(both.data).toHaveLength(5);
        const future = await cairn.payments.list({
          order_id: order,
          created_gte: new Date(Date.now() + 3_600_000),
        });
        expect(future.data).toEqual([]);
        expect(future.has_more).toBe(false);
      });
    });

    describe('payments.cancel', () => {
      it('cancels a pending payment (cancelled_by merchant)', async () => {
        const payment = await cairn.payments.cancel((await create()).id);
        expect(payment).toMatchObject({ status: 'cancelled', cancelled_by: 'merchant' });
      });

      it('refuses a detected payment with PAYMENT_NOT_CANCELLABLE', async (context) => {
        if (!target.markDetected) return context.skip();
        const payment = await create();
        await target.markDetected(payment.id);
        await expectError(
          cairn.payments.cancel(payment.id),
          sdk.ConflictError,
          'PAYMENT_NOT_CANCELLABLE',
          409,
        );
      });
    });

    describe('testHelpers.payments.expire', () => {
      const testAndLive = () => {
        const other = new sdk.Cairn({ apiKey: target.otherModeKey, baseUrl: target.baseUrl, maxRetries: 0 });
        return cairn.mode === 'test' ? { test: cairn, live: other } : { test: other, live: cairn };
      };

      it('expires a pending test payment now, with payment.expired', async () => {
        const { test } = testAndLive();
        const created = await test.payments.create({
          fiat_amount: '25.00',
          fiat_currency: 'EUR',
          order_id: orderId('x'),
        });
        const payment = await test.testHelpers.payments.expire(created.id);
        expect(payment).toMatchObject({ id: created.id, status: 'expired' });
        const page = await test.events.list({ payment_id: created.id });
        expect(page.data.map((e) => e.event)).toEqual(['payment.expired']);
        await expectError(
          test.testHelpers.payments.expire(created.id),
          sdk.ConflictError,
          'INVALID_PAYMENT_STATE',
          409,
        );
      });

      it('refuses a live key with TEST_MODE_ONLY (PermissionError), before looking the payment up', async () => {
        const { live } = testAndLive();
        await expectError(
          live.testHelpers.payments.expire(MISSING_ID),
          sdk.PermissionError,
          'TEST_MODE_ONLY',
          403,
        );
      });
    });

    describe('events', () => {
      it('lists the events of a payment newest first, pages them, and retrieves one by id', async () => {
        const first = await create();
        const second = await create();
        await cairn.payments.cancel(first.id);
        await cairn.payments.cancel(second.id);
        const page = await cairn.events.list({ payment_id: first.id });
        expect(page.data.map((e) => e.event)).toEqual(['payment.cancelled']);
        const event = page.data[0]!;
        expect(event.id).toMatch(/^evt_[0-9a-f-]{36}$/);
        expect(event.event === 'payment.cancelled' && event.data.payment.id).toBe(first.id);
        expect(event.event === 'payment.cancelled' && event.data.cancelled_by).toBe('merchant');
        expect(await cairn.events.retrieve(event.id)).toEqual(event);

        // Both, newest first, one per page with for await; the type filter keeps them.
        const ids: string[] = [];
        for await (const e of cairn.events.list({ type: ['payment.cancelled'], limit: 1 })) {
          ids.push(e.id);
          if (ids.length === 2) break;
        }
        const [secondEvent] = (await cairn.events.list({ payment_id: second.id })).data;
        expect(ids).toEqual([secondEvent!.id, event.id]);
        const other = await cairn.events.list({ payment_id: first.id, type: 'payment.confirmed' });
        expect(other.data).toEqual([]);
      });

      it('throws NotFoundError for an unknown or malformed event id', async () => {
        await expectError(cairn.events.retrieve(`evt_${MISSING_ID}`), sdk.NotFoundError, 'NOT_FOUND', 404);
        await expectError(cairn.events.retrieve('evt_nope'), sdk.NotFoundError, 'NOT_FOUND', 404);
      });

      it('does not show an event to a key of the other mode', async () => {
        const payment = await create();
        await cairn.payments.cancel(payment.id);
        const [event] = (await cairn.events.list({ payment_id: payment.id })).data;
        const other = new sdk.Cairn({ apiKey: target.otherModeKey, baseUrl: target.baseUrl });
        await expectError(other.events.retrieve(event!.id), sdk.NotFoundError, 'NOT_FOUND', 404);
        expect((await other.events.list({ payment_id: payment.id })).data).toEqual([]);
      });
    });

    describe('paymentLinks', () => {
      it('creates, retrieves, lists across pages and deactivates a link (twice is a no-op)', async () => {
        const link = await cairn.paymentLinks.create({
          fiat_amount: '12.50',
          fiat_currency: 'EUR',
          description: `sdk-suite ${runId}`,
          max_uses: 3,
          metadata: { run: runId },
        });
        expect(link).toMatchObject({
          mode: cairn.mode,
          active: true,
          fiat_amount: '12.50',
          fiat_currency: 'EUR',
          description: `sdk-suite ${runId}`,
          max_uses: 3,
          uses: 0,
          metadata: { run: runId },
          deactivated_at: null,
        });
        expect(link.url).toMatch(new RegExp(`/links/${link.id}$`));
        expect(await cairn.paymentLinks.retrieve(link.id)).toEqual(link);
        const second = await cairn.paymentLinks.create({ fiat_amount: '1.00', fiat_currency: 'EUR' });
        const third = await cairn.paymentLinks.create({ fiat_amount: '2.00', fiat_currency: 'EUR' });
        const firstPage = await cairn.paymentLinks.list({ limit: 2 });
        expect(firstPage.data.map((l) => l.id)).toEqual([third.id, second.id]);
        expect(firstPage).toMatchObject({ has_more: true, next_starting_after: second.id });
        const seen: string[] = [];
        for await (const l of cairn.paymentLinks.list({ limit: 2 })) {
          seen.push(l.id);
          if (seen.length === 3) break;
        }
        expect(seen).toEqual([third.id, second.id, link.id]);
        const off = await cairn.paymentLinks.deactivate(link.id);
        expect(off).toMatchObject({ id: link.id, active: false, deactivated_at: expect.any(String) });
        expect(await cairn.paymentLinks.deactivate(link.id)).toEqual(off);
        expect(await cairn.paymentLinks.retrieve(link.id)).toEqual(off);
        const inactive = await cairn.paymentLinks.list({ active: false, limit: 100 });
        expect(inactive.data.map((l) => l.id)).toContain(link.id);
        expect(inactive.data.every((l) => !l.active)).toBe(true);
        const active = await cairn.paymentLinks.list({ active: true, limit: 100 });
        expect(active.data.map((l) => l.id)).toEqual(expect.arrayContaining([second.id, third.id]));
        expect(active.data.map((l) => l.id)).not.toContain(link.id);
      });

      it('throws NotFoundError for an unknown link, to retrieve and to deactivate', async () => {
        await expectError(cairn.paymentLinks.retrieve(MISSING_ID), sdk.NotFoundError, 'NOT_FOUND', 404);
        await expectError(cairn.paymentLinks.deactivate(MISSING_ID), sdk.NotFoundError, 'NOT_FOUND', 404);
      });

      it('returns the same link for a repeated Idempotency-Key; another body gives IDEMPOTENCY_KEY_REUSED', async () => {
        const idempotencyKey = sdk.generateIdempotencyKey();
        const body = { fiat_amount: '3.00', fiat_currency: 'EUR', description: `idem ${runId}` };
        const first = await cairn.paymentLinks.create(body, { idempotencyKey });
        expect(await cairn.paymentLinks.create(body, { idempotencyKey })).toEqual(first);
        await expectError(
          cairn.paymentLinks.create({ ...body, fiat_amount: '4.00' }, { idempotencyKey }),
          sdk.ConflictError,
          'IDEMPOTENCY_KEY_REUSED',
          409,
        );
      });

      it('filters payments by payment_link_id (a new link has none; other payments carry null)', async () => {
        const link = await cairn.paymentLinks.create({ fiat_amount: '2.00', fiat_currency: 'EUR' });
        const payment = await create();
        expect(payment.payment_link_id).toBeNull();
        expect((await cairn.payments.list({ payment_link_id: link.id })).data).toEqual([]);
      });

      it("lists a link's payments, which carry its id and metadata and count as its uses", async (context) => {
        if (!target.payLink) return context.skip();
        const link = await cairn.paymentLinks.create({
          fiat_amount: '7.00',
          fiat_currency: 'EUR',
          description: `paid link ${runId}`,
          max_uses: 5,
          metadata: { run: runId },
        });
        const paid = [await target.payLink(link.id), await target.payLink(link.id)];
        await create();
        const payments: Awaited<ReturnType<typeof cairn.payments.retrieve>>[] = [];
        for await (const p of cairn.payments.list({ payment_link_id: link.id, limit: 1 })) payments.push(p);
        expect(payments.map((p) => p.id).sort()).toEqual([...paid].sort());
        for (const payment of payments) {
          expect(payment).toMatchObject({
            status: 'pending',
            payment_link_id: link.id,
            fiat_amount: '7.00',
            fiat_currency: 'EUR',
            description: `paid link ${runId}`,
            metadata: { run: runId },
          });
        }
        expect((await cairn.paymentLinks.retrieve(link.id)).uses).toBe(2);
        await cairn.payments.cancel(paid[0]!);
        expect((await cairn.paymentLinks.retrieve(link.id)).uses).toBe(1);
      });

      it('refuses a bad link with ValidationError and hides it from the other mode', async () => {
        const error = await expectError(
          cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR', max_uses: 0 }),
          sdk.ValidationError,
          'VALIDATION_ERROR',
          422,
        );
        const fields = (error as InstanceType<SdkModule['ValidationError']>).fields;
        expect(fields.map((f) => f.field)).toContain('max_uses');
        const link = await cairn.paymentLinks.create({ fiat_amount: '5.00', fiat_currency: 'EUR' });
        const other = new sdk.Cairn({ apiKey: target.otherModeKey, baseUrl: target.baseUrl });
        await expectError(other.paymentLinks.retrieve(link.id), sdk.NotFoundError, 'NOT_FOUND', 404);
      });
    });

    describe('invoices', () => {
      const invoice = (extra: Partial<Parameters<typeof cairn.invoices.create>[0]> = {}) =>
        cairn.invoices.create({
          recipient_email: 'ada@example.com',
          fiat_currency: 'USD',
          line_items: [
            { description: 'Design work', quantity: '3', unit_price: '19.99' },
            { description: 'Stamps', quantity: '1.5', unit_price: '0.05' },
          ],
          due_date: '2030-01-31',
          ...extra,
        });

      it('creates a draft with exact amounts, sends, reminds and voids it; its events are listed', async () => {
        const created = await invoice({ metadata: { run: runId } });
        expect(created).toMatchObject({ status: 'draft', total: '60.05', metadata: { run: runId } });
        expect(created.line_items.map((l) => l.amount)).toEqual(['59.97', '0.08']);
        expect(await cairn.invoices.retrieve(created.id)).toEqual(created);
        await expectError(cairn.invoices.remind(created.id), sdk.ConflictError, 'INVALID_INVOICE_STATE', 409);
        expect((await cairn.invoices.send(created.id)).status).toBe('open');
        expect((await cairn.invoices.remind(created.id)).reminders_sent).toBe(1);
        const events = await cairn.events.list({ invoice_id: created.id });
        expect(events.data.map((e) => e.event)).toEqual(['invoice.reminder', 'invoice.sent']);
        const voided = await cairn.invoices.void(created.id);
        expect(voided.status).toBe('void');
        await expectError(cairn.invoices.send(created.id), sdk.ConflictError, 'INVALID_INVOICE_STATE', 409);
      });

      it('refuses a taken number (INVOICE_NUMBER_TAKEN) and finds an invoice by number with for await', async () => {
        const number = `SDK-${runId}`;
        const first = await invoice({ number });
        await expectError(invoice({ number }), sdk.ConflictError, 'INVOICE_NUMBER_TAKEN', 409);
        const found: string[] = [];
        for await (const i of cairn.invoices.list({ number })) found.push(i.id);
        expect(found).toEqual([first.id]);
        const drafts = await cairn.invoices.list({
          status: ['draft'],
          recipient_email: 'ADA@example.com',
          limit: 100,
        });
        expect(drafts.data.map((i) => i.id)).toContain(first.id);
      });
    });

    describe('payments.acceptShortfall', () => {
      it('refuses a payment that is not underpaid (INVALID_PAYMENT_STATE)', async () => {
        await expectError(
          cairn.payments.acceptShortfall((await create()).id),
          sdk.ConflictError,
          'INVALID_PAYMENT_STATE',
          409,
        );
      });

      it('confirms an underpaid payment', async (context) => {
        if (!target.markUnderpaid) return context.skip();
        const created = await create();
        await target.markUnderpaid(created.id);
        expect((await cairn.payments.acceptShortfall(created.id)).status).toBe('confirmed');
      });
    });

    describe('payments.recordRefund', () => {
      const refundOf = (option: ChainOption) => ({
        chain_id: option.chain_id,
        coin_symbol: option.coin_symbol,
        tx_id: `refund-${runId}-${counter++}`,
        amount: '1000',
      });

      it('refuses a payment that is not refundable (INVALID_PAYMENT_STATE)', async () => {
        const payment = await create();
        await expectError(
          cairn.payments.recordRefund(payment.id, refundOf(options[0]!)),
          sdk.ConflictError,
          'INVALID_PAYMENT_STATE',
          409,
        );
      });

      it('records a refund of an underpaid payment', async (context) => {
        if (!target.markUnderpaid) return context.skip();
        const payment = await create();
        await target.markUnderpaid(payment.id);
        const underpaid = await cairn.payments.retrieve(payment.id);
        expect(underpaid.status).toBe('underpaid');
        // Refund in the coin the customer paid with, when the server recorded one.
        const paidWith =
          underpaid.chain_options.find(
            (o) =>
              o.chain_id === underpaid.selected_chain_id && o.coin_symbol === underpaid.selected_coin_symbol,
          ) ?? options[0]!;
        const body = refundOf(paidWith);
        const refund = await cairn.payments.recordRefund(payment.id, body);
        expect(refund).toMatchObject({ payment_id: payment.id, ...body });
        const after = await cairn.payments.retrieve(payment.id);
        expect(after.status).toBe('refunded');
        expect(after.refunds.map((r) => r.id)).toContain(refund.id);
      });
    });

    describe('checkout', () => {
      it('retrieves the checkout of a pending payment', async () => {
        const payment = await create();
        const checkout = await cairn.checkout.retrieve(payment.id);
        expect(checkout).toMatchObject({
          payment_id: payment.id,
          status: 'pending',
          fiat_amount: '25.00',
          fiat_currency: 'EUR',
          selected: null,
        });
        expect(checkout.chain_options.length).toBeGreaterThanOrEqual(2);
      });

      it('selects a chain, keeps the address for the same option and refuses another', async () => {
        const payment = await create();
        const [first, second] = options as [ChainOption, ChainOption];
        const checkout = await cairn.checkout.selectChain(payment.id, {
          chain_id: first.chain_id,
          coin_symbol: first.coin_symbol,
        });
        expect(checkout.status).toBe('awaiting_payment');
        expect(checkout.selected).toMatchObject({ chain_id: first.chain_id, coin_symbol: first.coin_symbol });
        expect(checkout.selected?.address).not.toBe('');

        const again = await cairn.checkout.selectChain(payment.id, { token: tokenOf(first) });
        expect(again.selected?.address).toBe(checkout.selected?.address);
        expect((await cairn.checkout.retrieve(payment.id)).selected?.address).toBe(
          checkout.selected?.address,
        );

        const retrieved = await cairn.payments.retrieve(payment.id);
        expect(retrieved).toMatchObject({
          status: 'awaiting_payment',
          selected_chain_id: first.chain_id,
          selected_coin_symbol: first.coin_symbol,
        });

        await expectError(
          cairn.checkout.selectChain(payment.id, { token: tokenOf(second) }),
          sdk.ConflictError,
          'CHAIN_ALREADY_SELECTED',
          409,
        );
      });

      it('refuses a coin outside a restricted payment’s accepted set (COIN_NOT_IN_ACCEPTED_SET)', async () => {
        const [first, second] = options as [ChainOption, ChainOption];
        const payment = await create({ accepted_tokens: [tokenOf(first)], restrict_to_accepted: true });
        await expectError(
          cairn.checkout.selectChain(payment.id, {
            chain_id: second.chain_id,
            coin_symbol: second.coin_symbol,
          }),
          sdk.ValidationError,
          'COIN_NOT_IN_ACCEPTED_SET',
          422,
        );
      });

      it('throws NotFoundError for an unknown payment', async () => {
        await expectError(cairn.checkout.retrieve(MISSING_ID), sdk.NotFoundError, 'NOT_FOUND', 404);
      });
    });
  });
}
