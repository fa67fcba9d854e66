import type { ChainFamily } from '@cairn/contract';

/**
 * Which part of a transaction paid, named the family's way: a Bitcoin-family output, an EVM or TRON
 * log (the transaction's own value has none), a Stellar operation, a Monero subaddress. Empty where
 * the transaction itself is the transfer (XRP, Solana) or the index means nothing to a reader.
 */
export function transferPart(family: ChainFamily | undefined, index: number | null): string {
  if (index === null || index < 0) return '';
  switch (family) {
    case 'utxo':
      return `output ${index}`;
    case 'evm':
    case 'tron':
      return `log ${index}`;
    case 'stellar':
      // A Soroban transfer's index is its transaction position times 100 plus the operation.
      return `operation ${index % 100}`;
    case 'monero':
      return `subaddress ${index}`;
    default:
      return '';
  }
}
