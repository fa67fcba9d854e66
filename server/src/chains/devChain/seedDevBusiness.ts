import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { getChain } from '@cairn/contract';
import { getAddress } from 'viem';
import { createUser } from '../../domain/accounts/createUser.js';
import { createApiKey } from '../../domain/apiKeys/createApiKey.js';
import { createBusiness } from '../../domain/businesses/createBusiness.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { addWallet } from '../../domain/wallets/addWallet.js';
import { redactUrl } from '../../platform/config/redactUrl.js';

/** A seeded dev business, as `pnpm cairn dev:seed --json` prints it. */
export interface DevSeedResult {
  readonly user_id: string;
  readonly business_id: string;
  readonly api_key: string;
  readonly api_key_id: string;
  readonly mode: 'test';
  readonly wallets: readonly DevSeedWallet[];
}

/** A dev wallet: an extended public key (UTXO chains) or a treasury address (EVM chains). */
export type DevSeedWallet =
  | { readonly chain_id: string; readonly extended_public_key: string; readonly kind: string }
  | {
      readonly chain_id: string;
      /** The treasury the sweeps pay. */
      readonly address: string;
      readonly kind: string;
      /** `pending` until the chain's settler has deployed the merchant's forwarder factory. */
      readonly onboarding: string;
      /** The node's JSON-RPC URL, credentials removed (empty when the chain has none configured). */
      readonly rpc_url: string;
      /** Token symbol -> contract address on this chain. */
      readonly tokens: Readonly<Record<string, string>>;
    };

const SEGWIT_FAMILIES = new Set(['Bitcoin', 'Litecoin']);

/**
 * Creates a verified user, a business (with the signup grant), a test-mode wallet for every enabled
 * test chain whose family has an adapter, and a test API key accepting all of them. The UTXO wallets'
 * extended public keys come from a fresh random seed that is never stored or printed, and the EVM
 * treasuries are fresh random addresses whose keys nobody has: Cairn holds no key that can spend, and
 * funds sent to these dev wallets on a test chain are not meant to be spent. For `cairn dev:seed`.
 */
export async function seedDevBusiness(gateway: Gateway): Promise<DevSeedResult> {
  const em = gateway.orm.em.fork();
  const user = await createUser(em, gateway.clock, {
    email: `dev-${randomUUID()}@cairn.local`,
    verified: true,
  });
  const business = await createBusiness(em, gateway.clock, {
    userId: user.id,
    name: 'Cairn Dev Shop',
    grants: {
      testUsd: gateway.config.CAIRN_SIGNUP_GRANT_TEST_USD,
      liveUsd: gateway.config.CAIRN_SIGNUP_GRANT_LIVE_USD,
    },
  });
  const seedHex = randomBytes(64).toString('hex');
  const wallets: DevSeedWallet[] = [];
  for (const chainId of gateway.chains.usableChainIds()) {
    const chain = getChain(chainId);
    if (chain?.mode === 'test' && chain.family === 'evm') {
      const { wallet } = await addWallet(em, gateway.clock, gateway.chains, {
        businessId: business.id,
        chainId,
        value: getAddress(`0x${randomBytes(20).toString('hex')}`),
      });
      const settings = gateway.config.chains[chainId];
      const tokens: Record<string, string> = {};
      for (const coin of chain.coins) {
        const contract = coin.contract ?? settings?.tokens?.[coin.symbol];
        if (coin.kind === 'token' && contract) tokens[coin.symbol] = contract;
      }
      wallets.push({
        chain_id: chainId,
        address: wallet.value,
        kind: wallet.kind,
        onboarding: wallet.onboardingStatus ?? 'active',
        rpc_url: settings?.backend ? redactUrl(settings.backend.url) : '',
        tokens,
      });
      continue;
    }
    if (chain?.mode !== 'test' || chain.family !== 'utxo') continue;
    const kind = SEGWIT_FAMILIES.has(chain.specFamily) ? 'p2wpkh' : 'p2pkh';
    const xpub = deriveAccountXpub(seedHex, chainId, kind);
    const { wallet } = await addWallet(em, gateway.clock, gateway.chains, {
      businessId: business.id,
      chainId,
      value: xpub,
    });
    wallets.push({ chain_id: chainId, extended_public_key: wallet.value, kind: wallet.kind });
  }
  if (wallets.length === 0) {
    throw new Error(
      'No test chain with an adapter is enabled. Set CAIRN_ENABLED_CHAINS (e.g. BTC_TESTNET,LTC_TESTNET).',
    );
  }
  const { key, apiKey } = await createApiKey(em, gateway.clock, {
    businessId: business.id,
    mode: 'test',
    label: 'dev:seed',
  });
  return {
    user_id: user.id,
    business_id: business.id,
    api_key: key,
    api_key_id: apiKey.id,
    mode: 'test',
    wallets,
  };
}
