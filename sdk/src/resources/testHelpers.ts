import type { Payment } from '@cairn/contract';
import type { RequestOptions, SendRequest } from '../request.js';

/** `cairn.testHelpers.payments`: make test-mode payments produce their events now. */
export interface TestHelperPaymentsResource {
  /**
   * Test mode only: ends a test payment's window now, as if its timer had fired. A `pending` or
   * `awaiting_payment` payment with nothing received becomes `expired` (the `payment.expired` event);
   * an `underpaid` one becomes `expired_underpaid` (`payment.expired_underpaid`); `expires_at` becomes
   * the current time. A payment whose window cannot end (detected, confirming, revived, closed or
   * final) gives `ConflictError` `INVALID_PAYMENT_STATE`; a live key gives `PermissionError`
   * `TEST_MODE_ONLY`; a live payment's id is `NotFoundError` for a test key.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_TEST_API_KEY! });
   * const payment = await cairn.testHelpers.payments.expire('5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a');
   * console.log(payment.status); // expired
   * ```
   */
  expire(id: string, options?: RequestOptions): Promise<Payment>;
}

/** `cairn.testHelpers`: test-mode-only helpers (a `pk_test_` key). */
export interface TestHelpersResource {
  /** Test payments: end a window now. */
  readonly payments: TestHelperPaymentsResource;
}

/** Builds `cairn.testHelpers` on top of a request function. */
export function createTestHelpersResource(send: SendRequest): TestHelpersResource {
  const unwrap = async (body: Promise<unknown>) => ((await body) as { data: Payment }).data;
  return {
    payments: {
      expire: (id, options) => unwrap(send('expireTestPayment', { pathParams: { id } }, options)),
    },
  };
}
