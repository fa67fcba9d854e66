import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { type CreateApiKeyInput, createApiKey } from './createApiKey.js';

/** A key just created: the full key (shown once) and what it allows. */
export interface IssuedApiKey {
  readonly api_key: string;
  readonly api_key_id: string;
  readonly mode: Mode;
  readonly label: string;
  /** `<CHAIN>:<SYMBOL>` pairs the key may create payments in. */
  readonly allowed_tokens: readonly string[];
  readonly allowed_ips: readonly string[];
}

/**
 * Creates an API key for any business, as the operator does (`cairn keys:create`): the rules of
 * {@link createApiKey}, in a unit of work of its own.
 *
 * @throws {KeyCreationError} when the business is unknown, has no wallet in the mode, or the
 *   allowlists are wrong.
 */
export async function issueApiKey(
  gateway: Pick<Gateway, 'orm' | 'clock'>,
  input: CreateApiKeyInput,
): Promise<IssuedApiKey> {
  const { key, apiKey } = await createApiKey(gateway.orm.em.fork(), gateway.clock, input);
  return {
    api_key: key,
    api_key_id: apiKey.id,
    mode: apiKey.mode,
    label: apiKey.label,
    allowed_tokens: apiKey.allowedTokens,
    allowed_ips: apiKey.allowedIps,
  };
}
