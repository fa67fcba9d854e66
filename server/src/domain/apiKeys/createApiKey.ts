import { randomUUID } from 'node:crypto';
import { getChain, isOptInToken, type Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, Business, type IApiKey, Wallet } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import { apiKeyHint, generateApiKey, hashApiKey } from './apiKeyFormat.js';
import { isValidIpEntry } from './ipAllowlist.js';

/** Raised when a key cannot be created (no wallet in the mode, bad allowlist, unknown business). */
export class KeyCreationError extends Error {
  override readonly name = 'KeyCreationError';
}

export interface CreateApiKeyInput {
  readonly businessId: string;
  readonly mode: Mode;
  readonly label: string;
  /**
   * `<CHAIN>:<SYMBOL>` pairs; default every pair the business's wallets of that mode cover except
   * opt-in coins (Polygon's bridged USDC.e), which a key takes only when named here.
   */
  readonly allowedTokens?: readonly string[];
  readonly allowedIps?: readonly string[];
}

/**
 * Creates an API key (docs/api.md, "Authentication"): only when at least one wallet exists in the
 * mode; the allowlist defaults to every chain and token the wallets of that mode cover, opt-in coins
 * (`CoinDefinition.optIn`, e.g. `POLYGON:USDCE`) excepted, which it holds only when named; the full key
 * is returned once and only its SHA-256 hash is stored.
 */
export async function createApiKey(
  em: EntityManager,
  clock: Clock,
  input: CreateApiKeyInput,
): Promise<{ key: string; apiKey: IApiKey }> {
  if (!(await em.findOne(Business, { id: input.businessId }))) {
    throw new KeyCreationError(`No business ${input.businessId}.`);
  }
  const wallets = await em.find(Wallet, { businessId: input.businessId, mode: input.mode, removedAt: null });
  if (wallets.length === 0) {
    throw new KeyCreationError(
      `Add a ${input.mode}-mode wallet before creating a ${input.mode}-mode API key.`,
    );
  }
  const covered = wallets.flatMap((w) =>
    (getChain(w.chainId)?.coins ?? []).map((c) => `${w.chainId}:${c.symbol}`),
  );
  const allowedTokens = input.allowedTokens ?? covered.filter((t) => !isOptInToken(t));
  const outside = allowedTokens.filter((t) => !covered.includes(t));
  if (outside.length > 0)
    throw new KeyCreationError(`No ${input.mode}-mode wallet covers ${outside.join(', ')}.`);
  const badIps = (input.allowedIps ?? []).filter((ip) => !isValidIpEntry(ip));
  if (badIps.length > 0) throw new KeyCreationError(`Not an IP address or CIDR range: ${badIps.join(', ')}.`);
  const key = generateApiKey(input.mode);
  const apiKey = em.create(ApiKey, {
    id: randomUUID(),
    businessId: input.businessId,
    mode: input.mode,
    label: input.label,
    keyHash: hashApiKey(key),
    keyHint: apiKeyHint(key),
    allowedTokens: [...allowedTokens],
    allowedIps: [...(input.allowedIps ?? [])],
    status: 'active',
    createdAt: clock.now(),
    revokedAt: null,
    lastUsedAt: null,
  });
  await em.flush();
  return { key, apiKey };
}
