import { updateSession } from '../accounts/dashboardSessions.js';
import type { ViewerBusiness } from '../accounts/loadViewer.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createBusiness } from './createBusiness.js';
import { type AuditActor, recordAudit } from './recordAudit.js';

/**
 * A person creates a business (the login's first gets the sign-up grants of Prepaid Credit, as
 * configured), audited, and their session shows it from then on: one transaction.
 */
export async function createBusinessAudited(
  gateway: Gateway,
  actor: AuditActor,
  input: { readonly userId: string; readonly sessionId: string; readonly name: string },
): Promise<ViewerBusiness> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const created = await createBusiness(em, gateway.clock, {
      userId: input.userId,
      name: input.name,
      grants: {
        testUsd: gateway.config.CAIRN_SIGNUP_GRANT_TEST_USD,
        liveUsd: gateway.config.CAIRN_SIGNUP_GRANT_LIVE_USD,
      },
    });
    await recordAudit(em, gateway.clock, actor, {
      businessId: created.id,
      action: 'business.created',
      target: created.name,
    });
    await updateSession(em, input.sessionId, { businessId: created.id });
    return { id: created.id, name: created.name };
  });
}
