import { readFileSync } from 'node:fs';
import type { MoneroNetwork } from '../src/moneroChains.js';

/** One throwaway wallet as monero-wallet-rpc made it, with the subaddresses it gave. */
export interface WalletRpcWallet {
  readonly network: MoneroNetwork;
  readonly address: string;
  readonly viewKey: string;
  readonly spendKey: string;
  readonly subaddresses: readonly {
    readonly major: number;
    readonly minor: number;
    readonly address: string;
  }[];
  readonly integrated: { readonly paymentId: string; readonly address: string };
}

export interface WalletRpcVectors {
  readonly source: string;
  readonly walletRpcVersion: string;
  readonly wallets: readonly WalletRpcWallet[];
}

/** Where deriveSubaddress.walletRpc.test.ts writes the vectors with RECORD_MONERO_VECTORS=1. */
export const WALLET_RPC_VECTORS_PATH = new URL('./walletRpcVectors.json', import.meta.url);

/** The recorded vectors (test/walletRpcVectors.json). */
export function loadWalletRpcVectors(): WalletRpcVectors {
  return JSON.parse(readFileSync(WALLET_RPC_VECTORS_PATH, 'utf8')) as WalletRpcVectors;
}
