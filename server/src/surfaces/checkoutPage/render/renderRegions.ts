import type { PaymentStatus } from '@cairn/contract';
import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { amountForReading } from './readableAmount.js';
import type { RenderContext } from './renderContext.js';
import { type FundsAfterClose, renderFundsAfterClose } from './renderFundsAfterClose.js';
import { renderPayDetails } from './renderPayDetails.js';
import { renderPicker } from './renderPicker.js';
import { renderRefundForm } from './renderRefundForm.js';
import { renderTransactions } from './renderTransactions.js';
import { safeHttpUrl } from './safeHttpUrl.js';

/** The parts of the page that change with the payment's state (replaced live by the browser script). */
export interface CheckoutRegions {
  /** The status in one sentence: the page title's suffix and the screen-reader announcement. */
  readonly headline: string;
  /** Status heading, explanation, confirmations and transactions. */
  readonly progress: SafeHtml;
  /** What the customer can do now: pick, pay, cancel, ask for a refund, go back. */
  readonly actions: SafeHtml;
  /** Where to send the customer after a confirmed payment (success_url), if anywhere. */
  readonly redirect?: string;
}

/** Statuses while the customer picks, pays or waits for confirmations. */
const PAYING_STATUSES = [
  'pending',
  'awaiting_payment',
  'payment_detected',
  'confirming',
  'underpaid',
] as const;
type PayingStatus = (typeof PAYING_STATUSES)[number];
const isPaying = (status: PaymentStatus): status is PayingStatus =>
  (PAYING_STATUSES as readonly PaymentStatus[]).includes(status);

/** Renders the state-dependent regions of the checkout for every payment status. */
export function renderRegions(view: CheckoutView, ctx: RenderContext): CheckoutRegions {
  const parts = regionParts(view, ctx);
  const status = view.payment.status;
  return isPaying(status) ? payingRegions(status, view, ctx, parts) : closedRegions(status, view, ctx, parts);
}

/** The pieces the regions of every status are made of. */
interface RegionParts {
  readonly business: string;
  readonly symbol: string;
  /** An amount for reading (`readableAmount`): to pay rounds up, received or sent rounds to nearest. */
  units(amount: string | bigint, rounding?: 'up' | 'nearest'): string;
  /** The regions with a status heading, its explanation, and the actions (after a refused action's notice). */
  region(heading: string, body: SafeHtml | string, actions?: SafeHtml | string): CheckoutRegions;
  readonly txs: SafeHtml;
  readonly cancel: SafeHtml | '';
  back(url: string | null): SafeHtml | '';
  /** Money that arrived after the payment closed (shown on every closed status), and refunds sent. */
  readonly late: FundsAfterClose;
  /** The same, with the transactions, for pages that do not list them otherwise. */
  readonly lateWithTxs: FundsAfterClose;
  refundsSent(heading: string): SafeHtml | '';
  readonly received: SafeHtml | '';
  readonly confirmations: SafeHtml | '';
  payDetails(kind: 'full' | 'remainder'): SafeHtml | '';
}

function regionParts(view: CheckoutView, ctx: RenderContext): RegionParts {
  const m = ctx.messages;
  const { checkout, payment, chain, coin } = view;
  const business = checkout.business_name;
  const selected = checkout.selected;
  const decimals = coin?.decimals ?? 0;
  const symbol = coin?.symbol ?? '';
  const units = (amount: string | bigint, rounding: 'up' | 'nearest' = 'nearest') =>
    amountForReading(amount, { symbol, decimals }, rounding, m.coinAmount);
  const notice = ctx.notice ? html`<p class="notice" role="alert">${ctx.notice}</p>` : '';
  const txs = renderTransactions(payment, decimals, ctx);
  const cancellable =
    (payment.status === 'pending' || payment.status === 'awaiting_payment') &&
    payment.transactions.length === 0;
  const cancel = cancellable
    ? html`<p class="cancel"><a href="${ctx.paths.cancel}">${m.cancelLink}</a></p>`
    : '';
  const back = (url: string | null) => {
    const safe = safeHttpUrl(url);
    return safe ? html`<p><a class="button" href="${safe}">${m.returnToMerchant(business)}</a></p>` : '';
  };
  const region = (heading: string, body: SafeHtml | string, actions: SafeHtml | string = '') => ({
    headline: heading,
    progress: html`<h2 id="status-heading" data-status="${payment.status}">${heading}</h2>${body}`,
    actions: html`${notice}${actions}`,
  });
  const refundsSent = (heading: string) =>
    payment.refunds.length > 0
      ? html`<h3>${heading}</h3><ul class="txs">${payment.refunds.map(
          (r) =>
            html`<li><code class="txid">${r.tx_id}</code><span>${units(r.amount)} ${r.coin_symbol}</span></li>`,
        )}</ul>`
      : '';
  const received =
    selected && coin
      ? html`<p>${m.received(units(selected.amount_received), units(selected.crypto_amount), symbol)}</p>`
      : '';
  // In words and as a bar named by them (a <progress> is a progressbar to assistive technology).
  const confirmations = selected
    ? html`<div class="confirming"><p class="confirmations" id="confirmations-label">${m.confirmationProgress(
        selected.confirmations,
        selected.required_confirmations,
      )}</p><progress max="${selected.required_confirmations}" value="${Math.min(
        selected.confirmations,
        selected.required_confirmations,
      )}" aria-labelledby="confirmations-label"></progress></div>`
    : '';
  const payDetails = (kind: 'full' | 'remainder') =>
    selected && chain && coin
      ? renderPayDetails(
          {
            chain,
            coin,
            address: selected.address,
            memo: selected.memo,
            ...(view.alternateAddress ? { alternateAddress: view.alternateAddress } : {}),
            uri: kind === 'full' ? selected.payment_uri : view.remainderUri,
            qrPath: kind === 'full' ? ctx.paths.qr : ctx.paths.remainderQr,
            expiresAt: new Date(checkout.expires_at),
            now: view.now,
            kind,
            amount: kind === 'full' ? selected.crypto_amount : selected.amount_due,
            ...(view.evm ? { evm: view.evm } : {}),
          },
          ctx,
        )
      : '';
  return {
    business,
    symbol,
    units,
    region,
    txs,
    cancel,
    back,
    late: renderFundsAfterClose(view, ctx),
    lateWithTxs: renderFundsAfterClose(view, ctx, txs),
    refundsSent,
    received,
    confirmations,
    payDetails,
  };
}

/** Picking, paying, waiting for confirmations, or short of the amount. */
function payingRegions(
  status: PayingStatus,
  view: CheckoutView,
  ctx: RenderContext,
  p: RegionParts,
): CheckoutRegions {
  const m = ctx.messages;
  const { checkout, chain } = view;
  const selected = checkout.selected;
  switch (status) {
    case 'pending':
      return p.region(
        m.pickHeading,
        html`<p>${m.pendingStatus}</p>`,
        html`${renderPicker(view, ctx)}${p.cancel}`,
      );
    case 'awaiting_payment':
      return p.region(m.payHeading, html`<p>${m.payAwaiting}</p>`, html`${p.payDetails('full')}${p.cancel}`);
    case 'payment_detected':
    case 'confirming':
      return p.region(
        status === 'confirming' ? m.confirmingHeading : m.detectedHeading,
        html`<p>${m.detectedBody}</p>${p.confirmations}${p.received}${p.txs}`,
      );
    case 'underpaid':
      return p.region(
        m.underpaidHeading,
        html`<p>${m.underpaidBody(p.units(selected?.amount_due ?? '0', 'up'), p.symbol)}</p>${p.received}${p.txs}`,
        html`${
          view.remainderUri ? html`<h3>${m.remainderHeading}</h3>${p.payDetails('remainder')}` : ''
        }${chain ? renderRefundForm(chain, ctx) : ''}`,
      );
  }
}

/** Confirmed, or closed otherwise: refunds, expiry, cancellation, failure. */
function closedRegions(
  status: Exclude<PaymentStatus, PayingStatus>,
  view: CheckoutView,
  ctx: RenderContext,
  p: RegionParts,
): CheckoutRegions {
  const m = ctx.messages;
  const { checkout, payment, chain } = view;
  const { business, late, lateWithTxs, txs } = p;
  const selected = checkout.selected;
  switch (status) {
    case 'confirmed': {
      const redirect = safeHttpUrl(checkout.success_url);
      const excess =
        payment.overpaid && selected ? BigInt(selected.amount_received) - BigInt(selected.crypto_amount) : 0n;
      return {
        ...p.region(
          m.confirmedHeading,
          html`<p>${m.confirmedBody(business)}</p>${
            excess > 0n ? html`<p>${m.overpaidNote(p.units(excess), p.symbol)}</p>` : ''
          }${txs}`,
          redirect
            ? html`<p class="redirect">${m.redirecting(business)}</p><p><a class="button primary" href="${redirect}">${m.returnToMerchant(business)}</a></p>`
            : '',
        ),
        ...(redirect ? { redirect } : {}),
      };
    }
    case 'refund_requested':
      return p.region(
        m.refundRequestedHeading,
        html`<p>${m.refundRequestedBody(business, payment.refund_address ?? '')}</p>${late.progress}${p.received}${txs}`,
      );
    case 'refunded':
      return p.region(
        m.refundedHeading,
        html`<p>${m.refundedBody(business)}</p>${p.refundsSent(m.refundTransaction)}${lateWithTxs.progress}`,
        late.actions,
      );
    case 'expired':
      return p.region(
        m.expiredHeading,
        html`<p>${m.expiredBody}</p>${lateWithTxs.progress}${p.refundsSent(m.refundsSent)}`,
        html`${late.actions}${p.back(checkout.cancel_url)}`,
      );
    case 'expired_underpaid':
      return p.region(
        m.expiredUnderpaidHeading,
        html`<p>${m.expiredUnderpaidBody(p.units(selected?.amount_received ?? '0'), p.symbol)}</p>${late.progress}${txs}`,
        chain ? renderRefundForm(chain, ctx) : '',
      );
    case 'expired_reorged':
      return p.region(
        m.expiredReorgedHeading,
        html`<p>${m.expiredReorgedBody}</p>${late.progress}${txs}${p.refundsSent(m.refundsSent)}`,
        late.actions,
      );
    case 'cancelled':
      return p.region(
        m.cancelledHeading,
        html`<p>${payment.cancelled_by === 'customer' ? m.cancelledByCustomer : m.cancelledByMerchant}</p>${
          lateWithTxs.progress
        }${p.refundsSent(m.refundsSent)}`,
        html`${late.actions}${p.back(checkout.cancel_url)}`,
      );
    case 'failed':
      return p.region(
        m.failedHeading,
        html`<p>${m.failedBody(
          m.failureReasons[payment.failure_reason ?? ''] ?? payment.failure_reason ?? m.failureUnknown,
        )}</p>${lateWithTxs.progress}${p.refundsSent(m.refundsSent)}`,
        late.actions,
      );
  }
}
