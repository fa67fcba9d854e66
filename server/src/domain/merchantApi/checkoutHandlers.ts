import type { Gateway } from '../gateway/Gateway.js';
import { retrieveCheckout } from '../payments/retrieveCheckout.js';
import { selectChain } from '../payments/selectChain.js';
import { type ApiHandlers, authOf, runIdempotent } from './ApiHandlers.js';

/** The checkout's API: read it, select a chain (what the customer's pick does). */
export function createCheckoutHandlers(
  gateway: Gateway,
): Pick<ApiHandlers, 'retrieveCheckout' | 'selectChain'> {
  return {
    retrieveCheckout: async ({ params, request }) => ({
      status: 200,
      body: { data: await retrieveCheckout(gateway, authOf(request), params.id) },
    }),
    selectChain: async ({ params, body, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await selectChain(gateway, authOf(request), params.id, body, tx) },
      })),
  };
}
