import type { ChainAdapter } from '@cairn/chain-core';
import { buildUtxoUri } from './buildUtxoUri.js';
import { deriveAddress } from './deriveAddress.js';
import { createUtxoEsploraObserver } from './observe/createUtxoEsploraObserver.js';
import { createUtxoJsonRpcObserver } from './observe/createUtxoJsonRpcObserver.js';
import { outputScriptOf } from './outputScriptOf.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { isUtxoChainId, UTXO_CHAINS } from './utxoChains.js';
import { validateUtxoAddress } from './validateUtxoAddress.js';
import { validateUtxoWallet } from './validateUtxoWallet.js';

/**
 * The chain adapter of the UTXO family (BTC, LTC, BCH, DOGE; mainnets, testnets, regtests). Wallets
 * are account-level extended public keys; each payment's deposit address is receive address `0/index`,
 * matched by its scriptPubKey; payment URIs are BIP-21. Pure (no I/O) except the observers it opens:
 * a node's JSON-RPC (block scan) or an Esplora server (address polling).
 *
 * A factory like every family's (`create<Family>Adapter`): this family takes no settings, and each
 * call returns a new adapter that holds no state.
 */
export function createUtxoAdapter(): ChainAdapter {
  return {
    family: 'utxo',

    validateWallet(input) {
      const result = validateUtxoWallet(input);
      return result.ok
        ? { ok: true, normalized: result.normalized, kind: result.kind, outcome: result.outcome }
        : { ok: false, code: result.code, message: result.message };
    },

    deriveDepositTarget({ chain, wallet, index }) {
      const address = deriveAddress({ chainId: chain.id, wallet, index });
      return { address, memo: '', matchKey: outputScriptOf(chain.id, address) };
    },

    createObserver({ chain, backend }) {
      if (!isUtxoChainId(chain.id))
        throw new UtxoAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a UTXO chain`);
      const decimals = chain.coins[0]!.decimals;
      const timeout = {
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
      };
      // getblockchaininfo's `chain`: Bitcoin testnet3 is "test" (testnet4 "testnet4"), every other test network "test".
      const expectedNetwork =
        chain.network === 'mainnet' ? 'main' : chain.network === 'local' ? 'regtest' : ['test', 'testnet4'];
      return backend.kind === 'json-rpc'
        ? createUtxoJsonRpcObserver({
            chainId: chain.id,
            url: backend.url,
            decimals,
            expectedNetwork,
            ...timeout,
          })
        : createUtxoEsploraObserver({ chainId: chain.id, url: backend.url, ...timeout });
    },

    buildPaymentUri({ chain, coin, target, amount, label }) {
      if (!isUtxoChainId(chain.id))
        throw new UtxoAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a UTXO chain`);
      if (!chain.coins.some((c) => c.symbol === coin.symbol)) {
        throw new UtxoAdapterError('INVALID_PAYMENT_URI_INPUT', `${chain.id} does not carry ${coin.symbol}`);
      }
      return buildUtxoUri({
        scheme: UTXO_CHAINS[chain.id].uriScheme,
        address: target.address,
        amount,
        decimals: coin.decimals,
        ...(label === undefined ? {} : { label }),
      });
    },

    validateAddress: validateUtxoAddress,
  };
}
