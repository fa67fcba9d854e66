import type { Mode } from '@cairn/contract';
import type { StoredLineItem } from '../../../domain/invoices/invoiceRow.js';
import { formatFiat } from '../../../web/formatFiat.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { PageAssets } from '../../../web/loadHashedAsset.js';
import type { Messages } from './messages.js';
import { renderDocument } from './renderDocument.js';

/** What an invoice page shows. */
export interface InvoicePageView {
  readonly businessName: string;
  readonly mode: Mode;
  readonly number: string;
  readonly recipientName: string | null;
  readonly recipientEmail: string;
  readonly currency: string;
  readonly lines: readonly StoredLineItem[];
  readonly total: string;
  readonly dueDate: string;
  readonly overdue: boolean;
  readonly memo: string | null;
  /** Where the Pay form posts, the printable view, and the page itself. */
  readonly paths: { readonly pay: string; readonly print: string; readonly page: string };
  /** Instead of the Pay button: paid, refunded, void, or why the last press was refused. */
  readonly state?: { readonly title: string; readonly body: string; readonly canRetry: boolean };
  /** The printable view: no Pay button, a link back instead. */
  readonly print?: boolean;
}

/**
 * The invoice page at `{checkout_url_base}/invoices/<id>`: the merchant, the recipient, the lines and
 * total, the due date and memo, and a Pay button that POSTs (a GET never creates a payment) and is
 * sent on to the payment's checkout. The printable view is the same invoice without the actions, for
 * the browser's own print (no PDF is made).
 */
export function renderInvoicePage(
  view: InvoicePageView,
  input: { messages: Messages; assets: PageAssets; assetBase: string },
): SafeHtml {
  const m = input.messages;
  const money = (amount: string) => formatFiat(amount, view.currency, m.locale);
  const state = view.state;
  const actions = view.print
    ? html`<p class="no-print"><a href="${view.paths.page}">${m.invoiceBack}</a></p>`
    : state
      ? html`<h2>${state.title}</h2><p>${state.body}</p>${
          state.canRetry
            ? html`<form class="link-pay" method="post" action="${view.paths.pay}"><button class="button primary" type="submit">${m.tryAgain}</button></form>`
            : ''
        }<p><a href="${view.paths.print}">${m.invoicePrint}</a></p>`
      : html`<form class="link-pay" method="post" action="${view.paths.pay}"><button class="button primary" type="submit">${m.invoicePay} ${money(view.total)}</button></form>
<p class="hint">${m.invoicePayHint}</p>
<p><a href="${view.paths.print}">${m.invoicePrint}</a></p>`;
  return renderDocument({
    page: view.print ? view.paths.print : view.paths.page,
    messages: m,
    title: `${m.invoiceTitle(view.number)} · ${view.businessName}`,
    assetBase: input.assetBase,
    assets: input.assets,
    header: html`<header class="merchant">
${view.mode === 'test' ? html`<p class="testmode">${m.testMode}</p>` : ''}
<h1><span class="business">${m.invoiceTitle(view.number)}</span> <span class="fiat">${money(view.total)}</span></h1>
</header>`,
    main: html`<section class="progress invoice" aria-labelledby="invoice-heading">
<h2 id="invoice-heading" class="sr-only">${m.invoiceTitle(view.number)}</h2>
<dl class="invoice-facts">
<dt>${m.invoiceFrom}</dt><dd>${view.businessName}</dd>
<dt>${m.invoiceTo}</dt><dd>${view.recipientName ? html`${view.recipientName}<br>` : ''}${view.recipientEmail}</dd>
<dt>${m.invoiceDue}</dt><dd>${m.calendarDay(view.dueDate)}${view.overdue ? html` <strong class="overdue">${m.invoiceOverdue}</strong>` : ''}</dd>
</dl>
<div class="table-wrap" tabindex="0"><table class="invoice-lines">
<caption class="sr-only">${m.invoiceTitle(view.number)}</caption>
<thead><tr><th scope="col">${m.invoiceItem}</th><th scope="col" class="num">${m.invoiceQuantity}</th><th scope="col" class="num">${m.invoiceUnitPrice}</th><th scope="col" class="num">${m.invoiceAmount}</th></tr></thead>
<tbody>${view.lines.map(
      (line) =>
        html`<tr><td>${line.description}</td><td class="num">${m.coinAmount(line.quantity)}</td><td class="num">${money(line.unit_price)}</td><td class="num">${money(line.amount)}</td></tr>`,
    )}</tbody>
<tfoot><tr><th scope="row" colspan="3">${m.invoiceTotal}</th><td class="num"><strong>${money(view.total)}</strong></td></tr></tfoot>
</table></div>
${view.memo ? html`<p class="memo">${view.memo}</p>` : ''}
</section>
<section class="actions">${actions}</section>`,
    footer: html`<footer><p>${m.footerNote}</p></footer>`,
  });
}
