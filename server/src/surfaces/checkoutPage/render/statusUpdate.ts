import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { SUCCESS_REDIRECT_DELAY_MS } from './renderCheckoutPage.js';
import type { RenderContext } from './renderContext.js';
import { renderRegions } from './renderRegions.js';
import { viewVersion } from './viewVersion.js';

/** One live update of an open checkout page (the `data` of a server-sent `status` event). */
export interface StatusUpdate {
  readonly status: string;
  readonly version: string;
  /** Announced to screen readers when the status changes. */
  readonly headline: string;
  readonly title: string;
  /** The markup of the page's two live regions (rendered by the same templates as the page). */
  readonly progress: string;
  readonly actions: string;
  readonly redirect?: string;
  readonly redirectDelay?: number;
}

/** The live update for the current state of a checkout. */
export function statusUpdate(view: CheckoutView, ctx: RenderContext): StatusUpdate {
  const regions = renderRegions(view, ctx);
  return {
    status: view.payment.status,
    version: viewVersion(view),
    headline: regions.headline,
    title: `${regions.headline} · ${ctx.messages.pageTitle(view.checkout.business_name)}`,
    progress: regions.progress.toString(),
    actions: regions.actions.toString(),
    ...(regions.redirect ? { redirect: regions.redirect, redirectDelay: SUCCESS_REDIRECT_DELAY_MS } : {}),
  };
}
