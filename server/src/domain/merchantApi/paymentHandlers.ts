import { IDEMPOTENCY_KEY_HEADER, parseStatusFilter } from '@cairn/contract';
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
import { streamPaymentExport } from '../payments/streamPaymentExport.js';
import { type ApiHandlers, authOf, runIdempotent } from './ApiHandlers.js';
import { setExportHeaders } from './setExportHeaders.js';

/**
 * Payments: create (with its own inline idempotency), retrieve, list, export, cancel, accept a
 * shortfall, record a refund.
 */
export function createPaymentHandlers(
  gateway: Gateway,
): Pick<
  ApiHandlers,
  | 'createPayment'
  | 'retrievePayment'
  | 'listPayments'
  | 'exportPayments'
  | 'cancelPayment'
  | 'acceptShortfall'
  | 'recordRefund'
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
    // The file's media type follows `format` (set in registerApiRoutes: ts-rest writes the contract's
    // one content type after the handler returns).
    exportPayments: async ({ query, request, reply }) => {
      const auth = authOf(request);
      const format = query.format ?? 'csv';
      const body = await streamPaymentExport(
        gateway,
        {
          businessId: auth.businessId,
          mode: auth.mode,
          statuses: parseStatusFilter(query.status),
          orderId: query.order_id,
          paymentLinkId: query.payment_link_id,
          invoiceId: query.invoice_id,
          createdFrom: query.created_gte === undefined ? undefined : new Date(query.created_gte),
          createdBefore: query.created_lt === undefined ? undefined : new Date(query.created_lt),
        },
        format,
      );
      setExportHeaders(reply, 'payments', auth.mode, gateway.clock.now(), format);
      return { status: 200, body };
    },
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
