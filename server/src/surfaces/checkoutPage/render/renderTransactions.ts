import type { Payment as PaymentBody } from '@cairn/contract';
import { html, type SafeHtml } from '../../../web/html.js';
import { amountForReading } from './readableAmount.js';
import type { RenderContext } from './renderContext.js';

/** The payment's transactions: id, amount (rounded for reading) and confirmations (or reversed). */
export function renderTransactions(payment: PaymentBody, decimals: number, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  if (payment.transactions.length === 0) return html``;
  const items = payment.transactions.map((tx) => {
    const amount = amountForReading(tx.amount, { symbol: tx.coin_symbol, decimals }, 'nearest', m.coinAmount);
    const line =
      tx.status === 'removed'
        ? m.transactionRemoved(amount, tx.coin_symbol)
        : m.transactionLine(amount, tx.coin_symbol, tx.confirmations);
    return html`<li><code class="txid">${tx.tx_id}</code><span>${line}</span></li>`;
  });
  return html`<h3>${m.transactions}</h3><ul class="txs">${items}</ul>`;
}
