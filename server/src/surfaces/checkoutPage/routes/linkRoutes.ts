import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type LinkPage, loadLinkPage } from '../../../domain/paymentLinks/loadLinkPage.js';
import { payFromLink } from '../../../domain/paymentLinks/payFromLink.js';
import { isPaymentId } from '../../../domain/payments/isPaymentId.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { addressGroup } from '../../../web/addressGroup.js';
import { databaseOutage } from '../../../web/databaseOutage.js';
import { checkoutPaths } from '../render/checkoutPaths.js';
import type { Messages } from '../render/messages.js';
import { type LinkPageView, renderLinkPage } from '../render/renderLinkPage.js';
import type { CheckoutRuntime, FormBody, IdParams } from './CheckoutRuntime.js';

/**
 * Payment links: GET shows the link, POST (the Pay button) creates a payment and opens its checkout
 * (303). A GET never creates a payment, so link previews and prefetching cannot use a link up.
 */
export function registerLinkRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  /** Why a link takes no payment, in the customer's language. */
  const refusalOf = (m: Messages, why: 'inactive' | 'key_inactive' | 'sold_out') =>
    why === 'sold_out'
      ? { status: 409, title: m.linkSoldOutTitle, body: m.linkSoldOutBody, canRetry: false }
      : { status: 410, title: m.linkInactiveTitle, body: m.linkInactiveBody, canRetry: false };
  const notFound = (reply: FastifyReply) => {
    const m = rt.messagesOf(reply.request);
    return rt.sendMessage(reply, 404, m.linkNotFoundTitle, m.linkNotFoundBody);
  };
  const sendLink = (
    reply: FastifyReply,
    id: string,
    page: LinkPage,
    extra: Pick<LinkPageView, 'visit' | 'refusal'>,
    status: number,
  ) =>
    rt.sendHtml(
      reply,
      status,
      renderLinkPage(
        {
          businessName: page.businessName,
          mode: page.mode,
          fiatAmount: page.fiatAmount,
          fiatCurrency: page.fiatCurrency,
          description: page.description,
          ...extra,
          payAction: `${rt.base}/links/${id}/pay`,
        },
        { messages: rt.messagesOf(reply.request), assets: rt.assets, assetBase: rt.assetBase },
      ),
    );

  scope.get<IdParams>('/links/:id', async (request, reply) => {
    const { id } = request.params;
    const page = isPaymentId(id) ? await loadLinkPage(rt.gateway, id, addressGroup(request.ip)) : undefined;
    if (!page) return notFound(reply);
    const refusal =
      page.availability === 'available' ? undefined : refusalOf(rt.messagesOf(request), page.availability);
    return sendLink(
      reply,
      id,
      page,
      { visit: randomUUID(), ...(refusal ? { refusal } : {}) },
      refusal?.status ?? 200,
    );
  });

  scope.post<IdParams & { Body: FormBody | undefined }>(
    '/links/:id/pay',
    { config: rt.payLimit },
    async (request, reply) => {
      const { id } = request.params;
      if (!isPaymentId(id)) return notFound(reply);
      const visit = String(request.body?.visit ?? '');
      let outcome: Awaited<ReturnType<typeof payFromLink>>;
      try {
        outcome = await payFromLink(rt.gateway, id, {
          ...(isPaymentId(visit) ? { visit } : {}),
          clientAddress: addressGroup(request.ip),
        });
      } catch (error) {
        if (!(error instanceof ApiError) || databaseOutage(error)) throw error;
        // The key cannot create this payment now (no chain, no rate, no credit...): the customer
        // is told to come back later; the merchant sees why in the log.
        request.log.warn({ err: error, paymentLinkId: id }, 'payment link could not create a payment');
        const page = await loadLinkPage(rt.gateway, id);
        if (!page) return notFound(reply);
        const m = rt.messagesOf(request);
        const refusal = { title: m.linkUnavailableTitle, body: m.linkUnavailableBody, canRetry: true };
        return sendLink(reply, id, page, { refusal }, error.status >= 500 ? 503 : 409);
      }
      if (outcome.kind === 'not_found') return notFound(reply);
      if (outcome.kind !== 'payment') {
        const page = await loadLinkPage(rt.gateway, id);
        if (!page) return notFound(reply);
        const refusal = refusalOf(rt.messagesOf(request), outcome.kind);
        return sendLink(reply, id, page, { refusal }, refusal.status);
      }
      request.log.info({ paymentLinkId: id, paymentId: outcome.paymentId }, 'payment link created a payment');
      return reply.redirect(checkoutPaths(rt.base, outcome.paymentId).page, 303);
    },
  );
}
