import { parseToken } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { cancelPayment } from '../../../domain/payments/cancelPayment.js';
import { findCheckoutPayment } from '../../../domain/payments/findCheckoutPayment.js';
import { requestRefund } from '../../../domain/payments/requestRefund.js';
import { selectChain } from '../../../domain/payments/selectChain.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { checkoutPaths } from '../render/checkoutPaths.js';
import { renderCancelPage } from '../render/renderCancelPage.js';
import { safeHttpUrl } from '../render/safeHttpUrl.js';
import type { CheckoutRuntime, FormBody, IdParams } from './CheckoutRuntime.js';
import { customerNoticeOf } from './customerNoticeOf.js';

/**
 * A payment's checkout page and the customer's actions on it: pick a coin, cancel (after a
 * confirmation page), request a refund. Every action goes through the same service as the API
 * (selectChain, cancelPayment, requestRefund) in the payment's own scope, and answers with a redirect
 * back (303) or the page with the reason it was refused, so the page works without JavaScript.
 */
export function registerPaymentRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  const { gateway, base } = rt;
  const pageOf = (id: string) => checkoutPaths(base, id).page;

  scope.get<IdParams>('/:id', async (request, reply) => {
    const view = await rt.loadView(request.params.id);
    return rt.sendCheckout(reply, view, rt.contextFor(request, view.payment.id));
  });

  scope.post<IdParams & { Body: FormBody | undefined }>(
    '/:id/select',
    { config: rt.actionLimit },
    async (request, reply) => {
      const { id } = request.params;
      const payment = await findCheckoutPayment(gateway, id);
      const token = String(request.body?.token ?? '');
      try {
        if (!parseToken(token)) throw new ApiError('VALIDATION_ERROR', rt.messagesOf(request).pickRequired);
        await selectChain(gateway, payment.scope, id, { token });
      } catch (error) {
        return rt.refused(reply, id, error);
      }
      return reply.redirect(pageOf(id), 303);
    },
  );

  registerCancelRoutes(scope, rt);

  scope.post<IdParams & { Body: FormBody | undefined }>(
    '/:id/refund',
    { config: rt.actionLimit },
    async (request, reply) => {
      const { id } = request.params;
      const payment = await findCheckoutPayment(gateway, id);
      const address = String(request.body?.refund_address ?? '').slice(0, 256);
      try {
        await requestRefund(gateway, payment.scope, id, address);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          // The reason is shown at the field (the answer opens scrolled to it), not twice.
          const view = await rt.loadView(id);
          const network = view.chain?.name ?? view.payment.selected_chain_id ?? '';
          const message = customerNoticeOf(error, rt.messagesOf(request), network);
          const ctx = rt.contextFor(request, id, { refundError: { value: address, message } });
          return rt.sendCheckout(reply, view, ctx, error.status);
        }
        return rt.refused(reply, id, error);
      }
      return reply.redirect(pageOf(id), 303);
    },
  );

  // A reload of a refused action's answer (a GET of the action URL) lands back on the payment.
  for (const action of ['select', 'refund', 'test-wallet']) {
    scope.get<IdParams>(`/:id/${action}`, async (request, reply) => {
      const payment = await findCheckoutPayment(gateway, request.params.id);
      return reply.redirect(pageOf(payment.id), 303);
    });
  }
}

/** Cancel: a confirmation page (only while nothing was sent), and the cancel itself (303 to the cancel URL). */
function registerCancelRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  const { gateway, base } = rt;
  scope.get<IdParams>('/:id/cancel', async (request, reply) => {
    const view = await rt.loadView(request.params.id);
    const ctx = rt.contextFor(request, view.payment.id);
    const cancellable =
      (view.payment.status === 'pending' || view.payment.status === 'awaiting_payment') &&
      view.payment.transactions.length === 0;
    if (!cancellable) return reply.redirect(ctx.paths.page, 303);
    return rt.sendHtml(reply, 200, renderCancelPage(view, ctx, rt.assets, rt.assetBase), view);
  });

  scope.post<IdParams>('/:id/cancel', { config: rt.actionLimit }, async (request, reply) => {
    const { id } = request.params;
    const payment = await findCheckoutPayment(gateway, id);
    let cancelUrl: string | undefined;
    try {
      const cancelled = await cancelPayment(gateway, payment.scope, id, 'customer');
      cancelUrl = safeHttpUrl(cancelled.cancel_url);
    } catch (error) {
      return rt.refused(reply, id, error);
    }
    return reply.redirect(cancelUrl ?? checkoutPaths(base, id).page, 303);
  });
}
