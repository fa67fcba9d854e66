/**
 * Where a wallet stands with its owner's confirmation (docs/security.md): `pending_confirmation`
 * until the mailed link is used, `waiting` from then until the operator's delay has passed, then
 * `confirmed`. Only a `confirmed` wallet's chain is offered to payments.
 */
export type WalletConfirmationState = 'pending_confirmation' | 'waiting' | 'confirmed';

/** The state of a wallet with these columns at `now` (the gateway's clock). */
export function walletConfirmationState(
  wallet: { readonly confirmedAt?: Date | null; readonly usableFrom?: Date | null },
  now: Date,
): WalletConfirmationState {
  if (!wallet.confirmedAt || !wallet.usableFrom) return 'pending_confirmation';
  return wallet.usableFrom.getTime() > now.getTime() ? 'waiting' : 'confirmed';
}
