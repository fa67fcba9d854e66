import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { parseToken } from '@cairn/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Address } from 'viem';
import type { DevChainRecord } from '../../chains/devChain/devChainRecord.js';
import { payWithTestWallet } from '../../chains/devChain/payWithTestWallet.js';
import { prepareGaslessAuthorization } from '../../chains/settlement/prepareGaslessAuthorization.js';
import { submitGaslessAuthorization } from '../../chains/settlement/submitGaslessAuthorization.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { findInvoiceRow } from '../../domain/invoices/findInvoice.js';
import { type InvoiceRow, isOverdue, lineItemsOf } from '../../domain/invoices/invoiceRow.js';
import { markInvoiceViewed } from '../../domain/invoices/markInvoiceViewed.js';
import { payInvoice } from '../../domain/invoices/payInvoice.js';
import { loadLinkPage } from '../../domain/paymentLinks/loadLinkPage.js';
import { payFromLink } from '../../domain/paymentLinks/payFromLink.js';
import { linkAvailability } from '../../domain/paymentLinks/paymentLinkRow.js';
import { cancelPayment } from '../../domain/payments/cancelPayment.js';
import type { PaymentScope } from '../../domain/payments/lockPayment.js';
import { selectChain } from '../../domain/payments/selectChain.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { databaseOutage } from '../../web/databaseOutage.js';
import type { SafeHtml } from '../../web/html.js';
import { parseFormBody } from '../../web/parseFormBody.js';
import { securityHeaders } from '../../web/securityHeaders.js';
import { loadCheckoutAssets } from './checkoutAssets.js';
import { checkoutMountPath, checkoutPaths } from './checkoutPaths.js';
import { CheckoutStatusHub } from './checkoutStatusHub.js';
import { findCustomerPayment, isPaymentId } from './findCustomerPayment.js';
import { type CheckoutView, loadCheckoutView } from './loadCheckoutView.js';
import { messages as defaultMessages, type Messages } from './messages.js';
import { renderCancelPage } from './renderCancelPage.js';
import { renderCheckoutPage } from './renderCheckoutPage.js';
import type { RenderContext } from './renderContext.js';
import { type InvoicePageView, renderInvoicePage } from './renderInvoicePage.js';
import { type LinkPageView, renderLinkPage } from './renderLinkPage.js';
import { renderMessagePage } from './renderMessagePage.js';
import { renderQrSvg } from './renderQrSvg.js';
import { requestRefund } from './requestRefund.js';
import { safeHttpUrl } from './safeHttpUrl.js';
import { statusUpdate } from './statusUpdate.js';

/** Live-status streams one payment may have open from one IP address. */
const MAX_STREAMS_PER_PAYMENT_AND_IP = 5;
const HEARTBEAT_MS = 20_000;

export interface CheckoutPageOptions {
  /** Shares the action rate limit between gateway instances. */
  readonly redis?: Redis;
  /** A translation of the page's strings (default English). */
  readonly messages?: Messages;
  /** The local dev chain this gateway runs (ETH_LOCAL), whose test wallet pays on "Pay with a test wallet". */
  readonly devChain?: DevChainRecord;
}

type IdParams = { Params: { id: string } };
type FormBody = Record<string, string | undefined>;

const originOf = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/**
 * The hosted checkout at `{checkout_url_base}/<payment_id>`, mounted on the gateway at the path of
 * CAIRN_CHECKOUT_URL_BASE (`/checkout` by default): the picker, the pay view, live status over
 * server-sent events, the customer's cancel and refund request, QR codes and static assets. The
 * payment id is the customer's only credential. Every customer action goes through the same service
 * as the API (selectChain, cancelPayment, and the lifecycle via requestRefund); forms POST and
 * redirect back (303), so the page works without JavaScript.
 */
export async function registerCheckoutPage(
  app: FastifyInstance,
  gateway: Gateway,
  options: CheckoutPageOptions = {},
): Promise<void> {
  const base = checkoutMountPath(gateway.config.urls.checkout);
  const assetBase = `${base}/assets`;
  const assets = loadCheckoutAssets();
  const m = options.messages ?? defaultMessages;
  const frameAncestors = gateway.config.CAIRN_CHECKOUT_FRAME_ANCESTORS;
  const loadView = (id: string) => loadCheckoutView(gateway, id, options.devChain !== undefined);
  const hub = new CheckoutStatusHub(gateway, gateway.config.CAIRN_CHECKOUT_STATUS_POLL_MS);
  const streams = new Set<ServerResponse>();
  const streamCounts = new Map<string, number>();

  const contextFor = (id: string, extra: Partial<RenderContext> = {}): RenderContext => ({
    messages: m,
    paths: checkoutPaths(base, id),
    ...extra,
  });

  const sendHtml = (reply: FastifyReply, status: number, body: SafeHtml, view?: CheckoutView) => {
    const cancelOrigin = originOf(safeHttpUrl(view?.checkout.cancel_url));
    return reply
      .status(status)
      .headers(securityHeaders({ frameAncestors, formActionOrigins: cancelOrigin }))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body.toString());
  };

  const sendCheckout = (reply: FastifyReply, view: CheckoutView, ctx: RenderContext, status = 200) =>
    sendHtml(reply, status, renderCheckoutPage(view, ctx, assets, assetBase).html, view);

  const sendMessage = (
    reply: FastifyReply,
    status: number,
    title: string,
    body: string,
    back?: string,
    retry?: { url: string; seconds: number },
  ) =>
    sendHtml(
      reply,
      status,
      renderMessagePage({
        messages: m,
        title,
        body,
        assets,
        assetBase,
        ...(back && back !== retry?.url ? { back } : {}),
        ...(retry ? { retry } : {}),
      }),
    );

  /** The scope every service call runs in: the payment's own business and mode. */
  const scopeOf = async (id: string): Promise<PaymentScope> => {
    const payment = await findCustomerPayment(gateway.orm.em.fork(), id);
    return { businessId: payment.businessId, mode: payment.mode };
  };

  /** Re-renders the page with the reason a customer action was refused (its HTTP status). */
  const refused = async (reply: FastifyReply, id: string, error: unknown) => {
    if (!(error instanceof ApiError) || error.code === 'NOT_FOUND' || error.code === 'RATE_LIMITED')
      throw error;
    if (error.status >= 500 && error.code !== 'CHAIN_UNAVAILABLE') throw error;
    const view = await loadView(id);
    return sendCheckout(reply, view, contextFor(id, { notice: error.message }), error.status);
  };

  await app.register(
    async (scope) => {
      // Forms post application/x-www-form-urlencoded; a body of a few fields is all they need.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'buffer', bodyLimit: 4096 },
        (_request, body, done) => {
          try {
            done(null, parseFormBody(body));
          } catch (error) {
            done(error as Error, undefined);
          }
        },
      );
      await scope.register(rateLimit, {
        global: false,
        ...(options.redis ? { redis: options.redis, nameSpace: 'cairn-checkout-rate-limit:' } : {}),
        errorResponseBuilder: (_request, context) =>
          new ApiError('RATE_LIMITED', m.rateLimitedBody(Math.max(1, Math.ceil(context.ttl / 1000))), {
            retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
          }),
      });
      const actionLimit = {
        rateLimit: {
          max: gateway.config.CAIRN_CHECKOUT_ACTIONS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) =>
            `${(request.params as { id?: string }).id ?? ''}|${request.ip}`,
        },
      };

      const linkLimit = {
        rateLimit: {
          max: gateway.config.CAIRN_LINK_PAYMENTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `link|${request.ip}`,
        },
      };

      scope.setErrorHandler((error, request, reply) => {
        const id = (request.params as { id?: string } | undefined)?.id;
        const url = request.routeOptions.url ?? '';
        const owner = url.startsWith(`${base}/links/`)
          ? 'links/'
          : url.startsWith(`${base}/invoices/`)
            ? 'invoices/'
            : '';
        const back =
          id && isPaymentId(id)
            ? owner
              ? `${base}/${owner}${id}`
              : checkoutPaths(base, id).page
            : undefined;
        if (error instanceof ApiError && error.code === 'NOT_FOUND') {
          return sendMessage(reply, 404, m.notFoundTitle, m.notFoundBody);
        }
        if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
          if (error.extra.retryAfterSeconds !== undefined)
            reply.header('retry-after', error.extra.retryAfterSeconds);
          return sendMessage(reply, 429, m.rateLimitedTitle, error.message, back);
        }
        const status =
          error instanceof ApiError ? error.status : (error as { statusCode?: number }).statusCode;
        if (status !== undefined && status >= 400 && status < 500) {
          request.log.info({ err: error }, 'checkout request refused');
          return sendMessage(reply, status, m.errorTitle, m.badRequestBody, back);
        }
        const outage = databaseOutage(error);
        if (outage) {
          // Retryable: the page says to try again shortly and, for a GET, reloads itself after
          // Retry-After (a refused POST is retried from the payment page, not re-posted).
          request.log.warn({ err: error, reason: outage.reason }, 'checkout: database unavailable');
          const retryUrl = request.method === 'GET' ? request.url : back;
          reply.header('retry-after', outage.retryAfterSeconds);
          return sendMessage(
            reply,
            503,
            m.unavailableTitle,
            m.unavailableBody,
            back,
            retryUrl ? { url: retryUrl, seconds: outage.retryAfterSeconds } : undefined,
          );
        }
        request.log.error({ err: error }, 'checkout request failed');
        return sendMessage(reply, 500, m.errorTitle, m.errorBody, back);
      });
      if (base !== '') {
        scope.setNotFoundHandler((_request, reply) =>
          sendMessage(reply, 404, m.notFoundTitle, m.notFoundBody),
        );
      }

      scope.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
        const asset = assets.byName.get(request.params.name);
        if (!asset) throw new ApiError('NOT_FOUND', 'No such asset.');
        return reply
          .headers(securityHeaders({ frameAncestors }))
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(asset.contentType)
          .send(asset.body);
      });

      // Payment links: GET shows the link, POST (the Pay button) creates a payment and opens it.
      const linkPage =
        (id: string, page: Omit<LinkPageView, 'payAction'>, status: number) => (reply: FastifyReply) =>
          sendHtml(
            reply,
            status,
            renderLinkPage(
              { ...page, payAction: `${base}/links/${id}/pay` },
              { messages: m, assets, assetBase },
            ),
          );
      const linkRefusals = {
        inactive: { status: 410, title: m.linkInactiveTitle, body: m.linkInactiveBody, canRetry: false },
        key_inactive: { status: 410, title: m.linkInactiveTitle, body: m.linkInactiveBody, canRetry: false },
        sold_out: { status: 409, title: m.linkSoldOutTitle, body: m.linkSoldOutBody, canRetry: false },
      } as const;
      const linkNotFound = (reply: FastifyReply) =>
        sendMessage(reply, 404, m.linkNotFoundTitle, m.linkNotFoundBody);

      scope.get<IdParams>('/links/:id', async (request, reply) => {
        const { id } = request.params;
        const found = isPaymentId(id) ? await loadLinkPage(gateway.orm.em.fork(), id) : undefined;
        if (!found) return linkNotFound(reply);
        const { link, businessName, keyActive } = found;
        const availability = linkAvailability(link);
        const refusal =
          availability !== 'available'
            ? linkRefusals[availability]
            : keyActive
              ? undefined
              : linkRefusals.key_inactive;
        return linkPage(
          id,
          {
            businessName,
            mode: link.mode,
            fiatAmount: link.fiat_amount,
            fiatCurrency: link.fiat_currency,
            description: link.description,
            visit: randomUUID(),
            ...(refusal ? { refusal } : {}),
          },
          refusal?.status ?? 200,
        )(reply);
      });

      scope.post<IdParams & { Body: FormBody | undefined }>(
        '/links/:id/pay',
        { config: linkLimit },
        async (request, reply) => {
          const { id } = request.params;
          if (!isPaymentId(id)) return linkNotFound(reply);
          const visit = String(request.body?.visit ?? '');
          let outcome: Awaited<ReturnType<typeof payFromLink>>;
          try {
            outcome = await payFromLink(gateway, id, isPaymentId(visit) ? visit : undefined);
          } catch (error) {
            if (!(error instanceof ApiError) || databaseOutage(error)) throw error;
            // The key cannot create this payment now (no chain, no rate, no credit...): the customer
            // is told to come back later; the merchant sees why in the log.
            request.log.warn({ err: error, paymentLinkId: id }, 'payment link could not create a payment');
            const found = await loadLinkPage(gateway.orm.em.fork(), id);
            if (!found) return linkNotFound(reply);
            const { link, businessName } = found;
            return linkPage(
              id,
              {
                businessName,
                mode: link.mode,
                fiatAmount: link.fiat_amount,
                fiatCurrency: link.fiat_currency,
                description: link.description,
                refusal: { title: m.linkUnavailableTitle, body: m.linkUnavailableBody, canRetry: true },
              },
              error.status >= 500 ? 503 : 409,
            )(reply);
          }
          if (outcome.kind === 'not_found') return linkNotFound(reply);
          if (outcome.kind !== 'payment') {
            const { link } = outcome;
            const found = await loadLinkPage(gateway.orm.em.fork(), id);
            const refusal = linkRefusals[outcome.kind];
            return linkPage(
              id,
              {
                businessName: found?.businessName ?? '',
                mode: link.mode,
                fiatAmount: link.fiat_amount,
                fiatCurrency: link.fiat_currency,
                description: link.description,
                refusal,
              },
              refusal.status,
            )(reply);
          }
          request.log.info(
            { paymentLinkId: id, paymentId: outcome.paymentId },
            'payment link created a payment',
          );
          return reply.redirect(checkoutPaths(base, outcome.paymentId).page, 303);
        },
      );

      // Invoices: the page (the recipient's first open sends invoice.viewed), its printable view, and
      // Pay, which opens the invoice's payment (or a new one) on the checkout.
      const invoicePaths = (id: string) => ({
        page: `${base}/invoices/${id}`,
        pay: `${base}/invoices/${id}/pay`,
        print: `${base}/invoices/${id}/print`,
      });
      const invoiceNotFound = (reply: FastifyReply) =>
        sendMessage(reply, 404, m.invoiceNotFoundTitle, m.invoiceNotFoundBody);
      const invoiceState = (row: InvoiceRow): InvoicePageView['state'] => {
        if (row.status === 'paid')
          return {
            title: m.invoicePaidTitle,
            body: m.invoicePaidBody(new Date(row.paid_at!).toISOString().slice(0, 10)),
            canRetry: false,
          };
        if (row.status === 'refunded')
          return { title: m.invoiceRefundedTitle, body: m.invoiceRefundedBody, canRetry: false };
        if (row.status === 'void')
          return { title: m.invoiceVoidTitle, body: m.invoiceVoidBody, canRetry: false };
        return undefined;
      };
      const invoicePage = async (
        reply: FastifyReply,
        row: InvoiceRow,
        options: { print?: boolean; state?: InvoicePageView['state']; status?: number } = {},
      ) => {
        const [business] = await gateway.orm.em
          .fork()
          .getConnection()
          .execute<{ name: string }[]>('select name from businesses where id = ?', [row.business_id]);
        const state = options.state ?? invoiceState(row);
        return sendHtml(
          reply,
          options.status ?? (row.status === 'void' ? 410 : 200),
          renderInvoicePage(
            {
              businessName: business?.name ?? '',
              mode: row.mode,
              number: row.number,
              recipientName: row.recipient_name,
              recipientEmail: row.recipient_email,
              currency: row.fiat_currency,
              lines: lineItemsOf(row),
              total: row.total,
              dueDate: row.due_date,
              overdue: isOverdue(row, gateway.clock.now()),
              memo: row.memo,
              paths: invoicePaths(row.id),
              ...(state ? { state } : {}),
              ...(options.print ? { print: true } : {}),
            },
            { messages: m, assets, assetBase },
          ),
        );
      };

      scope.get<IdParams>('/invoices/:id', async (request, reply) => {
        const { id } = request.params;
        const row = isPaymentId(id) ? await markInvoiceViewed(gateway, gateway.orm.em.fork(), id) : undefined;
        return row ? invoicePage(reply, row) : invoiceNotFound(reply);
      });

      scope.get<IdParams>('/invoices/:id/print', async (request, reply) => {
        const { id } = request.params;
        const row = isPaymentId(id) ? await markInvoiceViewed(gateway, gateway.orm.em.fork(), id) : undefined;
        return row ? invoicePage(reply, row, { print: true }) : invoiceNotFound(reply);
      });

      scope.post<IdParams>('/invoices/:id/pay', { config: linkLimit }, async (request, reply) => {
        const { id } = request.params;
        if (!isPaymentId(id)) return invoiceNotFound(reply);
        let outcome: Awaited<ReturnType<typeof payInvoice>>;
        try {
          outcome = await payInvoice(gateway, id);
        } catch (error) {
          if (!(error instanceof ApiError) || databaseOutage(error)) throw error;
          request.log.warn({ err: error, invoiceId: id }, 'invoice could not create a payment');
          const row = await findInvoiceRow(gateway.orm.em.fork(), undefined, id);
          if (!row) return invoiceNotFound(reply);
          return invoicePage(reply, row, {
            state: { title: m.invoiceUnavailableTitle, body: m.invoiceUnavailableBody, canRetry: true },
            status: error.status >= 500 ? 503 : 409,
          });
        }
        if (outcome.kind === 'not_found') return invoiceNotFound(reply);
        if (outcome.kind === 'key_inactive') {
          return invoicePage(reply, outcome.invoice, {
            state: { title: m.invoiceUnavailableTitle, body: m.invoiceUnavailableBody, canRetry: false },
            status: 409,
          });
        }
        // Paid, refunded or void: the page says which.
        if (outcome.kind === 'closed') return reply.redirect(invoicePaths(id).page, 303);
        request.log.info({ invoiceId: id, paymentId: outcome.paymentId }, 'invoice payment opened');
        return reply.redirect(checkoutPaths(base, outcome.paymentId).page, 303);
      });

      scope.get<IdParams>('/:id', async (request, reply) => {
        const view = await loadView(request.params.id);
        return sendCheckout(reply, view, contextFor(view.payment.id));
      });

      scope.post<IdParams & { Body: FormBody | undefined }>(
        '/:id/select',
        { config: actionLimit },
        async (request, reply) => {
          const { id } = request.params;
          const scopeOfPayment = await scopeOf(id);
          const token = String(request.body?.token ?? '');
          try {
            if (!parseToken(token)) throw new ApiError('VALIDATION_ERROR', m.pickRequired);
            await selectChain(gateway, scopeOfPayment, id, { token });
          } catch (error) {
            return refused(reply, id, error);
          }
          return reply.redirect(checkoutPaths(base, id).page, 303);
        },
      );

      // The dev chain's funded test account pays the amount due (ETH_LOCAL on the gateway's own anvil).
      scope.post<IdParams>('/:id/test-wallet', { config: actionLimit }, async (request, reply) => {
        const { id } = request.params;
        const view = await loadView(id);
        const selected = view.checkout.selected;
        const payable = view.payment.status === 'awaiting_payment' || view.payment.status === 'underpaid';
        if (!view.evm?.testWallet || !options.devChain || !selected || !payable) {
          return refused(reply, id, new ApiError('VALIDATION_ERROR', m.testWalletUnavailable));
        }
        const amount = BigInt(
          view.payment.status === 'underpaid' ? selected.amount_due : selected.crypto_amount,
        );
        const tx = await payWithTestWallet(options.devChain, {
          to: selected.address as Address,
          amount,
          ...(view.evm.token ? { token: view.evm.token as Address } : {}),
        });
        request.log.info({ paymentId: id, tx }, 'dev chain test wallet paid');
        return reply.redirect(checkoutPaths(base, id).page, 303);
      });

      // EIP-3009: the typed data a browser wallet signs, then the signature, relayed by the chain's
      // settler. JSON in and out (the page's script calls them); errors as {error: {code, message}}.
      const gaslessJson = async (reply: FastifyReply, run: () => Promise<unknown>) => {
        try {
          return reply.header('cache-control', 'no-store').send(await run());
        } catch (error) {
          if (!(error instanceof ApiError) || (error.status >= 500 && error.code !== 'CHAIN_UNAVAILABLE'))
            throw error;
          return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
        }
      };
      scope.post<IdParams & { Body: { from?: unknown } | undefined }>(
        '/:id/gasless/prepare',
        { config: actionLimit },
        async (request, reply) => {
          const payment = await findCustomerPayment(gateway.orm.em.fork(), request.params.id);
          return gaslessJson(reply, () =>
            prepareGaslessAuthorization(gateway, payment.id, String(request.body?.from ?? '')),
          );
        },
      );
      scope.post<IdParams & { Body: { from?: unknown; nonce?: unknown; signature?: unknown } | undefined }>(
        '/:id/gasless/submit',
        { config: actionLimit },
        async (request, reply) => {
          const payment = await findCustomerPayment(gateway.orm.em.fork(), request.params.id);
          return gaslessJson(reply, () =>
            submitGaslessAuthorization(gateway, payment.id, {
              from: String(request.body?.from ?? ''),
              nonce: String(request.body?.nonce ?? ''),
              signature: String(request.body?.signature ?? ''),
            }),
          );
        },
      );

      // A reload of a refused action's answer (a GET of the action URL) lands back on the payment.
      for (const action of ['select', 'refund', 'test-wallet']) {
        scope.get<IdParams>(`/:id/${action}`, async (request, reply) => {
          const payment = await findCustomerPayment(gateway.orm.em.fork(), request.params.id);
          return reply.redirect(checkoutPaths(base, payment.id).page, 303);
        });
      }

      scope.get<IdParams>('/:id/cancel', async (request, reply) => {
        const view = await loadView(request.params.id);
        const ctx = contextFor(view.payment.id);
        const cancellable =
          (view.payment.status === 'pending' || view.payment.status === 'awaiting_payment') &&
          view.payment.transactions.length === 0;
        if (!cancellable) return reply.redirect(ctx.paths.page, 303);
        return sendHtml(reply, 200, renderCancelPage(view, ctx, assets, assetBase), view);
      });

      scope.post<IdParams>('/:id/cancel', { config: actionLimit }, async (request, reply) => {
        const { id } = request.params;
        const scopeOfPayment = await scopeOf(id);
        let cancelUrl: string | undefined;
        try {
          const payment = await cancelPayment(gateway, scopeOfPayment, id, 'customer');
          cancelUrl = safeHttpUrl(payment.cancel_url);
        } catch (error) {
          return refused(reply, id, error);
        }
        return reply.redirect(cancelUrl ?? checkoutPaths(base, id).page, 303);
      });

      scope.post<IdParams & { Body: FormBody | undefined }>(
        '/:id/refund',
        { config: actionLimit },
        async (request, reply) => {
          const { id } = request.params;
          const scopeOfPayment = await scopeOf(id);
          const address = String(request.body?.refund_address ?? '').slice(0, 256);
          try {
            await requestRefund(gateway, scopeOfPayment, id, address);
          } catch (error) {
            if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
              // The reason is shown at the field (the answer opens scrolled to it), not twice.
              const view = await loadView(id);
              const ctx = contextFor(id, { refundError: { value: address, message: error.message } });
              return sendCheckout(reply, view, ctx, error.status);
            }
            return refused(reply, id, error);
          }
          return reply.redirect(checkoutPaths(base, id).page, 303);
        },
      );

      const sendQr = async (reply: FastifyReply, uri: string) => {
        if (uri === '') throw new ApiError('NOT_FOUND', 'No payment request to encode yet.');
        return reply
          .headers(securityHeaders({ frameAncestors }))
          .header('content-security-policy', "default-src 'none'")
          .header('cache-control', 'no-cache')
          .type('image/svg+xml; charset=utf-8')
          .send(await renderQrSvg(uri));
      };
      scope.get<IdParams>('/:id/qr.svg', async (request, reply) => {
        const view = await loadView(request.params.id);
        return sendQr(reply, view.checkout.selected?.payment_uri ?? '');
      });
      scope.get<IdParams>('/:id/remainder-qr.svg', async (request, reply) => {
        const view = await loadView(request.params.id);
        return sendQr(reply, view.remainderUri);
      });

      scope.get<IdParams>('/:id/events', async (request, reply) => {
        const first = await loadView(request.params.id);
        const id = first.payment.id;
        const key = `${id}|${request.ip}`;
        const open = streamCounts.get(key) ?? 0;
        if (open >= MAX_STREAMS_PER_PAYMENT_AND_IP) {
          throw new ApiError('RATE_LIMITED', m.rateLimitedBody(HEARTBEAT_MS / 1000), {
            retryAfterSeconds: HEARTBEAT_MS / 1000,
          });
        }
        streamCounts.set(key, open + 1);
        const ctx = contextFor(id);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          ...securityHeaders({ frameAncestors }),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          'x-request-id': String(request.id),
        });
        res.write('retry: 3000\n\n');
        streams.add(res);

        let lastVersion = '';
        let closed = false;
        const push = (view: CheckoutView) => {
          const update = statusUpdate(view, ctx);
          if (closed || update.version === lastVersion) return;
          lastVersion = update.version;
          res.write(`event: status\ndata: ${JSON.stringify(update)}\n\n`);
        };
        let queue: Promise<void> = Promise.resolve();
        const refresh = () => {
          queue = queue
            .then(async () => {
              if (!closed) push(await loadView(id));
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'checkout status update failed'));
        };
        push(first);
        const unsubscribe = hub.subscribe(id, refresh);
        const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
        res.on('close', () => {
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          streams.delete(res);
          const left = (streamCounts.get(key) ?? 1) - 1;
          if (left <= 0) streamCounts.delete(key);
          else streamCounts.set(key, left);
        });
      });
    },
    { prefix: base },
  );

  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    hub.stop();
    for (const res of streams) res.end();
  });
}
