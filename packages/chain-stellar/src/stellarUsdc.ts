import type { ChainDefinition } from '@cairn/contract';
import { type StellarNetwork, stellarNetworkOf } from './stellarChains.js';

/** The asset code of Circle's USDC on Stellar (a `credit_alphanum4` asset). */
export const USDC_ASSET_CODE = 'USDC';

/** USDC on Stellar has 7 decimals, like every classic Stellar asset (amounts are int64 stroops). */
export const USDC_DECIMALS = 7;

/**
 * The accounts that issue Circle's USDC on Stellar. A Stellar asset is the pair (code, issuer): a
 * `USDC` issued by any other account is a different asset that anybody can mint for free, never
 * Circle's USDC.
 *
 * Source: Circle, "USDC contract addresses"
 * (https://developers.circle.com/stablecoins/usdc-contract-addresses), Stellar rows (mainnet
 * `GA5ZSEJY...KZVN`, testnet `GBBD47IF...FLA5`); the testnet issuer is also the one Circle's
 * "Quickstart: Set up a USDC trustline on Stellar"
 * (https://developers.circle.com/stablecoins/quickstart-setup-usdc-trustline-stellar) trusts.
 */
export const STELLAR_USDC_ISSUERS: Readonly<Record<StellarNetwork, string>> = {
  public: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
  testnet: 'GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5',
};

/**
 * The issuer of USDC on `chain`: the registry coin's `contract` when the registry carries USDC with
 * one, else {@link STELLAR_USDC_ISSUERS} for the chain's network.
 */
export function usdcIssuerOf(chain: ChainDefinition): string {
  const coin = chain.coins.find((c) => c.symbol === USDC_ASSET_CODE);
  return coin?.contract ?? STELLAR_USDC_ISSUERS[stellarNetworkOf(chain.id)];
}
