import { getChain } from '@cairn/contract';

/**
 * A stored wallet as it may be shown or logged (dashboard, audit log). A Monero wallet is stored as
 * `address:private view key`, and the view key reveals every payment the wallet receives: only the
 * address is shown. Every other family's wallet value is public already (an extended public key, an
 * address).
 */
export function publicWalletValue(chainId: string, value: string): string {
  if (getChain(chainId)?.family === 'monero') return value.split(':')[0] ?? '';
  return value;
}
