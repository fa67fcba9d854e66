import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { amountForReading } from './readableAmount.js';
import type { RenderContext } from './renderContext.js';
import { renderRefundForm } from './renderRefundForm.js';

/** What a closed checkout adds about money that arrived after the payment closed. */
export interface FundsAfterClose {
  /** For the progress region: what arrived, or that a transaction was seen and waits for depth. */
  readonly progress: SafeHtml;
  /** For the actions region: the refund request form, when the customer can still give an address. */
  readonly actions: SafeHtml;
}

/** Statuses with a refund path of their own (the underpaid form, or the request already made). */
const OWN_REFUND_PATH = new Set(['refund_requested', 'expired_underpaid']);

/**
 * Money on a closed payment (docs/decisions.md, "Money after the close"): the page never claims
 * nothing arrived. Once the lifecycle has reported funds after the close (`amount_received_after_close`)
 * it says how much, and offers the refund address form until the customer has given one (then names
 * it), except on statuses that have their own refund path. On a cancelled or expired payment a live
 * transaction not yet at depth is announced as seen, with the depth it waits for. `transactions` follows
 * either note.
 */
export function renderFundsAfterClose(
  view: CheckoutView,
  ctx: RenderContext,
  /** The transactions list, for statuses whose page does not show it already. */
  transactions: SafeHtml | '' = '',
): FundsAfterClose {
  const m = ctx.messages;
  const { payment, checkout, chain, coin } = view;
  const none = { progress: html``, actions: html`` };
  if (!coin) return none;
  const late = BigInt(payment.amount_received_after_close);
  const symbol = coin.symbol;
  if (late > 0n) {
    const amount = amountForReading(late, coin, 'nearest', m.coinAmount);
    const own = OWN_REFUND_PATH.has(payment.status);
    const address = payment.refund_address;
    // A refunded payment's address was given for its earlier refund, not for this money: say it is on
    // record rather than that this money was asked back (the lifecycle takes no second request).
    const requested =
      own || !address
        ? ''
        : payment.status === 'refunded'
          ? html`<p>${m.afterCloseAddressOnRecord(checkout.business_name, address)}</p>`
          : html`<p>${m.afterCloseRefundRequested(checkout.business_name, address)}</p>`;
    return {
      progress: html`<p class="after-close">${m.receivedAfterClose(amount, symbol)}</p>${requested}${transactions}`,
      actions: !own && !address && chain ? renderRefundForm(chain, ctx) : html``,
    };
  }
  const waiting = payment.transactions.some((t) => t.status !== 'removed' && !t.received_after_close);
  if ((payment.status === 'cancelled' || payment.status === 'expired') && waiting) {
    const depth = checkout.selected?.required_confirmations ?? 1;
    return {
      progress: html`<p class="after-close">${m.seenAfterClose(depth)}</p>${transactions}`,
      actions: html``,
    };
  }
  return none;
}
