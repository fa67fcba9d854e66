import type { Payment } from '@cairn/contract';
import { expect } from 'vitest';
import { Payment as PaymentRow } from '../../src/platform/db/entities/index.js';
import type { Clock } from '../../src/platform/runtime/clock.js';
import { clientFor, createPaymentVia } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

/** A test gateway whose checkout pages update fast (status checks every 100 ms). */
export function startCheckoutGateway(
  options: { env?: Record<string, string>; clock?: Clock; workers?: boolean; watchers?: boolean } = {},
): Promise<TestGateway> {
  return startTestGateway({
    ...options,
    env: { CAIRN_CHECKOUT_STATUS_POLL_MS: '100', ...options.env },
  });
}

/** The checkout page URL of a payment on the test gateway. */
export const checkoutUrl = (test: TestGateway, id: string) => `${test.baseUrl}/checkout/${id}`;

/** Creates a payment through the merchant API (LTC_REGTEST accepted, so it is the default). */
export async function createCheckoutPayment(
  test: TestGateway,
  extra: Record<string, unknown> = {},
): Promise<Payment> {
  return createPaymentVia(clientFor(test.baseUrl, test.apiKey), {
    description: 'Two hand-thrown mugs',
    accepted_tokens: ['LTC_REGTEST:LTC'],
    ...extra,
  });
}

/** Posts a form like a browser without JavaScript (no redirect following). */
export async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** GETs a page and returns its status, headers and text. */
export async function getPage(url: string): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Asserts a 303 back to `location`. */
export function expectSeeOther(response: Response, location: string): void {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(location);
}

/** The payment's locked amount (what the customer must send), in smallest units. */
export async function lockedAmount(test: TestGateway, paymentId: string): Promise<bigint> {
  const payment = await test.running.gateway.orm.em.fork().findOneOrFail(PaymentRow, { id: paymentId });
  return BigInt(payment.lockedAmount ?? '0');
}
