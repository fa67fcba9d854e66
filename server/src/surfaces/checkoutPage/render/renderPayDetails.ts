import type { ChainDefinition, CoinDefinition } from '@cairn/contract';
import type { EvmPayView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { formatDeadline } from './formatDeadline.js';
import { formatTimeLeft } from './formatTimeLeft.js';
import type { CopyTarget } from './messages.js';
import { readableAmount } from './readableAmount.js';
import { renderAddress } from './renderAddress.js';
import type { RenderContext } from './renderContext.js';

/** What to pay: the whole amount, or the remainder of an underpaid payment. */
export interface PayDetailsInput {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
  readonly address: string;
  readonly memo: string;
  /** The address and memo as one address (XRP X-address, Stellar muxed M-address), where there is one. */
  readonly alternateAddress?: string;
  readonly uri: string;
  readonly qrPath: string;
  readonly expiresAt: Date;
  readonly now: Date;
  /** `full` for the payment, `remainder` for what is still due. */
  readonly kind: 'full' | 'remainder';
  /** Smallest units to pay (a browser wallet sends exactly this; the page shows it rounded up). */
  readonly amount: string;
  /** EVM chains: the token contract, the browser wallet and the dev chain's test wallet. */
  readonly evm?: EvmPayView;
}

function copyButton(ctx: RenderContext, target: string, what: CopyTarget): SafeHtml {
  return html`<button type="button" class="copy" data-copy="${target}" hidden aria-label="${ctx.messages.copyWhat(
    what,
  )}">${ctx.messages.copy}</button>`;
}

/**
 * The pay view: the countdown first, then network, deposit address (in groups of 4, and memo where the
 * family needs one) and the amount with copy buttons, the QR code of the payment URI, an "open in
 * wallet" link and a plain warning about other coins and networks. The amount is shown rounded up for
 * reading (`readableAmount`), marked `≈` when rounded; Copy, the hover title, the QR code and the URI
 * carry the exact amount.
 */
export function renderPayDetails(input: PayDetailsInput, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const prefix = input.kind === 'full' ? 'pay' : 'rest';
  const amountLabel = input.kind === 'full' ? m.payAmount : m.payAmountDue;
  const amount = readableAmount(BigInt(input.amount), input.coin, 'up');
  const shown = `${amount.approximate ? '≈' : ''}${m.coinAmount(amount.text)}`;
  const qrAlt = (input.kind === 'full' ? m.qrAlt : m.remainderQrAlt)(shown, input.coin.symbol, input.address);
  return html`<div class="pay">
<p class="deadline">${m.timeLeft}: <time class="countdown" datetime="${input.expiresAt.toISOString()}" data-countdown>${formatTimeLeft(
    input.expiresAt,
    input.now,
  )}</time> <span class="pay-by">${m.payBy(formatDeadline(input.expiresAt, m.locale))}</span></p>
<dl class="details">
<div class="row"><dt>${m.payNetwork}</dt><dd><strong>${input.chain.name}</strong> · ${input.coin.label ?? `${input.coin.name} (${input.coin.symbol})`}</dd></div>
<div class="row"><dt id="${prefix}-amount-label">${amountLabel}</dt><dd class="copyable"><span class="amount-line"><code class="value amount" id="${prefix}-amount" data-copy-value="${amount.exact}" title="${m.exactAmount(
    amount.exact,
    input.coin.symbol,
  )}">${shown}</code> <span class="unit">${input.coin.label ?? input.coin.symbol}</span></span> ${copyButton(ctx, `${prefix}-amount`, input.kind === 'full' ? 'amount' : 'amountDue')}${
    amount.approximate ? html`<span class="hint rounded">${m.payRounded}</span>` : ''
  }</dd></div>
<div class="row"><dt>${m.payAddress}</dt><dd class="copyable">${renderAddress(`${prefix}-address`, input.address)} ${copyButton(ctx, `${prefix}-address`, 'address')}</dd></div>
${input.memo ? renderMemo(input, prefix, ctx) : ''}
${
  input.evm?.token
    ? html`<div class="row"><dt>${m.payTokenContract}</dt><dd class="copyable">${renderAddress(`${prefix}-token`, input.evm.token)} ${copyButton(ctx, `${prefix}-token`, 'contract')}</dd></div>`
    : ''
}
</dl>
<p class="hint">${amount.approximate ? m.payAtLeast : m.payExactly}</p>
<figure class="qr"><img src="${input.qrPath}" width="232" height="232" alt="${qrAlt}"></figure>
<p class="wallet"><a class="button primary" href="${input.uri}">${m.openInWallet}</a></p>
${input.evm ? renderEvmWallets(input, input.evm, ctx) : ''}
<p class="warning">${m.networkWarning(input.coin.label ?? input.coin.symbol, input.chain.name)}</p>
</div>`;
}

/** The tag, memo or reference row, what happens without it, and the one-address form where there is one. */
function renderMemo(input: PayDetailsInput, prefix: string, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const label = m.payMemoOf[input.chain.family] ?? m.payMemo;
  const hint = m.payMemoHint[input.chain.family];
  return html`<div class="row"><dt>${label}</dt><dd class="copyable"><code class="value" id="${prefix}-memo">${input.memo}</code> ${copyButton(ctx, `${prefix}-memo`, 'memo')}${hint ? html`<br><span class="hint">${hint}</span>` : ''}</dd></div>
${
  input.alternateAddress
    ? html`<div class="row"><dt>${m.payAlternate}</dt><dd class="copyable">${renderAddress(`${prefix}-alternate`, input.alternateAddress)} ${copyButton(ctx, `${prefix}-alternate`, 'alternate')}<br><span class="hint">${m.payAlternateHint}</span></dd></div>`
    : ''
}`;
}

/**
 * EVM extras: a "Pay with browser wallet" block that the script shows when the page finds an injected
 * wallet (EIP-6963 announcements, else `window.ethereum`). With announced wallets the customer picks
 * one by name and icon in the picker the script fills. The script switches the wallet to the chain,
 * adding it first with the server's `data-add-chain` parameter when the wallet lacks it and one is
 * known, then sends the exact amount, or, for USDC a gas wallet can relay, asks for an EIP-3009
 * signature instead. On the dev chain a plain form whose funded test account pays (works without
 * JavaScript).
 */
function renderEvmWallets(input: PayDetailsInput, evm: EvmPayView, ctx: RenderContext): SafeHtml {
  const m = ctx.messages;
  const gasless = evm.gasless && input.kind === 'full';
  const browser = html`<div class="evm-wallet" hidden data-evm-wallet data-chain-id="${String(evm.chainId)}" data-to="${input.address}" data-amount="${input.amount}" data-token="${evm.token ?? ''}" data-add-chain="${evm.addChain ? JSON.stringify(evm.addChain) : ''}" data-gasless="${gasless ? ctx.paths.gaslessPrepare : ''}" data-gasless-submit="${ctx.paths.gaslessSubmit}" data-msg-working="${m.walletWorking}" data-msg-sent="${m.walletSent}" data-msg-failed="${m.walletFailed('%s')}" data-msg-declined="${m.walletDeclined}" data-msg-lacks-chain="${m.walletLacksChain(input.chain.name)}">
<fieldset class="wallet-picker" hidden><legend>${m.chooseWallet}</legend><div class="wallet-choices"></div></fieldset>
<p><button type="button" class="button" data-evm-pay>${m.payWithBrowserWallet}</button>${
    gasless
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
