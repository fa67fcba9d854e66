import { randomUUID } from 'node:crypto';
import { deriveAddress } from '@cairn/chain-utxo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment, Wallet } from '../../src/platform/db/entities/index.js';
import { call, outboxOf } from '../api/apiHelpers.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import {
  checkoutUrl,
  createCheckoutPayment,
  expectSeeOther,
  getPage,
  lockedAmount,
  postForm,
  startCheckoutGateway,
} from './checkoutHelpers.js';
import { reportSyntheticTransfer } from './reportSyntheticTransfer.js';

/**
 * The hosted checkout over real HTTP, as a browser without JavaScript uses it. These tests check pages,
 * forms and streams, not the chain: transfers are reported synthetically through the watcher's entry
 * point (`reportSyntheticTransfer`); the browser suite pays on a real litecoind.
 */
describe('hosted checkout (HTTP, no JavaScript)', () => {
  let test: TestGateway;

  beforeAll(async () => {
    test = await startCheckoutGateway({
      env: {
        CAIRN_CHECKOUT_ACTIONS_PER_MINUTE: '4',
        CAIRN_CHECKOUT_FRAME_ANCESTORS: "'self' https://shop.example",
      },
    });
  });
  afterAll(async () => {
    await test.stop();
  });

  const ltcWallet = () =>
    test.running.gateway.orm.em
      .fork()
      .findOneOrFail(Wallet, { businessId: test.businessId, chainId: 'LTC_REGTEST' });

  const pick = async (id: string, token = 'LTC_REGTEST:LTC') => {
    expectSeeOther(await postForm(`${checkoutUrl(test, id)}/select`, { token }), `/checkout/${id}`);
  };

  it('serves the picker with every option, the accepted one first and checked, and security headers', async () => {
    const payment = await createCheckoutPayment(test);
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'self' https://shop.example");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-store');

    expect(page.text).toContain('Cairn Dev Shop');
    expect(page.text).toContain('$25.00');
    expect(page.text).toContain('Two hand-thrown mugs');
    const values = [...page.text.matchAll(/name="token" id="[^"]+" value="([^"]+)"/g)].map((m) => m[1]);
    expect(values[0]).toBe('LTC_REGTEST:LTC');
    expect(values).toEqual(expect.arrayContaining(['BTC_TESTNET:BTC', 'LTC_TESTNET:LTC']));
    expect(values).toHaveLength(payment.chain_options.length);
    expect(page.text).toMatch(/value="LTC_REGTEST:LTC" required checked/);
    // Every amount for reading (these coins have 8 decimals: shown whole), with the exact one in its
    // title, and never in smallest units.
    for (const option of payment.chain_options) {
      expect(page.text).toContain(
        `title="Exact amount: ${option.display_amount} ${option.coin_symbol}">${option.display_amount} ${option.coin_symbol}</strong>`,
      );
    }
    expect(page.text).not.toContain('base units');
    // No inline script or style, nothing from another host.
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc="\/checkout\/assets\/)/);
    expect(page.text).not.toMatch(/\sstyle=/);
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('offers only the accepted set on a restricted payment', async () => {
    const payment = await createCheckoutPayment(test, {
      accepted_tokens: ['LTC_REGTEST:LTC'],
      restrict_to_accepted: true,
    });
    const page = await getPage(checkoutUrl(test, payment.id));
    const values = [...page.text.matchAll(/name="token" id="[^"]+" value="([^"]+)"/g)].map((m) => m[1]);
    expect(values).toEqual(['LTC_REGTEST:LTC']);
  });

  it('picks through select-chain, then shows address, exact amount, QR, wallet link, countdown and warning', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const stored = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: payment.id });
    expect(stored.status).toBe('awaiting_payment');
    expect((await outboxOf(test, payment.id)).map((e) => e.event)).toEqual(['payment.awaiting']);
    const page = await getPage(checkoutUrl(test, payment.id));
    // The address in groups of 4, copied whole.
    const groups = stored
      .depositAddress!.match(/.{1,4}/g)!
      .map((g) => `<span>${g}</span>`)
      .join('');
    expect(page.text).toContain(
      `id="pay-address" data-copy-value="${stored.depositAddress}">${groups}</code>`,
    );
    // The countdown opens the pay view.
    expect(page.text.indexOf('data-countdown')).toBeLessThan(page.text.indexOf('id="pay-address"'));
    expect(stored.depositAddress).toMatch(/^rltc1/);
    expect(page.text).toContain('Litecoin Regtest');
    expect(page.text).toContain(`href="${stored.paymentUri.replaceAll('&', '&amp;')}"`);
    expect(page.text).toContain('Send only LTC on the Litecoin Regtest network');
    expect(page.text).toMatch(
      /<time class="countdown" datetime="[^"]+" data-countdown>(1:00:00|59:\d\d)<\/time>/,
    );
    expect(page.text).toContain('<noscript><meta http-equiv="refresh" content="15"></noscript>');

    const qr = await fetch(`${checkoutUrl(test, payment.id)}/qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await qr.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);

    // Picking again (a double submit) is harmless; another coin now is refused with the reason.
    await pick(payment.id);
    const other = await postForm(`${checkoutUrl(test, payment.id)}/select`, { token: 'BTC_TESTNET:BTC' });
    expect(other.status).toBe(409);
    expect(await other.text()).toContain('was already selected');
  });

  it('refuses a pick without a choice, and an unknown id is a 404 page', async () => {
    const payment = await createCheckoutPayment(test);
    const empty = await postForm(`${checkoutUrl(test, payment.id)}/select`, {});
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Choose a coin and network first.');

    for (const id of [randomUUID(), 'not-a-uuid', `${payment.id}x`]) {
      const missing = await getPage(checkoutUrl(test, id));
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(missing.text).toContain('Payment not found');
    }
    const missingAction = await postForm(`${checkoutUrl(test, randomUUID())}/cancel`, {});
    expect(missingAction.status).toBe(404);
    expect((await getPage(`${test.baseUrl}/checkout/${payment.id}/nothing/here`)).status).toBe(404);
  });

  it('refuses a form body that is not UTF-8, raw or percent-encoded, with a 400 page, and picks nothing', async () => {
    for (const body of [
      Buffer.concat([Buffer.from('token=LTC_REGTEST%3ALTC&note='), Buffer.from([0xff, 0xfe])]),
      Buffer.concat([Buffer.from('token=LTC_REGTEST%3ALTC&note=caf'), Buffer.from([0xe9])]),
      Buffer.from('token=LTC_REGTEST%3ALTC&note=%FF'),
      Buffer.from('token=LTC_REGTEST%3ALTC&note=%ED%A0%80'),
      Buffer.from('token=LTC_REGTEST%3ALTC&note=%C0%AF'),
    ]) {
      const payment = await createCheckoutPayment(test);
      const response = await fetch(`${checkoutUrl(test, payment.id)}/select`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body,
        redirect: 'manual',
      });
      expect(response.status, body.toString('latin1')).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const row = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: payment.id });
      expect(row.status).toBe('pending');
    }
    // The same form in UTF-8 picks.
    const payment = await createCheckoutPayment(test);
    const ok = await fetch(`${checkoutUrl(test, payment.id)}/select`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=LTC_REGTEST%3ALTC&note=caf%C3%A9+%E2%9C%93',
      redirect: 'manual',
    });
    expectSeeOther(ok, `/checkout/${payment.id}`);
  });

  it('cancels for the customer after a confirmation page, then redirects to cancel_url', async () => {
    const payment = await createCheckoutPayment(test, { cancel_url: 'https://shop.example/cart?x=1' });
    await pick(payment.id);
    const confirm = await getPage(`${checkoutUrl(test, payment.id)}/cancel`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('If you already sent coins, do not cancel');
    // The Cancel POST redirects to the cancel_url: the CSP's form-action must allow its origin.
    expect(confirm.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://shop.example;",
    );

    expectSeeOther(
      await postForm(`${checkoutUrl(test, payment.id)}/cancel`, {}),
      'https://shop.example/cart?x=1',
    );
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual(['payment.awaiting', 'payment.cancelled']);
    expect(events[1]!.payload.data.cancelled_by).toBe('customer');
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.text).toContain('You cancelled this payment.');
    expect(page.text).toContain('href="https://shop.example/cart?x=1"');
  });

  it('does not cancel once a transaction is detected, and says why', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const txId = await reportSyntheticTransfer(test, payment.id, await lockedAmount(test, payment.id));
    const refused = await postForm(`${checkoutUrl(test, payment.id)}/cancel`, {});
    expect(refused.status).toBe(409);
    const text = await refused.text();
    expect(text).toContain('role="alert"');
    expect(text).toContain(txId);
    expect(text).toContain('Confirming: 0 of 6 blocks');
    expect(text).toContain('<progress max="6" value="0" aria-labelledby="confirmations-label"></progress>');
    // The cancel page sends the customer back to the payment.
    expectSeeOther(
      (await fetch(`${checkoutUrl(test, payment.id)}/cancel`, { redirect: 'manual' })) as Response,
      `/checkout/${payment.id}`,
    );
  });

  it('takes a refund request on an underpaid payment, with an address validated for its chain', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const locked = await lockedAmount(test, payment.id);
    const txId = await reportSyntheticTransfer(test, payment.id, locked / 2n);
    await reportSyntheticTransfer(test, payment.id, locked / 2n, { txId, confirmations: 1 });
    const underpaid = await getPage(checkoutUrl(test, payment.id));
    expect(underpaid.text).toContain('Partly paid');
    expect(underpaid.text).toContain('id="rest-amount"');
    const remainderQr = await fetch(`${checkoutUrl(test, payment.id)}/remainder-qr.svg`);
    expect(remainderQr.status).toBe(200);
    expect(underpaid.text).toContain('for="refund-address"');

    const wrong = await postForm(`${checkoutUrl(test, payment.id)}/refund`, {
      refund_address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    });
    expect(wrong.status).toBe(422);
    const wrongText = await wrong.text();
    expect(wrongText).toContain('aria-invalid="true" value="tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl"');
    expect(wrongText).toContain('starts with rltc1');
    expect(wrongText.match(/starts with rltc1/g)).toHaveLength(1);
    expect(wrongText).toContain(`action="/checkout/${payment.id}/refund#refund-address"`);
    // Reloading the refused answer (a GET of the action URL) goes back to the payment.
    expectSeeOther(
      await fetch(`${checkoutUrl(test, payment.id)}/refund`, { redirect: 'manual' }),
      `/checkout/${payment.id}`,
    );

    const em = test.running.gateway.orm.em.fork();
    const wallet = await em.findOneOrFail(Wallet, { businessId: test.businessId, chainId: 'LTC_REGTEST' });
    const refundTo = deriveAddress({ chainId: 'LTC_REGTEST', wallet: wallet.value, index: 999 });
    expectSeeOther(
      await postForm(`${checkoutUrl(test, payment.id)}/refund`, { refund_address: ` ${refundTo} ` }),
      `/checkout/${payment.id}`,
    );
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.underpaid',
      'payment.refund_requested',
    ]);
    expect(events[3]!.payload.data.payment.refund_address).toBe(refundTo);
    expect(events[3]!.payload.data.payment.status).toBe('refund_requested');
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.text).toContain('Refund requested');
    expect(page.text).toContain(refundTo);
    expect(page.text).not.toContain('for="refund-address"');
  });

  it('a customer who pays, then cancels: the page says the money arrived and takes a refund address', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const locked = await lockedAmount(test, payment.id);
    expectSeeOther(await postForm(`${checkoutUrl(test, payment.id)}/cancel`, {}), `/checkout/${payment.id}`);
    const txId = await reportSyntheticTransfer(test, payment.id, locked);
    const seen = await getPage(checkoutUrl(test, payment.id));
    expect(seen.text).toContain('data-status="cancelled"');
    expect(seen.text).toContain('You cancelled this payment.');
    expect(seen.text).toContain(
      'A transaction to this payment’s address was seen after the payment was closed. Once it has 6 confirmations, you can ask for it back here.',
    );
    expect(seen.text).toContain(txId);
    expect(seen.text).not.toContain('for="refund-address"');
    // Asking before the money is at depth is refused with the reason.
    const early = await postForm(`${checkoutUrl(test, payment.id)}/refund`, {
      refund_address: deriveAddress({
        chainId: 'LTC_REGTEST',
        wallet: (await ltcWallet()).value,
        index: 998,
      }),
    });
    expect(early.status).toBe(409);

    await reportSyntheticTransfer(test, payment.id, locked, { txId, confirmations: 6 });
    const reported = await getPage(checkoutUrl(test, payment.id));
    expect(reported.text).toMatch(
      /[\d.]+ LTC arrived after this payment was closed\. It does not pay for the order; the merchant can send it back\./,
    );
    expect(reported.text).toContain('for="refund-address"');
    expect(reported.text).toContain(txId);

    const refundTo = deriveAddress({ chainId: 'LTC_REGTEST', wallet: (await ltcWallet()).value, index: 997 });
    expectSeeOther(
      await postForm(`${checkoutUrl(test, payment.id)}/refund`, { refund_address: refundTo }),
      `/checkout/${payment.id}`,
    );
    // The same address again is a no-op; another one is refused (the first request wins).
    expectSeeOther(
      await postForm(`${checkoutUrl(test, payment.id)}/refund`, { refund_address: refundTo }),
      `/checkout/${payment.id}`,
    );
    const other = deriveAddress({ chainId: 'LTC_REGTEST', wallet: (await ltcWallet()).value, index: 996 });
    expect(
      (await postForm(`${checkoutUrl(test, payment.id)}/refund`, { refund_address: other })).status,
    ).toBe(409);
    const events = await outboxOf(test, payment.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.cancelled',
      'payment.received_after_close',
      'payment.refund_requested',
    ]);
    expect(events[3]!.payload.data.payment).toMatchObject({ status: 'cancelled', refund_address: refundTo });
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.text).toContain('data-status="cancelled"');
    expect(page.text).toContain(`has been asked to send it back to ${refundTo}`);
    expect(page.text).not.toContain('for="refund-address"');
  });

  it('money after a refunded payment closed: the earlier refund address is on record, not asked again', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const locked = await lockedAmount(test, payment.id);
    const half = locked / 2n;
    const txId = await reportSyntheticTransfer(test, payment.id, half);
    await reportSyntheticTransfer(test, payment.id, half, { txId, confirmations: 6 });
    const refundTo = deriveAddress({ chainId: 'LTC_REGTEST', wallet: (await ltcWallet()).value, index: 995 });
    expectSeeOther(
      await postForm(`${checkoutUrl(test, payment.id)}/refund`, { refund_address: refundTo }),
      `/checkout/${payment.id}`,
    );
    const refunded = await call(test.baseUrl, test.apiKey, 'POST', `/payments/${payment.id}/refunds`, {
      json: { chain_id: 'LTC_REGTEST', coin_symbol: 'LTC', tx_id: 'a'.repeat(64), amount: half.toString() },
    });
    expect(refunded.status, refunded.text).toBe(201);

    const late = await reportSyntheticTransfer(test, payment.id, locked);
    await reportSyntheticTransfer(test, payment.id, locked, { txId: late, confirmations: 6 });
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.text).toContain('data-status="refunded"');
    expect(page.text).toMatch(/[\d.]+ LTC arrived after this payment was closed\./);
    expect(page.text).toContain(`The refund address you gave`);
    expect(page.text).toContain(`before, ${refundTo}, is on record`);
    expect(page.text).not.toContain('has been asked to send it back');
  });

  it('tells an overpaying customer the excess, and redirects only where success_url is http(s)', async () => {
    const payment = await createCheckoutPayment(test, { success_url: 'https://shop.example/thanks' });
    await pick(payment.id);
    const locked = await lockedAmount(test, payment.id);
    const txId = await reportSyntheticTransfer(test, payment.id, (locked * 3n) / 2n);
    await reportSyntheticTransfer(test, payment.id, (locked * 3n) / 2n, { txId, confirmations: 6 });
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.text).toContain('data-status="confirmed"');
    expect(page.text).toMatch(/You sent [\d.]+ LTC more than needed/);
    expect(page.text).toContain('data-redirect="https://shop.example/thanks"');
    expect(page.text).toContain(
      '<noscript><meta http-equiv="refresh" content="3;url=https://shop.example/thanks"></noscript>',
    );
  });

  it('refuses a refund request where nothing arrived', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const response = await postForm(`${checkoutUrl(test, payment.id)}/refund`, {
      refund_address: 'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
    });
    expect(response.status).toBe(409);
    const stored = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: payment.id });
    expect(stored.refundAddress).toBeNull();
  });

  it('rate limits customer actions per payment and IP', async () => {
    const payment = await createCheckoutPayment(test);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await postForm(`${checkoutUrl(test, payment.id)}/select`, { token: 'x' })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const limited = await postForm(`${checkoutUrl(test, payment.id)}/select`, { token: 'x' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.text()).toContain('Too many attempts');
    // Another payment is not affected.
    const other = await createCheckoutPayment(test);
    expect((await postForm(`${checkoutUrl(test, other.id)}/select`, { token: 'x' })).status).toBe(422);
  });

  it('escapes what the merchant and the customer typed', async () => {
    const payment = await createCheckoutPayment(test, {
      description: '<img src=x onerror=alert(1)> "quoted" & more',
    });
    const page = await getPage(checkoutUrl(test, payment.id));
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; more');
    expect(page.text).not.toContain('<img src=x');
    await pick(payment.id);
    await reportSyntheticTransfer(test, payment.id, 1n);
    const refused = await postForm(`${checkoutUrl(test, payment.id)}/refund`, {
      refund_address: '"><script>alert(1)</script>',
    });
    expect(refused.status).toBe(422);
    const text = await refused.text();
    expect(text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(text).not.toContain('<script>alert');
  });

  it('streams status changes as server-sent events, and caps streams per payment and IP', async () => {
    const payment = await createCheckoutPayment(test);
    await pick(payment.id);
    const controllers: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      controllers.push(controller);
      return fetch(`${checkoutUrl(test, payment.id)}/events`, { signal: controller.signal });
    };
    try {
      const stream = await open();
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      const nextEvent = async (): Promise<Record<string, unknown>> => {
        for (;;) {
          const match = /event: status\ndata: (.*)\n\n/.exec(received);
          if (match) {
            received = received.slice(match.index + match[0].length);
            return JSON.parse(match[1]!);
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          received += value;
        }
      };
      const first = await nextEvent();
      expect(first.status).toBe('awaiting_payment');
      expect(first.progress).toContain('data-status="awaiting_payment"');
      const txId = await reportSyntheticTransfer(test, payment.id, await lockedAmount(test, payment.id));
      // A background write to the payment (its updated_at) can send one more awaiting_payment update
      // before the detection does; what matters is that the detection arrives and nothing else does.
      let second = await nextEvent();
      while (second.status === 'awaiting_payment') second = await nextEvent();
      expect(second.status).toBe('payment_detected');
      expect(second.headline).toBe('Payment detected');
      expect(second.progress).toContain(txId);
      expect(second.version).not.toBe(first.version);

      for (let i = 0; i < 4; i++) expect((await open()).status).toBe(200);
      const sixth = await open();
      expect(sixth.status).toBe(429);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });

  it('keeps each page within 100 KB uncompressed (HTML, CSS, JS; the QR excluded)', async () => {
    const payment = await createCheckoutPayment(test);
    const pages = [await getPage(checkoutUrl(test, payment.id))];
    await pick(payment.id);
    pages.push(await getPage(checkoutUrl(test, payment.id)));
    pages.push(await getPage(`${checkoutUrl(test, payment.id)}/cancel`));
    for (const page of pages) {
      const assets = [...page.text.matchAll(/(?:href|src)="(\/checkout\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThanOrEqual(1);
      let total = Buffer.byteLength(page.text);
      for (const path of assets) {
        const response = await fetch(`${test.baseUrl}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        total += (await response.arrayBuffer()).byteLength;
      }
      expect(total).toBeLessThanOrEqual(100 * 1024);
    }
  });
});
