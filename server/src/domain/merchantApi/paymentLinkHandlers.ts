import type { Gateway } from '../gateway/Gateway.js';
import { createPaymentLink } from '../paymentLinks/createPaymentLink.js';
import { deactivatePaymentLink } from '../paymentLinks/deactivatePaymentLink.js';
import { retrievePaymentLink } from '../paymentLinks/findPaymentLink.js';
import { listPaymentLinks } from '../paymentLinks/listPaymentLinks.js';
import { type ApiHandlers, authOf, runIdempotent } from './ApiHandlers.js';

/** Payment links: create, retrieve, list, deactivate. */
export function createPaymentLinkHandlers(
  gateway: Gateway,
): Pick<
  ApiHandlers,
  'createPaymentLink' | 'retrievePaymentLink' | 'listPaymentLinks' | 'deactivatePaymentLink'
> {
  return {
    createPaymentLink: async ({ body, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 201 as const,
        body: { data: await createPaymentLink(gateway, authOf(request), body, tx) },
      })),
    retrievePaymentLink: async ({ params, request }) => ({
      status: 200 as const,
      body: { data: await retrievePaymentLink(gateway, authOf(request), params.id) },
    }),
    listPaymentLinks: async ({ query, request }) => ({
      status: 200 as const,
      body: await listPaymentLinks(gateway, authOf(request), query),
    }),
    deactivatePaymentLink: async ({ params, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await deactivatePaymentLink(gateway, authOf(request), params.id, tx) },
      })),
  };
}
