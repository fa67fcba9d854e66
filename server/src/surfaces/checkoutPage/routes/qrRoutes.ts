import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { securityHeaders } from '../../../web/securityHeaders.js';
import { renderQrSvg } from '../render/renderQrSvg.js';
import type { CheckoutRuntime, IdParams } from './CheckoutRuntime.js';

/** The QR codes of a payment's request (the picked coin's payment URI) and of an underpaid payment's remainder. */
export function registerQrRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  const sendQr = async (reply: FastifyReply, uri: string) => {
    if (uri === '') throw new ApiError('NOT_FOUND', 'No payment request to encode yet.');
    return reply
      .headers(securityHeaders({ frameAncestors: rt.frameAncestors }))
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'no-cache')
      .type('image/svg+xml; charset=utf-8')
      .send(await renderQrSvg(uri));
  };
  scope.get<IdParams>('/:id/qr.svg', async (request, reply) => {
    const view = await rt.loadView(request.params.id);
    return sendQr(reply, view.checkout.selected?.payment_uri ?? '');
  });
  scope.get<IdParams>('/:id/remainder-qr.svg', async (request, reply) => {
    const view = await rt.loadView(request.params.id);
    return sendQr(reply, view.remainderUri);
  });
}
