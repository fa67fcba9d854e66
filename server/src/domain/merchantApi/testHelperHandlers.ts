import type { Gateway } from '../gateway/Gateway.js';
import { expireTestPayment } from '../payments/expireTestPayment.js';
import { type ApiHandlers, authOf, runIdempotent } from './ApiHandlers.js';

/** Test helpers (test mode only): end a test payment's window now. */
export function createTestHelperHandlers(gateway: Gateway): Pick<ApiHandlers, 'expireTestPayment'> {
  return {
    expireTestPayment: async ({ params, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await expireTestPayment(gateway, authOf(request), params.id, tx) },
      })),
  };
}
