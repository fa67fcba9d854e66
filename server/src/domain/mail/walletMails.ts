import { html } from '../../web/html.js';
import type { MailContent } from './MailContent.js';

/** What a wallet confirmation mail says: which wallet, where to confirm it, and for how long. */
export interface WalletConfirmationMailFacts {
  readonly to: string;
  readonly businessName: string;
  /** The chain's name and id, e.g. `Bitcoin (BTC)`. */
  readonly chain: string;
  /** The wallet in full, as it may be shown (a Monero wallet's primary address, never its view key). */
  readonly wallet: string;
  readonly link: string;
  readonly validHours: number;
  /** The operator's further delay after confirmation, in hours (0: none). */
  readonly delayHours: number;
}

/**
 * The link that makes a new live-mode wallet usable: it names the chain and the full wallet, so the
 * owner can check it against their own before confirming (docs/security.md).
 */
export function walletConfirmationMail(facts: WalletConfirmationMailFacts): MailContent {
  const intro = `A live-mode wallet was added to ${facts.businessName} on Cairn. Payments will not use it until you confirm it.`;
  const check =
    'Check that this is your wallet, character by character, before you confirm it: payments will go to it.';
  const delay =
    facts.delayHours > 0
      ? ` Once confirmed, this gateway waits ${facts.delayHours} more hours before payments use it.`
      : '';
  const expiry = `The link works once and expires in ${facts.validHours} hours; you confirm on the page it opens, signed in to Cairn.${delay} If you did not add this wallet, do not confirm it: remove it, change your password and turn on two-factor sign-in.`;
  return {
    to: facts.to,
    kind: 'wallet_confirmation',
    subject: `Confirm the new ${facts.chain} wallet for ${facts.businessName}`,
    text: `${intro}\n\nChain: ${facts.chain}\nWallet: ${facts.wallet}\n\n${check}\n\n${facts.link}\n\n${expiry}\n`,
    html: html`<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.25rem">Confirm the new live-mode wallet</h1>
<p>${intro}</p>
<p>Chain: <strong>${facts.chain}</strong><br>Wallet: <code style="word-break: break-all">${facts.wallet}</code></p>
<p>${check}</p>
<p><a href="${facts.link}">Review and confirm the wallet</a></p><p style="color: #555">${facts.link}</p>
<p>${expiry}</p>
</body></html>`.toString(),
  };
}
