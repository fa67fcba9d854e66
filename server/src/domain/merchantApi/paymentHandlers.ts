import { IDEMPOTENCY_KEY_HEADER } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import { requestFingerprint } from '../apiKeys/withIdempotency.js';
import { type InlineClaim, withInlineIdempotency } from '../apiKeys/withInlineIdempotency.js';
import type { Gateway } from '../gateway/Gateway.js';
import { acceptShortfall } from '../payments/acceptShortfall.js';
import { cancelPayment } from '../payments/cancelPayment.js';
import { createPayment } from '../payments/createPayment.js';
import { listPayments } from '../payments/listPayments.js';
import { recordRefund } from '../payments/recordRefund.js';
import { retrievePayment } from '../payments/retrievePayment.js';
import { type ApiHandlers, authOf, runIdempotent } from './ApiHandlers.js';

/** Payments: create (with its own inline idempotency), retrieve, list, cancel, accept a shortfall, record a refund. */
export function createPaymentHandlers(
  gateway: Gateway,
): Pick<
  ApiHandlers,
  'createPayment' | 'retrievePayment' | 'listPayments' | 'cancelPayment' | 'acceptShortfall' | 'recordRefund'
> {
  return {
    createPayment: async ({ body, request, reply }) => {
      const run = async (auth: AuthContext, claim?: InlineClaim, tx?: EntityManager) => ({
        status: 201 as const,
        body: { data: await createPayment(gateway, auth, body, claim, tx) },
      });
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string') return run(authOf(request));
      // The key is claimed by the payment's own insert (see withInlineIdempotency).
      const result = await withInlineIdempotency(
        gateway,
        authOf(request),
        key,
        requestFingerprint(request.method, request.url, request.body),
        (claim) => run(authOf(request), claim),
        (auth, tx) => run(auth, undefined, tx),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return result as Awaited<ReturnType<typeof run>>;
    },
    retrievePayment: async ({ params, request }) => ({
      status: 200,
      body: { data: await retrievePayment(gateway, authOf(request), params.id) },
    }),
    listPayments: async ({ query, request }) => ({
      status: 200,
      body: await listPayments(gateway, authOf(request), query),
    }),
    cancelPayment: async ({ params, request }) => ({
      status: 200,
      body: { data: await cancelPayment(gateway, authOf(request), params.id, 'merchant') },
    }),
    acceptShortfall: async ({ params, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await acceptShortfall(gateway, authOf(request), params.id, tx) },
      })),
    recordRefund: async ({ params, body, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 201 as const,
        body: { data: await recordRefund(gateway, authOf(request), params.id, body, tx) },
      })),
  };
}
