import { randomBytes } from 'node:crypto';
import { keylessSolanaAddress } from '@cairn/chain-solana';
import { keylessStellarAddress } from '@cairn/chain-stellar';
import { tronAddressFromHex } from '@cairn/chain-tron';
import { keylessXrpAddress } from '@cairn/chain-xrp';
import { type ChainFamily, getChain } from '@cairn/contract';
import { ApiKey, User } from '../../platform/db/entities/index.js';
import { hashPassword } from '../accounts/hashPassword.js';
import type { Gateway } from '../gateway/Gateway.js';
import { addWallet } from '../wallets/addWallet.js';
import { listCoveredTokens } from '../wallets/listCoveredTokens.js';

/**
 * The families whose test wallet is an address anyone can make without a key: random bytes in the
 * family's address format, a key nobody has. UTXO and EVM wallets are seeded with the dev chain's
 * seed; Monero needs a private view key, a secret the gateway would hold, so it gets none.
 */
const KEYLESS_ADDRESS: Partial<Record<ChainFamily, () => string>> = {
  xrp: keylessXrpAddress,
  stellar: keylessStellarAddress,
  solana: keylessSolanaAddress,
  tron: () => tronAddressFromHex(randomBytes(20).toString('hex')),
};

/** A dev wallet that is an address only (XRP Ledger, Stellar, Solana, TRON). */
export interface DevSeedAddressWallet {
  readonly chain_id: string;
  readonly address: string;
  readonly kind: string;
}

/** How to open the seeded business in the dashboard. */
export interface DevSeedSignIn {
  readonly url: string;
  readonly email: string;
  /** Generated for this seed; only its argon2 hash is stored. */
  readonly password: string;
}

/** What {@link completeDevSeed} added to a seeded business. */
export interface DevSeedCompletion {
  readonly wallets: readonly DevSeedAddressWallet[];
  readonly dashboard: DevSeedSignIn;
}

/**
 * Finishes what `cairn dev:seed` makes: a test-mode wallet for every other enabled test chain whose
 * family can have one without a secret (`seededChains` already have theirs), the seeded test key's
 * allowlist widened to every token the wallets now cover, and a generated password for the seeded
 * user, so that the business can be opened in the dashboard.
 */
export async function completeDevSeed(
  gateway: Gateway,
  seed: {
    readonly userId: string;
    readonly businessId: string;
    readonly apiKeyId: string;
    readonly seededChains: readonly string[];
  },
): Promise<DevSeedCompletion> {
  const em = gateway.orm.em.fork();
  const wallets: DevSeedAddressWallet[] = [];
  for (const chainId of gateway.chains.usableChainIds()) {
    const chain = getChain(chainId);
    const makeAddress = chain ? KEYLESS_ADDRESS[chain.family] : undefined;
    if (chain?.mode !== 'test' || !makeAddress || seed.seededChains.includes(chainId)) continue;
    const { wallet } = await addWallet(em, gateway.clock, gateway.chains, {
      businessId: seed.businessId,
      chainId,
      value: makeAddress(),
    });
    wallets.push({ chain_id: chainId, address: wallet.value, kind: wallet.kind });
  }
  await em.flush();
  if (wallets.length > 0) {
    const key = await em.findOneOrFail(ApiKey, { id: seed.apiKeyId });
    key.allowedTokens = await listCoveredTokens(gateway, { businessId: seed.businessId, mode: 'test' });
  }
  const password = randomBytes(18).toString('base64url');
  const user = await em.findOneOrFail(User, { id: seed.userId });
  user.passwordHash = await hashPassword(password);
  await em.flush();
  return { wallets, dashboard: { url: gateway.config.urls.dashboard, email: user.email, password } };
}
