import type { Gateway } from '../gateway/Gateway.js';
import { createInvoice } from '../invoices/createInvoice.js';
import { retrieveInvoice } from '../invoices/findInvoice.js';
import { listInvoices } from '../invoices/listInvoices.js';
import { remindInvoice } from '../invoices/remindInvoice.js';
import { sendInvoice } from '../invoices/sendInvoice.js';
import { streamInvoiceExport } from '../invoices/streamInvoiceExport.js';
import { voidInvoice } from '../invoices/voidInvoice.js';
import { type ApiHandlers, authOf, runIdempotent } from './ApiHandlers.js';
import { setExportHeaders } from './setExportHeaders.js';

/** Invoices: create, retrieve, list, export, send, remind, void. */
export function createInvoiceHandlers(
  gateway: Gateway,
): Pick<
  ApiHandlers,
  | 'createInvoice'
  | 'retrieveInvoice'
  | 'listInvoices'
  | 'exportInvoices'
  | 'sendInvoice'
  | 'remindInvoice'
  | 'voidInvoice'
> {
  return {
    createInvoice: async ({ body, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
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
    exportInvoices: async ({ query, request, reply }) => {
      const auth = authOf(request);
      const { format = 'csv', ...filter } = query;
      const body = await streamInvoiceExport(gateway, auth, filter, format);
      setExportHeaders(reply, 'invoices', auth.mode, gateway.clock.now(), format);
      return { status: 200 as const, body };
    },
    sendInvoice: async ({ params, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await sendInvoice(gateway, authOf(request), params.id, tx) },
      })),
    remindInvoice: async ({ params, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await remindInvoice(gateway, authOf(request), params.id, tx) },
      })),
    voidInvoice: async ({ params, request, reply }) =>
      runIdempotent(gateway, request, reply, async (tx) => ({
        status: 200 as const,
        body: { data: await voidInvoice(gateway, authOf(request), params.id, tx) },
      })),
  };
}
