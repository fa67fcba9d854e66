import {
  CHAINS,
  type CreatePaymentRequest,
  type FieldError,
  getChain,
  type Mode,
  parseToken,
} from '@cairn/contract';
import { ApiError } from '../../platform/runtime/ApiError.js';

const otherMode = (mode: Mode): Mode => (mode === 'test' ? 'live' : 'test');

/** Why a chain does not fit a key of `mode`, or undefined when it does (the schema knows the id). */
function chainMisfit(chainId: string, mode: Mode): string | undefined {
  const chain = getChain(chainId);
  if (!chain || chain.mode === mode) return undefined;
  return `${chainId} is a ${chain.mode}-mode chain; a ${mode}-mode key creates ${mode}-mode payments, which cannot be paid on it`;
}

/**
 * Refuses an accepted set that names chains, tokens or coins of the other mode (the contract's schema
 * has already refused unknown chains, coins a chain does not carry and symbols no chain has): with a
 * test key, `accepted_chains: ["BTC"]` would otherwise be ignored in silence, and a restricted payment
 * would be refused as if the key could not offer it.
 *
 * @throws {ApiError} VALIDATION_ERROR (422) with one field per offending entry, e.g. `accepted_chains.1`.
 */
export function validateAcceptedSet(body: CreatePaymentRequest, mode: Mode): void {
  const fields: FieldError[] = [];
  (body.accepted_chains ?? []).forEach((chainId, index) => {
    const why = chainMisfit(chainId, mode);
    if (why) fields.push({ field: `accepted_chains.${index}`, message: why });
  });
  (body.accepted_tokens ?? []).forEach((token, index) => {
    const ref = parseToken(token);
    const why = ref && chainMisfit(ref.chain_id, mode);
    if (why) fields.push({ field: `accepted_tokens.${index}`, message: why });
  });
  (body.accepted_coins ?? []).forEach((symbol, index) => {
    const chains = Object.values(CHAINS).filter((chain) => chain.coins.some((c) => c.symbol === symbol));
    if (chains.length === 0 || chains.some((chain) => chain.mode === mode)) return;
    fields.push({
      field: `accepted_coins.${index}`,
      message: `${symbol} is only on ${otherMode(mode)}-mode chains (${chains.map((c) => c.id).join(', ')}); no ${mode}-mode chain carries it`,
    });
  });
  if (fields.length === 0) return;
  throw new ApiError(
    'VALIDATION_ERROR',
    `The request is invalid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
    { fields },
  );
}
