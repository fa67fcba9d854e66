import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DevChainRecord } from '../../../chains/devChain/devChainRecord.js';
import type { Gateway } from '../../../domain/gateway/Gateway.js';
import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import type { CustomerLocale } from '../../../web/customerLanguage/customerLocales.js';
import type { SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import type { Messages } from '../render/messages.js';
import type { RenderContext } from '../render/renderContext.js';
import type { CheckoutStatusHub } from './checkoutStatusHub.js';

/** Route parameters of every page of one payment, link or invoice. */
export type IdParams = { Params: { id: string } };

/** A posted form's fields (parsed by the scope's form parser). */
export type FormBody = Record<string, string | undefined>;

/** A route's rate limit (`config` of a route's options, read by @fastify/rate-limit). */
export interface RouteLimit {
  readonly rateLimit: {
    readonly max: number;
    readonly timeWindow: number;
    readonly keyGenerator: (request: FastifyRequest) => string;
  };
}

/** A "try again" link on a message page, reloaded by itself after `seconds`. */
export interface RetryLink {
  readonly url: string;
  readonly seconds: number;
}

/** What the checkout's route groups share. */
export interface CheckoutRuntime {
  readonly gateway: Gateway;
  /** Where the checkout is mounted (`/checkout` by default; '' at the root). */
  readonly base: string;
  /**
   * The strings of a customer page in the customer's language (see `customerLanguageOf`; `preferred` is
   * an invoice's language).
   */
  messagesOf(request: FastifyRequest, preferred?: CustomerLocale): Messages;
  /** The stylesheet and script, and the path they are served under. */
  readonly assets: PageAssets;
  readonly assetBase: string;
  /** Who may frame the pages (CAIRN_CHECKOUT_FRAME_ANCESTORS). */
  readonly frameAncestors: string;
  /** The local dev chain this gateway runs, whose test wallet pays on "Pay with a test wallet". */
  readonly devChain?: DevChainRecord;
  /** Tells open status streams when their payment changed. */
  readonly hub: CheckoutStatusHub;
  /** The status streams open now: ended before the server closes. */
  readonly streams: Set<ServerResponse>;
  /** A customer action's limit: per payment and IP address. */
  readonly actionLimit: RouteLimit;
  /** Pay on a link or an invoice (each press may create a payment): per IP address. */
  readonly payLimit: RouteLimit;
  /** The checkout view of payment `id` (404 NOT_FOUND for an unknown id). */
  loadView(id: string): Promise<CheckoutView>;
  /** The render context of payment `id`'s pages, with a notice or a refused refund address. */
  contextFor(request: FastifyRequest, id: string, extra?: Partial<RenderContext>): RenderContext;
  /** Sends a page with the checkout's headers; a view's cancel URL may be a form's target. */
  sendHtml(reply: FastifyReply, status: number, body: SafeHtml, view?: CheckoutView): FastifyReply;
  /** Sends the checkout page of a payment. */
  sendCheckout(reply: FastifyReply, view: CheckoutView, ctx: RenderContext, status?: number): FastifyReply;
  /** Sends a page with one message (not found, too many attempts, an error), in the request's language. */
  sendMessage(
    reply: FastifyReply,
    status: number,
    title: string,
    body: string,
    back?: string,
    retry?: RetryLink,
  ): FastifyReply;
  /**
   * Re-renders payment `id`'s page with the reason a customer action was refused (its HTTP status);
   * rethrows what the error handler answers instead (not found, rate limited, a server error).
   */
  refused(reply: FastifyReply, id: string, error: unknown): Promise<FastifyReply>;
}
