import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DevChainRecord } from '../../../chains/devChain/devChainRecord.js';
import { DEV_CHAIN_ID } from '../../../chains/devChain/withDevChain.js';
import type { Gateway } from '../../../domain/gateway/Gateway.js';
import { type CheckoutView, loadCheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import type { CustomerLocale } from '../../../web/customerLanguage/customerLocales.js';
import type { SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import { securityHeaders } from '../../../web/securityHeaders.js';
import { checkoutPaths } from '../render/checkoutPaths.js';
import { messagesFor } from '../render/messages.js';
import { renderCheckoutPage } from '../render/renderCheckoutPage.js';
import type { RenderContext } from '../render/renderContext.js';
import { renderMessagePage } from '../render/renderMessagePage.js';
import { safeHttpUrl } from '../render/safeHttpUrl.js';
import type { CheckoutRuntime, RetryLink } from './CheckoutRuntime.js';
import { CheckoutStatusHub } from './checkoutStatusHub.js';
import { customerLanguageOf } from './customerLanguageOf.js';
import { customerNoticeOf } from './customerNoticeOf.js';

/** What the checkout is built from. */
export interface CheckoutRuntimeInput {
  readonly gateway: Gateway;
  /** Where the checkout is mounted (the path of CAIRN_CHECKOUT_URL_BASE). */
  readonly base: string;
  readonly assets: PageAssets;
  readonly devChain?: DevChainRecord;
}

/** `max` requests a minute per key. */
const limitOf = (max: number, keyGenerator: (request: FastifyRequest) => string) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator },
});

const originOf = (url: string | undefined): string[] => (url ? [new URL(url).origin] : []);

/** The runtime the checkout's route groups share: its settings, the status hub and how pages are sent. */
export function createCheckoutRuntime(input: CheckoutRuntimeInput): CheckoutRuntime {
  const { gateway, base, assets, devChain } = input;
  const messagesOf = (request: FastifyRequest, preferred?: CustomerLocale) =>
    messagesFor(customerLanguageOf(request, preferred));
  const assetBase = `${base}/assets`;
  const frameAncestors = gateway.config.CAIRN_CHECKOUT_FRAME_ANCESTORS;
  const viewOptions = devChain ? { testWalletChain: DEV_CHAIN_ID, devChainRpcUrl: devChain.rpc_url } : {};
  const loadView = (id: string) => loadCheckoutView(gateway, id, viewOptions);

  const contextFor = (
    request: FastifyRequest,
    id: string,
    extra: Partial<RenderContext> = {},
  ): RenderContext => ({
    messages: messagesOf(request),
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
    retry?: RetryLink,
  ) =>
    sendHtml(
      reply,
      status,
      renderMessagePage({
        messages: messagesOf(reply.request),
        title,
        body,
        assets,
        assetBase,
        ...(back && back !== retry?.url ? { back } : {}),
        ...(retry ? { retry } : {}),
      }),
    );

  const refused = async (reply: FastifyReply, id: string, error: unknown) => {
    if (!(error instanceof ApiError) || error.code === 'NOT_FOUND' || error.code === 'RATE_LIMITED')
      throw error;
    if (error.status >= 500 && error.code !== 'CHAIN_UNAVAILABLE') throw error;
    const view = await loadView(id);
    const notice = customerNoticeOf(error, messagesOf(reply.request));
    return sendCheckout(reply, view, contextFor(reply.request, id, { notice }), error.status);
  };

  return {
    gateway,
    base,
    messagesOf,
    assets,
    assetBase,
    frameAncestors,
    ...(devChain ? { devChain } : {}),
    hub: new CheckoutStatusHub(gateway, gateway.config.CAIRN_CHECKOUT_STATUS_POLL_MS),
    streams: new Set<ServerResponse>(),
    actionLimit: limitOf(
      gateway.config.CAIRN_CHECKOUT_ACTIONS_PER_MINUTE,
      (request) => `${(request.params as { id?: string }).id ?? ''}|${request.ip}`,
    ),
    payLimit: limitOf(gateway.config.CAIRN_LINK_PAYMENTS_PER_MINUTE, (request) => `link|${request.ip}`),
    loadView,
    contextFor,
    sendHtml,
    sendCheckout,
    sendMessage,
    refused,
  };
}
