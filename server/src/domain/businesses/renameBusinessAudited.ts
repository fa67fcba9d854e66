import { Business } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type AuditActor, recordAudit } from './recordAudit.js';

/**
 * A member whose role may manage settings renames the business (the checkout shows the new name), audited with
 * the old and new names; the same name again changes nothing and records nothing.
 */
export async function renameBusinessAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly businessId: string; readonly name: string },
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const business = await em.findOneOrFail(Business, { id: input.businessId });
    if (business.name === input.name) return;
    await recordAudit(em, gateway.clock, actor, {
      businessId: business.id,
      action: 'business.renamed',
      target: input.name,
      details: { from: business.name, to: input.name },
    });
    business.name = input.name;
  });
}
