import { formatUnits } from '@cairn/chain-core';
import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { RenderContext } from './renderContext.js';
import { renderFundsAfterClose } from './renderFundsAfterClose.js';
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

/** Renders the state-dependent regions of the checkout for every payment status. */
export function renderRegions(view: CheckoutView, ctx: RenderContext): CheckoutRegions {
  const m = ctx.messages;
  const { checkout, payment, chain, coin } = view;
  const business = checkout.business_name;
  const selected = checkout.selected;
  const decimals = coin?.decimals ?? 0;
  const units = (amount: string | bigint) => formatUnits(BigInt(amount), decimals);
  const symbol = coin?.symbol ?? '';
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
  // Money that arrived after the payment closed (shown on every closed status), and refunds sent.
  const late = renderFundsAfterClose(view, ctx);
  // The same, with the transactions, for pages that do not list them otherwise.
  const lateWithTxs = renderFundsAfterClose(view, ctx, txs);
  const refundsSent = (heading: string) =>
    payment.refunds.length > 0
      ? html`<h3>${heading}</h3><ul class="txs">${payment.refunds.map(
          (r) =>
            html`<li><code class="txid">${r.tx_id}</code><span>${units(r.amount)} ${r.coin_symbol}</span></li>`,
        )}</ul>`
      : '';
  const received =
    selected && coin
      ? html`<p>${m.received(units(selected.amount_received), selected.display_amount, symbol)}</p>`
      : '';
  const confirmations = selected
    ? html`<p class="confirmations">${m.waitingConfirmations(
        selected.confirmations,
        selected.required_confirmations,
      )}</p>`
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
            displayAmount: kind === 'full' ? selected.display_amount : units(selected.amount_due),
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

  switch (payment.status) {
    case 'pending':
      return region(
        m.pickHeading,
        html`<p>${m.pendingStatus}</p>`,
        html`${renderPicker(view, ctx)}${cancel}`,
      );
    case 'awaiting_payment':
      return region(m.payHeading, html`<p>${m.payAwaiting}</p>`, html`${payDetails('full')}${cancel}`);
    case 'payment_detected':
    case 'confirming':
      return region(
        payment.status === 'confirming' ? m.confirmingHeading : m.detectedHeading,
        html`<p>${m.detectedBody}</p>${confirmations}${received}${txs}`,
      );
    case 'confirmed': {
      const redirect = safeHttpUrl(checkout.success_url);
      const excess =
        payment.overpaid && selected ? BigInt(selected.amount_received) - BigInt(selected.crypto_amount) : 0n;
      return {
        ...region(
          m.confirmedHeading,
          html`<p>${m.confirmedBody(business)}</p>${
            excess > 0n ? html`<p>${m.overpaidNote(units(excess), symbol)}</p>` : ''
          }${txs}`,
          redirect
            ? html`<p class="redirect">${m.redirecting(business)}</p><p><a class="button primary" href="${redirect}">${m.returnToMerchant(business)}</a></p>`
            : '',
        ),
        ...(redirect ? { redirect } : {}),
      };
    }
    case 'underpaid':
      return region(
        m.underpaidHeading,
        html`<p>${m.underpaidBody(units(selected?.amount_due ?? '0'), symbol)}</p>${received}${txs}`,
        html`${
          view.remainderUri ? html`<h3>${m.remainderHeading}</h3>${payDetails('remainder')}` : ''
        }${chain ? renderRefundForm(chain, ctx) : ''}`,
      );
    case 'refund_requested':
      return region(
        m.refundRequestedHeading,
        html`<p>${m.refundRequestedBody(business, payment.refund_address ?? '')}</p>${late.progress}${received}${txs}`,
      );
    case 'refunded':
      return region(
        m.refundedHeading,
        html`<p>${m.refundedBody(business)}</p>${refundsSent(m.refundTransaction)}${lateWithTxs.progress}`,
        late.actions,
      );
    case 'expired':
      return region(
        m.expiredHeading,
        html`<p>${m.expiredBody}</p>${lateWithTxs.progress}${refundsSent(m.refundsSent)}`,
        html`${late.actions}${back(checkout.cancel_url)}`,
      );
    case 'expired_underpaid':
      return region(
        m.expiredUnderpaidHeading,
        html`<p>${m.expiredUnderpaidBody(units(selected?.amount_received ?? '0'), symbol)}</p>${late.progress}${txs}`,
        chain ? renderRefundForm(chain, ctx) : '',
      );
    case 'expired_reorged':
      return region(
        m.expiredReorgedHeading,
        html`<p>${m.expiredReorgedBody}</p>${late.progress}${txs}${refundsSent(m.refundsSent)}`,
        late.actions,
      );
    case 'cancelled':
      return region(
        m.cancelledHeading,
        html`<p>${payment.cancelled_by === 'customer' ? m.cancelledByCustomer : m.cancelledByMerchant}</p>${
          lateWithTxs.progress
        }${refundsSent(m.refundsSent)}`,
        html`${late.actions}${back(checkout.cancel_url)}`,
      );
    case 'failed':
      return region(
        m.failedHeading,
        html`<p>${m.failedBody(
          m.failureReasons[payment.failure_reason ?? ''] ?? payment.failure_reason ?? m.failureUnknown,
        )}</p>${lateWithTxs.progress}${refundsSent(m.refundsSent)}`,
        late.actions,
      );
  }
}
