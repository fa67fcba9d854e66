import type { ChainAdapter } from '@cairn/chain-core';
import { buildMoneroUri } from './buildMoneroUri.js';
import { deriveSubaddress } from './deriveSubaddress.js';
import { MoneroAdapterError } from './MoneroAdapterError.js';
import { isMoneroChainId, moneroNetworkOf } from './moneroChains.js';
import { MONERO_DECIMALS } from './moneroUnits.js';
import { moneroWalletParts } from './moneroWalletParts.js';
import { createMoneroObserver } from './observe/createMoneroObserver.js';
import { validateMoneroAddress } from './validateMoneroAddress.js';
import { validateMoneroWallet } from './validateMoneroWallet.js';

/** The account whose subaddresses are deposit targets (the wallet's first, default account). */
const DEPOSIT_ACCOUNT = 0;
/** The largest payment index: its subaddress index (index + 1) must stay a uint32. */
const MAX_PAYMENT_INDEX = 0xffff_fffe;

/**
 * The chain adapter of Monero (XMR mainnet, XMR_STAGENET, XMR_REGTEST on mainnet prefixes). Wallets
 * are a primary address plus its private view key (it can see incoming payments, never spend); each
 * payment's deposit target is one subaddress of account 0, matched by the subaddress itself; payment
 * URIs are `monero:` URIs. Pure, no I/O, except the observer it opens.
 *
 * A factory like every family's (`create<Family>Adapter`): this family takes no settings, and each
 * call returns a new adapter that holds no state.
 */
export function createMoneroAdapter(): ChainAdapter {
  return {
    family: 'monero',

    validateWallet: validateMoneroWallet,

    /**
     * Payment index i (allocated per wallet by the server, from 0) is subaddress (0, i + 1): the
     * primary address (0, 0) is never a deposit target, so a payment can never be confused with
     * anything else the merchant receives on the address they published. A view-only wallet restored
     * from the address and view key only sees subaddresses within its lookahead (monero-wallet-rpc:
     * 200 minor indices by default), so the watcher must create or look ahead far enough.
     */
    deriveDepositTarget({ chain, wallet, index }) {
      const network = moneroNetworkOf(chain.id);
      if (!Number.isInteger(index) || index < 0 || index > MAX_PAYMENT_INDEX) {
        throw new MoneroAdapterError(
          'INVALID_SUBADDRESS_INDEX',
          `payment index must be an integer from 0 to ${MAX_PAYMENT_INDEX}: got ${index}`,
        );
      }
      const parts = moneroWalletParts(wallet);
      if (parts.network !== network) {
        throw new MoneroAdapterError(
          'WRONG_NETWORK',
          `the stored wallet is a ${parts.network} wallet; ${chain.id} takes ${network} addresses`,
        );
      }
      const address = deriveSubaddress({
        network,
        publicSpendKey: parts.publicSpendKey,
        privateViewKey: parts.viewKey,
        major: DEPOSIT_ACCOUNT,
        minor: index + 1,
      });
      return { address, memo: '', matchKey: address };
    },

    buildPaymentUri({ chain, coin, target, amount, label }) {
      if (!isMoneroChainId(chain.id)) {
        throw new MoneroAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a Monero chain`);
      }
      if (coin.symbol !== 'XMR' || coin.decimals !== MONERO_DECIMALS) {
        throw new MoneroAdapterError(
          'INVALID_PAYMENT_URI_INPUT',
          `${chain.id} carries XMR only, not ${coin.symbol}`,
        );
      }
      return buildMoneroUri({
        address: target.address,
        amount,
        ...(label === undefined ? {} : { recipientName: label }),
      });
    },

    validateAddress: validateMoneroAddress,

    /**
     * Watches through monerod (the backend's `url`) and monero-wallet-rpc (`walletRpcUrls`): see
     * createMoneroObserver.
     */
    createObserver({ chain, backend, log }) {
      if (!isMoneroChainId(chain.id)) {
        throw new MoneroAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a Monero chain`);
      }
      if (backend.kind !== 'json-rpc' || !backend.walletRpcUrls?.length) {
        throw new MoneroAdapterError(
          'UNSUPPORTED_BACKEND',
          `${chain.id} is watched through monerod and monero-wallet-rpc: set CAIRN_CHAIN_${chain.id}_RPC_URL and _WALLET_RPC_URL`,
        );
      }
      return createMoneroObserver({
        chainId: chain.id,
        daemonUrl: backend.url,
        walletRpcUrls: backend.walletRpcUrls,
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.walletSecret === undefined ? {} : { walletSecret: backend.walletSecret }),
        ...(backend.walletDir === undefined ? {} : { walletDir: backend.walletDir }),
        ...(backend.headers === undefined ? {} : { daemonHeaders: backend.headers }),
        ...(log ? { log } : {}),
      });
    },
  };
}
