import type { ChainAdapter } from '@cairn/chain-core';
import { buildXrpUri } from './buildXrpUri.js';
import { deriveXrpDepositTarget } from './deriveXrpDepositTarget.js';
import { createXrpObserver } from './observe/createXrpObserver.js';
import { readXrpAccountAdvice } from './readXrpAccountAdvice.js';
import { validateXrpAddress } from './validateXrpAddress.js';
import { validateXrpWallet } from './validateXrpWallet.js';
import { XrpAdapterError } from './XrpAdapterError.js';
import { isXrpChainId, type XrpChainId, xrpNetworkName } from './xrpChains.js';
import { XRP_DECIMALS } from './xrpUnits.js';

function xrpChainId(chainId: string): XrpChainId {
  if (!isXrpChainId(chainId))
    throw new XrpAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not an XRP Ledger chain`);
  return chainId;
}

/**
 * The chain adapter of the XRP Ledger (XRP mainnet, XRP_TESTNET). Wallets are the merchant's classic
 * address; each payment's deposit target is that address plus its own destination tag (payment index
 * + 1), matched as `<address>:<tag>`, with the X-address of both as `alternateAddress`; payment URIs
 * are Xaman's `xrpl://` payment requests. The observer follows validated ledgers through rippled's
 * JSON-RPC and credits `delivered_amount` only. Pure, no I/O, except the observer it opens.
 *
 * A factory like every family's (`create<Family>Adapter`): this family takes no settings, and each
 * call returns a new adapter that holds no state.
 */
export function createXrpAdapter(): ChainAdapter {
  return {
    family: 'xrp',

    validateWallet: validateXrpWallet,

    deriveDepositTarget({ chain, wallet, index }) {
      return deriveXrpDepositTarget({ chainId: xrpChainId(chain.id), address: wallet, index });
    },

    buildPaymentUri({ chain, coin, target, amount }) {
      xrpChainId(chain.id);
      if (coin.symbol !== 'XRP' || coin.decimals !== XRP_DECIMALS) {
        throw new XrpAdapterError(
          'INVALID_PAYMENT_URI_INPUT',
          `${chain.id} carries XRP only, not ${coin.symbol}`,
        );
      }
      let destinationTag: number | undefined;
      if (target.memo !== '') {
        if (!/^\d{1,10}$/.test(target.memo) || Number(target.memo) > 0xffff_ffff) {
          throw new XrpAdapterError(
            'INVALID_PAYMENT_URI_INPUT',
            `the target's memo "${target.memo}" is not a destination tag`,
          );
        }
        destinationTag = Number(target.memo);
      }
      return buildXrpUri({
        address: target.address,
        amount,
        ...(destinationTag === undefined ? {} : { destinationTag }),
      });
    },

    validateAddress: validateXrpAddress,

    /** RequireDest and an account that does not exist yet, read through the chain's rippled. */
    walletAdvice({ chain, backend, wallet }) {
      const chainId = xrpChainId(chain.id);
      return readXrpAccountAdvice({
        url: backend.url,
        account: wallet,
        network: xrpNetworkName(chainId),
        timeoutMs: backend.timeoutMs ?? 5_000,
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
      });
    },

    /** Watches through rippled's (or Clio's) JSON-RPC: see createXrpObserver. */
    createObserver({ chain, backend, log }) {
      const chainId = xrpChainId(chain.id);
      if (backend.kind !== 'json-rpc') {
        throw new XrpAdapterError(
          'UNSUPPORTED_BACKEND',
          `${chainId} is watched through rippled's JSON-RPC: set CAIRN_CHAIN_${chainId}_RPC_URL (e.g. http://127.0.0.1:5005)`,
        );
      }
      return createXrpObserver({
        chainId,
        url: backend.url,
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
        ...(log ? { log } : {}),
      });
    },
  };
}
