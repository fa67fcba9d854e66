import type { FastifyInstance, FastifyReply } from 'fastify';
import { type InvoicePage, loadInvoicePage } from '../../../domain/invoices/loadInvoicePage.js';
import { payInvoice } from '../../../domain/invoices/payInvoice.js';
import { isPaymentId } from '../../../domain/payments/isPaymentId.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { databaseOutage } from '../../../web/databaseOutage.js';
import { checkoutPaths } from '../render/checkoutPaths.js';
import type { Messages } from '../render/messages.js';
import { type InvoicePageView, renderInvoicePage } from '../render/renderInvoicePage.js';
import type { CheckoutRuntime, IdParams } from './CheckoutRuntime.js';

type InvoiceState = InvoicePageView['state'];

/** How an invoice page is answered: its paths, the page itself, and not found. */
interface InvoicePages {
  paths(id: string): InvoicePageView['paths'];
  notFound(reply: FastifyReply): FastifyReply;
  /** The page's strings: the invoice's language unless the customer chose one. */
  messagesOf(reply: FastifyReply, page?: InvoicePage): Messages;
  send(
    reply: FastifyReply,
    id: string,
    page: InvoicePage,
    options?: { print?: boolean; state?: (m: Messages) => InvoiceState; status?: number },
  ): FastifyReply;
}

/**
 * Invoices: the page (the recipient's first open sends invoice.viewed), its printable view, and Pay,
 * which opens the invoice's payment (or a new one) on the checkout (303).
 */
export function registerInvoiceRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  const pages = invoicePages(rt);
  /** The page as the recipient opens it (recording their first view). */
  const opened = (id: string) =>
    isPaymentId(id) ? loadInvoicePage(rt.gateway, id, { recordView: true }) : Promise.resolve(undefined);

  scope.get<IdParams>('/invoices/:id', async (request, reply) => {
    const { id } = request.params;
    const page = await opened(id);
    return page ? pages.send(reply, id, page) : pages.notFound(reply);
  });

  scope.get<IdParams>('/invoices/:id/print', async (request, reply) => {
    const { id } = request.params;
    const page = await opened(id);
    return page ? pages.send(reply, id, page, { print: true }) : pages.notFound(reply);
  });

  registerInvoicePay(scope, rt, pages);
}

function invoicePages(rt: CheckoutRuntime): InvoicePages {
  /** The page's strings: the language the merchant set for the invoice, unless the customer chose one. */
  const messagesOf = (reply: FastifyReply, page?: InvoicePage) =>
    rt.messagesOf(reply.request, page?.language ?? undefined);
  const paths = (id: string) => ({
    page: `${rt.base}/invoices/${id}`,
    pay: `${rt.base}/invoices/${id}/pay`,
    print: `${rt.base}/invoices/${id}/print`,
  });
  /** What a closed invoice's page shows instead of its Pay button. */
  const closedState = (m: Messages, page: InvoicePage): InvoiceState => {
    if (page.status === 'paid')
      return {
        title: m.invoicePaidTitle,
        body: m.invoicePaidBody(page.paidOn ? m.calendarDay(page.paidOn) : ''),
        canRetry: false,
      };
    if (page.status === 'refunded')
      return { title: m.invoiceRefundedTitle, body: m.invoiceRefundedBody, canRetry: false };
    if (page.status === 'void')
      return { title: m.invoiceVoidTitle, body: m.invoiceVoidBody, canRetry: false };
    return undefined;
  };
  return {
    paths,
    notFound: (reply) => {
      const m = messagesOf(reply);
      return rt.sendMessage(reply, 404, m.invoiceNotFoundTitle, m.invoiceNotFoundBody);
    },
    messagesOf,
    send: (reply, id, page, options = {}) => {
      const m = messagesOf(reply, page);
      const { status: invoiceStatus, paidOn: _paidOn, language: _language, ...shown } = page;
      const state = options.state?.(m) ?? closedState(m, page);
      return rt.sendHtml(
        reply,
        options.status ?? (invoiceStatus === 'void' ? 410 : 200),
        renderInvoicePage(
          {
            ...shown,
            paths: paths(id),
            ...(state ? { state } : {}),
            ...(options.print ? { print: true } : {}),
          },
          { messages: m, assets: rt.assets, assetBase: rt.assetBase },
        ),
      );
    },
  };
}

/** Pay: the invoice's payment (or a new one) on the checkout, or the page saying why not. */
function registerInvoicePay(scope: FastifyInstance, rt: CheckoutRuntime, pages: InvoicePages): void {
  const unavailable = (canRetry: boolean) => (m: Messages) => ({
    title: m.invoiceUnavailableTitle,
    body: m.invoiceUnavailableBody,
    canRetry,
  });
  scope.post<IdParams>('/invoices/:id/pay', { config: rt.payLimit }, async (request, reply) => {
    const { id } = request.params;
    if (!isPaymentId(id)) return pages.notFound(reply);
    let outcome: Awaited<ReturnType<typeof payInvoice>>;
    try {
      outcome = await payInvoice(rt.gateway, id);
    } catch (error) {
      if (!(error instanceof ApiError) || databaseOutage(error)) throw error;
      request.log.warn({ err: error, invoiceId: id }, 'invoice could not create a payment');
      const page = await loadInvoicePage(rt.gateway, id, { recordView: false });
      if (!page) return pages.notFound(reply);
      return pages.send(reply, id, page, {
        state: unavailable(true),
        status: error.status >= 500 ? 503 : 409,
      });
    }
    if (outcome.kind === 'not_found') return pages.notFound(reply);
    if (outcome.kind === 'key_inactive') {
      const page = await loadInvoicePage(rt.gateway, id, { recordView: false });
      if (!page) return pages.notFound(reply);
      return pages.send(reply, id, page, { state: unavailable(false), status: 409 });
    }
    // Paid, refunded or void: the page says which.
    if (outcome.kind === 'closed') return reply.redirect(pages.paths(id).page, 303);
    request.log.info({ invoiceId: id, paymentId: outcome.paymentId }, 'invoice payment opened');
    // The checkout opens in the language the invoice page was read in: when that is the invoice's own
    // (set by the merchant) rather than the customer's, the URL says so.
    const page = await loadInvoicePage(rt.gateway, id, { recordView: false });
    const lang = pages.messagesOf(reply, page).lang;
    const checkout = checkoutPaths(rt.base, outcome.paymentId).page;
    if (lang === rt.messagesOf(request).lang) return reply.redirect(checkout, 303);
    return reply.redirect(`${checkout}?lang=${encodeURIComponent(lang)}`, 303);
  });
}
