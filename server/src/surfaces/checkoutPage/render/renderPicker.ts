import { getChain, getCoin } from '@cairn/contract';
import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { formatDeadline } from './formatDeadline.js';
import { readableAmount } from './readableAmount.js';
import type { RenderContext } from './renderContext.js';

/**
 * The chain picker: every option with its coin, chain, locked amount (rounded up for reading, the exact
 * amount in its title) and rate, accepted options first with the default one checked. A plain form
 * POST, so it works without JavaScript.
 */
export function renderPicker(view: CheckoutView, ctx: RenderContext): SafeHtml {
  const { messages: m, paths } = ctx;
  const { checkout } = view;
  if (checkout.chain_options.length === 0) return html`<p class="notice">${m.pickNoOptions}</p>`;
  const options = checkout.chain_options.map((option, index) => {
    const token = `${option.chain_id}:${option.coin_symbol}`;
    const chain = getChain(option.chain_id);
    const coin = getCoin(option.chain_id, option.coin_symbol);
    const id = `option-${index}`;
    const amount = coin
      ? readableAmount(BigInt(option.crypto_amount), coin, 'up')
      : { text: option.display_amount, exact: option.display_amount, approximate: false };
    return html`<li><input type="radio" name="token" id="${id}" value="${token}" required${
      token === checkout.default_token ? html` checked` : ''
    }><label for="${id}"><span class="coin">${m.pickOption(
      coin ? (coin.label ?? `${coin.name} (${option.coin_symbol})`) : option.coin_symbol,
      chain?.name ?? option.chain_id,
    )}</span><span class="amount"><strong title="${m.exactAmount(amount.exact, option.coin_symbol)}">${
      amount.approximate ? '≈' : ''
    }${m.coinAmount(amount.text)} ${option.coin_symbol}</strong> <small>${m.pickRate(
      option.coin_symbol,
      m.coinAmount(option.exchange_rate),
      checkout.fiat_currency,
    )}</small></span></label></li>`;
  });
  return html`<form method="post" action="${paths.select}" class="picker">
<fieldset><legend>${m.pickLegend}</legend>
<p class="hint">${m.pickHint}</p>
<ul class="options">${options}</ul>
</fieldset>
<p class="deadline">${m.pickDeadline} <time datetime="${checkout.expires_at}">${formatDeadline(
    new Date(checkout.expires_at),
    m.locale,
  )}</time>.</p>
<button type="submit" class="button primary">${m.pickContinue}</button>
</form>`;
}
