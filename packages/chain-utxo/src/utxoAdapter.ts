import type { ChainAdapter } from '@cairn/chain-core';
import { buildBip21Uri } from './buildBip21Uri.js';
import { deriveAddress } from './deriveAddress.js';
import { isUtxoChainId } from './networks.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { UTXO_CHAINS } from './utxoChains.js';
import { validateAddress } from './validateAddress.js';
import { validateExtendedKey } from './validateExtendedKey.js';

/**
 * The chain adapter of the UTXO family (BTC, LTC, BCH, DOGE; mainnets, testnets, regtests). Wallets
 * are account-level extended public keys; each payment's deposit address is receive address `0/index`;
 * payment URIs are BIP-21. Pure: no I/O.
 */
export const utxoAdapter: ChainAdapter = {
  family: 'utxo',

  validateWallet(input) {
    const result = validateExtendedKey(input);
    return result.ok
      ? { ok: true, normalized: result.normalized, kind: result.kind, outcome: result.outcome }
      : { ok: false, code: result.code, message: result.message };
  },

  deriveDepositTarget({ chain, wallet, index }) {
    return { address: deriveAddress({ chainId: chain.id, wallet, index }), memo: '' };
  },

  buildPaymentUri({ chain, coin, target, amount, label }) {
    if (!isUtxoChainId(chain.id))
      throw new UtxoAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a UTXO chain`);
    if (!chain.coins.some((c) => c.symbol === coin.symbol)) {
      throw new UtxoAdapterError('INVALID_PAYMENT_URI_INPUT', `${chain.id} does not carry ${coin.symbol}`);
    }
    return buildBip21Uri({
      scheme: UTXO_CHAINS[chain.id].uriScheme,
      address: target.address,
      amount,
      decimals: coin.decimals,
      ...(label === undefined ? {} : { label }),
    });
  },

  validateAddress,
};
