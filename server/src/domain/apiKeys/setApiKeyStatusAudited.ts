import { ApiKey } from '../../platform/db/entities/index.js';
import { alertBusinessOwner } from '../businesses/alertBusinessOwner.js';
import { type AuditActor, recordAudit } from '../businesses/recordAudit.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type KeyStatusAction, setApiKeyStatus } from './setApiKeyStatus.js';

const AUDIT_ACTIONS: Readonly<Record<KeyStatusAction, string>> = {
  deactivate: 'api_key.deactivated',
  reactivate: 'api_key.reactivated',
  revoke: 'api_key.revoked',
};

const STATUS_WORDS = {
  deactivate: 'deactivated',
  reactivate: 'reactivated',
  revoke: 'revoked',
} as const satisfies Record<KeyStatusAction, string>;

/**
 * A person deactivates, reactivates or revokes one of a business's keys ({@link setApiKeyStatus}),
 * audited and its business's owner alerted by mail when the status changed, in one transaction.
 *
 * @throws {KeyCreationError} when the key is not the business's, or is revoked (for reactivate).
 */
export async function setApiKeyStatusAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly keyId: string; readonly action: KeyStatusAction },
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const before = (await em.findOne(ApiKey, { id: input.keyId, businessId: input.businessId }))?.status;
    const changed = await setApiKeyStatus(em, gateway.clock, input);
    if (changed.status === before) return;
    await recordAudit(em, gateway.clock, actor, {
      businessId: input.businessId,
      action: AUDIT_ACTIONS[input.action],
      target: `${changed.keyHint} (${changed.label})`,
      details: { mode: changed.mode },
    });
    await alertBusinessOwner(em, gateway, actor, input.businessId, {
      kind: 'api_key_status',
      key: `${changed.keyHint} (${changed.label})`,
      status: STATUS_WORDS[input.action],
    });
  });
}
