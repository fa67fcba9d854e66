import type { ChainDefinition, CoinDefinition } from '@cairn/contract';
import type { EvmPayView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { formatDeadline } from './formatDeadline.js';
import { formatTimeLeft } from './formatTimeLeft.js';
import type { RenderContext } from './renderContext.js';

/** What to pay: the whole amount, or the remainder of an underpaid payment. */
export interface PayDetailsInput {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
  readonly address: string;
  readonly memo: string;
  /** The address and memo as one address (XRP X-address, Stellar muxed M-address), where there is one. */
  readonly alternateAddress?: string;
  /** Whole coins, e.g. `0.05000000`. */
  readonly displayAmount: string;
  readonly uri: string;
  readonly qrPath: string;
  readonly expiresAt: Date;
  readonly now: Date;
  /** `full` for the payment, `remainder` for what is still due. */
  readonly kind: 'full' | 'remainder';
  /** Smallest units of `displayAmount` (a browser wallet sends exactly this). */
  readonly amount: string;
  /** EVM chains: the token contract, the browser wallet and the dev chain's test wallet. */
  readonly evm?: EvmPayView;
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
<div class="row"><dt>${m.payNetwork}</dt><dd><strong>${input.chain.name}</strong> · ${input.coin.label ?? `${input.coin.name} (${input.coin.symbol})`}</dd></div>
<div class="row"><dt id="${prefix}-amount-label">${amountLabel}</dt><dd class="copyable"><code class="value" id="${prefix}-amount">${input.displayAmount}</code> <span class="unit">${input.coin.symbol}</span> ${copyButton(ctx, `${prefix}-amount`, amountLabel)}</dd></div>
<div class="row"><dt>${m.payAddress}</dt><dd class="copyable"><code class="value address" id="${prefix}-address">${input.address}</code> ${copyButton(ctx, `${prefix}-address`, m.payAddress)}</dd></div>
${input.memo ? renderMemo(input, prefix, ctx) : ''}
${
  input.evm?.token
    ? html`<div class="row"><dt>${m.payTokenContract}</dt><dd class="copyable"><code class="value address" id="${prefix}-token">${input.evm.token}</code> ${copyButton(ctx, `${prefix}-token`, m.payTokenContract)}</dd></div>`
    : ''
}
</dl>
<p class="hint">${m.payExactly}</p>
<figure class="qr"><img src="${input.qrPath}" width="232" height="232" alt="${qrAlt}"></figure>
<p class="wallet"><a class="button primary" href="${input.uri}">${m.openInWallet}</a></p>
${input.evm ? renderEvmWallets(input, input.evm, ctx) : ''}
<p class="warning">${m.networkWarning(input.coin.label ?? input.coin.symbol, input.chain.name)}</p>
<p class="deadline">${m.timeLeft}: <time class="countdown" datetime="${input.expiresAt.toISOString()}" data-countdown>${formatTimeLeft(
    input.expiresAt,
    input.now,
  )}</time>. ${m.payBy(formatDeadline(input.expiresAt, m.locale))}</p>
</div>`;
}

/** The tag, memo or reference row, what happens without it, and the one-address form where there is one. */
function renderMemo(input: PayDetailsInput, prefix: string, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const label = m.payMemoOf[input.chain.family] ?? m.payMemo;
  const hint = m.payMemoHint[input.chain.family];
  return html`<div class="row"><dt>${label}</dt><dd class="copyable"><code class="value" id="${prefix}-memo">${input.memo}</code> ${copyButton(ctx, `${prefix}-memo`, label)}${hint ? html`<br><span class="hint">${hint}</span>` : ''}</dd></div>
${
  input.alternateAddress
    ? html`<div class="row"><dt>${m.payAlternate}</dt><dd class="copyable"><code class="value address" id="${prefix}-alternate">${input.alternateAddress}</code> ${copyButton(ctx, `${prefix}-alternate`, m.payAlternate)}<br><span class="hint">${m.payAlternateHint}</span></dd></div>`
    : ''
}`;
}

/**
 * EVM extras: a "Pay with browser wallet" block that the script shows when the page has an injected
 * EIP-1193 provider (it switches the wallet to the chain, then sends the exact amount, or, for USDC
 * a gas wallet can relay, asks for an EIP-3009 signature instead), and on the dev chain a plain form
 * whose funded test account pays (works without JavaScript).
 */
function renderEvmWallets(input: PayDetailsInput, evm: EvmPayView, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const browser = html`<div class="evm-wallet" hidden data-evm-wallet data-chain-id="${String(evm.chainId)}" data-to="${input.address}" data-amount="${input.amount}" data-token="${evm.token ?? ''}" data-gasless="${evm.gasless && input.kind === 'full' ? ctx.paths.gaslessPrepare : ''}" data-gasless-submit="${ctx.paths.gaslessSubmit}" data-msg-working="${m.walletWorking}" data-msg-sent="${m.walletSent}" data-msg-failed="${m.walletFailed('%s')}">
<p><button type="button" class="button" data-evm-pay>${m.payWithBrowserWallet}</button>${
    evm.gasless && input.kind === 'full'
      ? html` <button type="button" class="button" data-evm-sign hidden>${m.signWithoutGas}</button>`
      : ''
  }</p>
<p class="hint">${m.browserWalletHint}</p>
<p class="evm-status" role="status" aria-live="polite"></p>
</div>`;
  const testWallet = evm.testWallet
    ? html`<form class="test-wallet" method="post" action="${ctx.paths.testWallet}"><p><button type="submit" class="button">${m.testWalletButton}</button></p><p class="hint">${m.testWalletHint}</p></form>`
    : '';
  return html`${browser}${testWallet}`;
}
