import type { Mode } from '@cairn/contract';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createApiKey } from './createApiKey.js';

/**
 * A person creates an API key ({@link createApiKey}: a wallet of the mode must cover every token),
 * audited with its hint, label, tokens and allowlist, and the business's owner alerted by mail, in one
 * transaction. Returns the key's id and the
 * full key, shown once.
 *
 * @throws {KeyCreationError} when the key cannot be made.
 */
export async function createApiKeyAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: {
    readonly businessId: string;
    readonly mode: Mode;
    readonly label: string;
    readonly allowedTokens: readonly string[];
    readonly allowedIps: readonly string[];
  },
): Promise<{ readonly id: string; readonly key: string }> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const created = await createApiKey(em, gateway.clock, input);
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: 'api_key.created',
      target: `${created.apiKey.keyHint} (${input.label})`,
      details: { mode: input.mode, allowed_tokens: input.allowedTokens, allowed_ips: input.allowedIps },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'api_key_created',
      mode: input.mode,
      key: `${created.apiKey.keyHint} (${input.label})`,
    });
    return { id: created.apiKey.id, key: created.key };
  });
}
