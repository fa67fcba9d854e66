import type { ConfirmedWallet, WalletToConfirm } from '../../../domain/wallets/confirmWallet.js';
import { html } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, formatTime } from './forms.js';
import type { Page } from './Page.js';

/**
 * The page a wallet confirmation link opens (signed in as the login it was mailed to): the chain and
 * the full wallet, and a button that confirms it. Opening it changes nothing.
 */
export function confirmWalletPage(
  paths: DashboardPaths,
  csrf: string,
  token: string,
  wallet: WalletToConfirm,
  delayHours: number,
): Page {
  const delay =
    delayHours > 0
      ? html`<p>Once you confirm it, this gateway waits ${delayHours} more hours before payments use it.</p>`
      : html`<p>Once you confirm it, new ${wallet.chainId} payments of ${wallet.businessName} go to it.</p>`;
  return {
    title: 'Confirm the new live wallet',
    narrow: true,
    main: html`<h1>Confirm the new live wallet</h1>
<div class="card">
<p>A live-mode wallet was added to <strong>${wallet.businessName}</strong>. Check that it is yours, character by character: payments will go to it.</p>
<dl class="facts">
<dt>Chain</dt><dd>${wallet.chainName} (${wallet.chainId})</dd>
<dt>Wallet</dt><dd><code id="wallet-to-confirm">${wallet.wallet}</code></dd>
</dl>
${delay}
<form method="post" action="${paths.confirmWallet}">
${csrfField(csrf)}<input type="hidden" name="token" value="${token}">
<div class="actions"><button type="submit">Confirm this wallet</button><a href="${paths.wallets}">Not mine: back to wallets</a></div>
</form>
</div>
<p class="muted">If you did not add this wallet, do not confirm it: remove it on the wallets page, change your password and turn on two-factor sign-in.</p>`,
  };
}

/** After the confirmation: from when payments use the wallet. */
export function walletConfirmedPage(paths: DashboardPaths, confirmed: ConfirmedWallet, now: Date): Page {
  const when =
    confirmed.usableFrom.getTime() > now.getTime()
      ? `Payments use it from ${formatTime(confirmed.usableFrom)}, once the waiting time this gateway sets is over.`
      : 'New payments offer its chain from now on.';
  return {
    title: 'Wallet confirmed',
    narrow: true,
    main: html`<h1>Wallet confirmed</h1>
<div class="card" role="status"><p>The ${confirmed.chainId} wallet is confirmed. ${when}</p>
<p><a class="button" href="${paths.wallets}">Wallets</a></p></div>`,
  };
}
