import type { ChainAdapter } from '@cairn/chain-core';
import { buildStellarUri } from './buildStellarUri.js';
import { checkUsdcTrustline } from './checkUsdcTrustline.js';
import { deriveStellarDepositTarget } from './deriveStellarDepositTarget.js';
import { canonicalMuxedId } from './muxedAccounts.js';
import { createStellarObserver } from './observe/createStellarObserver.js';
import { StellarAdapterError } from './StellarAdapterError.js';
import { STELLAR_NETWORK_PASSPHRASES, stellarNetworkOf } from './stellarChains.js';
import { STELLAR_DECIMALS } from './stellarUnits.js';
import { USDC_ASSET_CODE, usdcIssuerOf } from './stellarUsdc.js';
import { validateStellarAddress } from './validateStellarAddress.js';
import { validateStellarWallet } from './validateStellarWallet.js';

/**
 * The chain adapter of Stellar (XLM, XLM_TESTNET). Wallets are the merchant's account `G...`; each
 * payment's deposit target is that account with an ID (payment index + 1), payable as an ID memo or
 * as the muxed `M...` address of both, matched as `${account}:${id}`; coins are XLM and Circle's USDC
 * (code and issuer); payment URIs are SEP-7 `web+stellar:pay`; the observer scans ledgers through
 * Horizon. Pure, no I/O, except the observer it opens.
 *
 * A factory like every family's (`create<Family>Adapter`): this family takes no settings, and each
 * call returns a new adapter that holds no state.
 */
export function createStellarAdapter(): ChainAdapter {
  return {
    family: 'stellar',

    validateWallet: validateStellarWallet,

    deriveDepositTarget: deriveStellarDepositTarget,

    /**
     * SEP-7 `pay` to the account with the payment's ID as `MEMO_ID` (wallets that take no muxed
     * address still pay the right target); USDC adds `asset_code` and Circle's `asset_issuer`; the
     * testnet adds its `network_passphrase`; `label` becomes `msg`.
     */
    buildPaymentUri({ chain, coin, target, amount, label }) {
      const network = stellarNetworkOf(chain.id);
      if (coin.decimals !== STELLAR_DECIMALS) {
        throw new StellarAdapterError(
          'UNSUPPORTED_COIN',
          `${coin.symbol} on ${chain.id} has ${coin.decimals} decimals; Stellar amounts have ${STELLAR_DECIMALS}`,
        );
      }
      let asset: { code: string; issuer: string } | undefined;
      if (coin.kind === 'native' && coin.symbol === 'XLM') asset = undefined;
      else if (coin.symbol === USDC_ASSET_CODE)
        asset = { code: USDC_ASSET_CODE, issuer: usdcIssuerOf(chain) };
      else
        throw new StellarAdapterError(
          'UNSUPPORTED_COIN',
          `${chain.id} takes XLM and USDC, not ${coin.symbol}`,
        );
      const memoId = target.memo === '' ? undefined : canonicalMuxedId(target.memo);
      if (memoId === null) {
        throw new StellarAdapterError(
          'INVALID_PAYMENT_URI_INPUT',
          `a Stellar target's memo is an ID (uint64 in decimal): got ${JSON.stringify(target.memo)}`,
        );
      }
      return buildStellarUri({
        destination: target.address,
        amount,
        ...(asset ? { asset } : {}),
        ...(memoId === undefined ? {} : { memoId }),
        ...(label ? { msg: label } : {}),
        ...(network === 'public' ? {} : { networkPassphrase: STELLAR_NETWORK_PASSPHRASES[network] }),
      });
    },

    validateAddress: validateStellarAddress,

    /** Scans ledgers through Horizon at the backend's `url` (any backend kind): see createStellarObserver. */
    /**
     * An account that does not exist yet, or (when the chain offers USDC) no authorized trustline to
     * Circle's USDC, read through the chain's Horizon.
     */
    async walletAdvice({ chain, backend, wallet }) {
      const status = await checkUsdcTrustline(backend.url, wallet, chain, {
        timeoutMs: backend.timeoutMs ?? 5_000,
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
      });
      const offersUsdc = chain.coins.some((c) => c.symbol === 'USDC');
      if (!status.accountExists) return [`${capitalize(status.message)}.`];
      if (offersUsdc && (!status.hasTrustline || status.authorized === false))
        return [`${capitalize(status.message)}.`];
      return [];
    },

    createObserver({ chain, backend, log }) {
      stellarNetworkOf(chain.id);
      return createStellarObserver({
        chainId: chain.id,
        horizonUrl: backend.url,
        usdcIssuer: usdcIssuerOf(chain),
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
        ...(log ? { log } : {}),
      });
    },
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
