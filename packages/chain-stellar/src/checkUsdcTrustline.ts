import { parseUnits } from '@cairn/chain-core';
import { type ChainDefinition, getChain } from '@cairn/contract';
import { StrKey } from '@stellar/stellar-sdk';
import { HorizonClient, HorizonError } from './horizon/HorizonClient.js';
import type { HorizonAccount } from './horizon/horizonTypes.js';
import { StellarAdapterError } from './StellarAdapterError.js';
import { stellarNetworkOf } from './stellarChains.js';
import { MAX_STROOPS, STELLAR_DECIMALS } from './stellarUnits.js';
import { USDC_ASSET_CODE, usdcIssuerOf } from './stellarUsdc.js';

/** What Horizon says about a merchant account and its USDC trustline. */
export interface UsdcTrustlineStatus {
  /** The account exists on the network (it was funded with its base reserve). */
  readonly accountExists: boolean;
  /** It holds a trustline to USDC of {@link UsdcTrustlineStatus.issuer}: it can receive USDC. */
  readonly hasTrustline: boolean;
  /** The issuer checked (Circle's for the chain's network). */
  readonly issuer: string;
  /** The trustline's balance and limit, in stroops, when it has one. */
  readonly balance?: bigint;
  readonly limit?: bigint;
  /** Whether the issuer has authorized the trustline (Circle's USDC does not require it). */
  readonly authorized?: boolean;
  /** What to tell the merchant, e.g. that a payment in USDC cannot arrive yet. */
  readonly message: string;
}

/** Options of {@link checkUsdcTrustline}. */
export interface CheckUsdcTrustlineOptions {
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted Horizon's API key). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Asks Horizon (`GET /accounts/{account}`) whether `account` exists on `chain`'s network and holds a
 * trustline to Circle's USDC (code `USDC`, issuer from the registry coin's `contract` or
 * `STELLAR_USDC_ISSUERS`; a USDC trustline to any other issuer does not count). A Stellar account
 * that does not exist cannot receive anything but a `create_account` of at least the base reserve,
 * and one without the trustline cannot receive USDC: the server calls this when a merchant adds a
 * wallet, to warn them. Throws `StellarAdapterError` (`INVALID_ADDRESS`) for anything but a `G...`
 * account, and `HorizonError` when Horizon cannot be read.
 *
 * @example
 * const status = await checkUsdcTrustline('https://horizon.stellar.org', 'GA...', 'XLM');
 * if (!status.hasTrustline) console.warn(status.message);
 */
export async function checkUsdcTrustline(
  horizonUrl: string,
  account: string,
  chain: ChainDefinition | string,
  options: CheckUsdcTrustlineOptions = {},
): Promise<UsdcTrustlineStatus> {
  const definition = typeof chain === 'string' ? getChain(chain) : chain;
  if (!definition) throw new StellarAdapterError('UNSUPPORTED_CHAIN', `unknown chain ${String(chain)}`);
  const network = stellarNetworkOf(definition.id);
  const issuer = usdcIssuerOf(definition);
  if (!StrKey.isValidEd25519PublicKey(account)) {
    throw new StellarAdapterError(
      'INVALID_ADDRESS',
      `a trustline belongs to an account (G..., 56 characters): got ${JSON.stringify(account)}`,
    );
  }
  const horizon = new HorizonClient(horizonUrl, {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  const found = await horizon.get<HorizonAccount>(`/accounts/${encodeURIComponent(account)}`);
  if (found === null) {
    return {
      accountExists: false,
      hasTrustline: false,
      issuer,
      message: `account ${account} does not exist on the Stellar ${network === 'public' ? 'public network' : 'testnet'} yet: fund it with XLM, then add a USDC trustline to ${issuer}`,
    };
  }
  if (!Array.isArray(found.balances)) {
    throw new HorizonError('not-json', `Horizon's account ${account} has no balances list`);
  }
  const line = found.balances.find(
    (b) =>
      (b.asset_type === 'credit_alphanum4' || b.asset_type === 'credit_alphanum12') &&
      b.asset_code === USDC_ASSET_CODE &&
      b.asset_issuer === issuer,
  );
  if (!line) {
    return {
      accountExists: true,
      hasTrustline: false,
      issuer,
      message: `account ${account} has no trustline to Circle's USDC (issuer ${issuer}): add one in your wallet, or USDC payments cannot arrive`,
    };
  }
  const authorized = line.is_authorized !== false;
  return {
    accountExists: true,
    hasTrustline: true,
    issuer,
    balance: parseUnits(line.balance, STELLAR_DECIMALS, { max: MAX_STROOPS }),
    ...(line.limit === undefined
      ? {}
      : { limit: parseUnits(line.limit, STELLAR_DECIMALS, { max: MAX_STROOPS }) }),
    authorized,
    message: authorized
      ? `account ${account} can receive USDC`
      : `account ${account} trusts USDC but the issuer has not authorized the trustline`,
  };
}
