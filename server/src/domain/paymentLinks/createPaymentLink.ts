import { randomUUID } from 'node:crypto';
import { type CreatePaymentLinkRequest, hasAcceptedSet, type PaymentLink } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type PreparedStatement, queryPrepared } from '../../platform/db/queryPrepared.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import type { Gateway } from '../gateway/Gateway.js';
import { validateAcceptedSet } from '../payments/validateAcceptedSet.js';
import { serializePaymentLink } from './paymentLinkRow.js';

const INSERT_PAYMENT_LINK: PreparedStatement = {
  name: 'cairn_insert_payment_link',
  text: `insert into payment_links (id, business_id, api_key_id, mode, fiat_amount, fiat_currency,
    description, accepted_chains, accepted_coins, accepted_tokens, restrict_to_accepted, success_url,
    cancel_url, max_uses, metadata, created_at)
  values ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::numeric, $6::text, $7::text, $8::text[], $9::text[],
    $10::text[], $11::boolean, $12::text, $13::text, $14::int, $15::jsonb, $16::timestamptz)`,
};

/**
 * POST /api/v1/payment-links: stores a link of the calling key (its payments are that key's, and so
 * are their webhooks). The accepted set is refused as a payment's would be (other mode's chains,
 * `restrict_to_accepted` without a set); whether the key can offer it is decided per payment, as
 * prices and chains change. Given `tx`, the row is written in it (an Idempotency-Key's transaction).
 */
export async function createPaymentLink(
  gateway: Gateway,
  auth: AuthContext,
  body: CreatePaymentLinkRequest,
  tx?: EntityManager,
): Promise<PaymentLink> {
  validateAcceptedSet(body, auth.mode);
  const restrict = body.restrict_to_accepted ?? false;
  if (restrict && !hasAcceptedSet(body)) {
    throw new ApiError(
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
      'restrict_to_accepted is true but no accepted_chains, accepted_coins or accepted_tokens were given.',
    );
  }
  const row = {
    id: randomUUID(),
    business_id: auth.businessId,
    api_key_id: auth.apiKey.id,
    mode: auth.mode,
    fiat_amount: body.fiat_amount,
    fiat_currency: body.fiat_currency,
    description: body.description ?? null,
    accepted_chains: body.accepted_chains ?? [],
    accepted_coins: body.accepted_coins ?? [],
    accepted_tokens: body.accepted_tokens ?? [],
    restrict_to_accepted: restrict,
    success_url: body.success_url ?? null,
    cancel_url: body.cancel_url ?? null,
    max_uses: body.max_uses ?? null,
    metadata: body.metadata ?? {},
    created_at: gateway.clock.now(),
    deactivated_at: null,
    uses: 0,
  };
  await queryPrepared(
    gateway.orm,
    INSERT_PAYMENT_LINK,
    [
      row.id,
      row.business_id,
      row.api_key_id,
      row.mode,
      row.fiat_amount,
      row.fiat_currency,
      row.description,
      row.accepted_chains,
      row.accepted_coins,
      row.accepted_tokens,
      row.restrict_to_accepted,
      row.success_url,
      row.cancel_url,
      row.max_uses,
      JSON.stringify(row.metadata),
      row.created_at.toISOString(),
    ],
    tx,
  );
  return serializePaymentLink(gateway.config, row);
}
