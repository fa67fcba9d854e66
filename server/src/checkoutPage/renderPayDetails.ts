import type { ChainDefinition, CoinDefinition } from '@cairn/contract';
import { formatDeadline } from './formatDeadline.js';
import { formatTimeLeft } from './formatTimeLeft.js';
import { html, type SafeHtml } from './html.js';
import type { RenderContext } from './renderContext.js';

/** What to pay: the whole amount, or the remainder of an underpaid payment. */
export interface PayDetailsInput {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
  readonly address: string;
  readonly memo: string;
  /** Whole coins, e.g. `0.05000000`. */
  readonly displayAmount: string;
  readonly uri: string;
  readonly qrPath: string;
  readonly expiresAt: Date;
  readonly now: Date;
  /** `full` for the payment, `remainder` for what is still due. */
  readonly kind: 'full' | 'remainder';
}

function copyButton(ctx: RenderContext, target: string, what: string): SafeHtml {
  return html`<button type="button" class="copy" data-copy="${target}" hidden aria-label="${ctx.messages.copyWhat(
    what,
  )}">${ctx.messages.copy}</button>`;
}

/**
 * The pay view: network, deposit address (and memo where the family needs one) and exact amount with
 * copy buttons, the QR code of the payment URI, an "open in wallet" link, the countdown and a plain
 * warning about other coins and networks.
 */
export function renderPayDetails(input: PayDetailsInput, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const prefix = input.kind === 'full' ? 'pay' : 'rest';
  const amountLabel = input.kind === 'full' ? m.payAmount : m.payAmountDue;
  const qrAlt = (input.kind === 'full' ? m.qrAlt : m.remainderQrAlt)(
    input.displayAmount,
    input.coin.symbol,
    input.address,
  );
  return html`<div class="pay">
<dl class="details">
<div class="row"><dt>${m.payNetwork}</dt><dd><strong>${input.chain.name}</strong> · ${input.coin.name} (${input.coin.symbol})</dd></div>
<div class="row"><dt id="${prefix}-amount-label">${amountLabel}</dt><dd class="copyable"><code class="value" id="${prefix}-amount">${input.displayAmount}</code> <span class="unit">${input.coin.symbol}</span> ${copyButton(ctx, `${prefix}-amount`, amountLabel)}</dd></div>
<div class="row"><dt>${m.payAddress}</dt><dd class="copyable"><code class="value address" id="${prefix}-address">${input.address}</code> ${copyButton(ctx, `${prefix}-address`, m.payAddress)}</dd></div>
${
  input.memo
    ? html`<div class="row"><dt>${m.payMemo}</dt><dd class="copyable"><code class="value" id="${prefix}-memo">${input.memo}</code> ${copyButton(ctx, `${prefix}-memo`, m.payMemo)}</dd></div>`
    : ''
}
</dl>
<p class="hint">${m.payExactly}</p>
<figure class="qr"><img src="${input.qrPath}" width="232" height="232" alt="${qrAlt}"></figure>
<p class="wallet"><a class="button primary" href="${input.uri}">${m.openInWallet}</a></p>
<p class="warning">${m.networkWarning(input.coin.symbol, input.chain.name)}</p>
<p class="deadline">${m.timeLeft}: <time class="countdown" datetime="${input.expiresAt.toISOString()}" data-countdown>${formatTimeLeft(
    input.expiresAt,
    input.now,
  )}</time>. ${m.payBy(formatDeadline(input.expiresAt, m.locale))}</p>
</div>`;
}
