import { type ApiContract, IDEMPOTENCY_KEY_HEADER } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServerInferRequest, ServerInferResponses } from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import { type HandlerResult, requestFingerprint, withIdempotency } from '../apiKeys/withIdempotency.js';
import { type InlineClaim, withInlineIdempotency } from '../apiKeys/withInlineIdempotency.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createInvoice } from '../invoices/createInvoice.js';
import { retrieveInvoice } from '../invoices/findInvoice.js';
import { listInvoices } from '../invoices/listInvoices.js';
import { remindInvoice } from '../invoices/remindInvoice.js';
import { sendInvoice } from '../invoices/sendInvoice.js';
import { voidInvoice } from '../invoices/voidInvoice.js';
import { createPaymentLink } from '../paymentLinks/createPaymentLink.js';
import { deactivatePaymentLink } from '../paymentLinks/deactivatePaymentLink.js';
import { retrievePaymentLink } from '../paymentLinks/findPaymentLink.js';
import { listPaymentLinks } from '../paymentLinks/listPaymentLinks.js';
import { acceptShortfall } from '../payments/acceptShortfall.js';
import { cancelPayment } from '../payments/cancelPayment.js';
import { createPayment } from '../payments/createPayment.js';
import { listPayments } from '../payments/listPayments.js';
import { recordRefund } from '../payments/recordRefund.js';
import { retrieveCheckout } from '../payments/retrieveCheckout.js';
import { retrievePayment } from '../payments/retrievePayment.js';
import { selectChain } from '../payments/selectChain.js';
import { listEvents, retrieveEvent } from '../webhooks/listEvents.js';

/**
 * What a merchant API handler reads of its request: the authenticated key, the headers (for the
 * Idempotency-Key), and the method, URL and body (the idempotency fingerprint). A fastify request is
 * one; the MCP endpoint builds one for each tool call (see callApiRoute).
 */
export type ApiCallRequest = Pick<FastifyRequest, 'auth' | 'headers' | 'method' | 'url' | 'body'>;

/** What a handler sets on its answer: the `idempotent-replayed` header. */
export interface ApiCallReply {
  header(name: string, value: string): unknown;
}

/** One route's handler: its validated parameters, query and body in, its 2xx answer out. */
export type ApiHandler<K extends keyof ApiContract> = (
  args: ServerInferRequest<ApiContract[K]> & { request: ApiCallRequest; reply: ApiCallReply },
) => Promise<ServerInferResponses<ApiContract[K]>>;

/** Every route of the merchant API contract, by name. */
export type ApiHandlers = { [K in keyof ApiContract]: ApiHandler<K> };

const authOf = (request: ApiCallRequest): AuthContext => request.auth!;

/**
 * The merchant API's handlers, one per contract route: the REST routes (registerApiRoutes, after
 * authentication, rate limit and request validation) and the MCP tools (callApiRoute, after the same)
 * both run these, so an operation behaves the same whichever way it is called.
 */
export function createApiHandlers(gateway: Gateway): ApiHandlers {
  /**
   * Runs a POST once per Idempotency-Key (see withIdempotency); a replayed response is marked with
   * `idempotent-replayed: true`. `run` makes its change in the transaction it is given (`tx`, with a
   * key), which stores the response before it commits. Returns the handler's result type.
   */
  const idempotent = async <R extends HandlerResult>(
    request: ApiCallRequest,
    reply: ApiCallReply,
    run: (tx?: EntityManager) => Promise<R>,
  ): Promise<R> => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    // Most requests carry no key: fingerprint (hash) the request only when one is given.
    if (typeof key !== 'string') return run();
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const result = await withIdempotency(gateway, authOf(request), key, fingerprint, run);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result as R;
  };

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
      idempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await acceptShortfall(gateway, authOf(request), params.id, tx) },
      })),
    recordRefund: async ({ params, body, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
        status: 201 as const,
        body: { data: await recordRefund(gateway, authOf(request), params.id, body, tx) },
      })),
    createPaymentLink: async ({ body, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
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
      idempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await deactivatePaymentLink(gateway, authOf(request), params.id, tx) },
      })),
    createInvoice: async ({ body, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
        status: 201 as const,
        body: { data: await createInvoice(gateway, authOf(request), body, tx) },
      })),
    retrieveInvoice: async ({ params, request }) => ({
      status: 200 as const,
      body: { data: await retrieveInvoice(gateway, authOf(request), params.id) },
    }),
    listInvoices: async ({ query, request }) => ({
      status: 200 as const,
      body: await listInvoices(gateway, authOf(request), query),
    }),
    sendInvoice: async ({ params, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await sendInvoice(gateway, authOf(request), params.id, tx) },
      })),
    remindInvoice: async ({ params, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await remindInvoice(gateway, authOf(request), params.id, tx) },
      })),
    voidInvoice: async ({ params, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await voidInvoice(gateway, authOf(request), params.id, tx) },
      })),
    listEvents: async ({ query, request }) => ({
      status: 200 as const,
      body: await listEvents(gateway, authOf(request), query),
    }),
    retrieveEvent: async ({ params, request }) => ({
      status: 200 as const,
      body: { data: await retrieveEvent(gateway, authOf(request), params.id) },
    }),
    retrieveCheckout: async ({ params, request }) => ({
      status: 200,
      body: { data: await retrieveCheckout(gateway, authOf(request), params.id) },
    }),
    selectChain: async ({ params, body, request, reply }) =>
      idempotent(request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await selectChain(gateway, authOf(request), params.id, body, tx) },
      })),
  };
}
