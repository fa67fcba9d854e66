import type { EntityManager } from '@mikro-orm/postgresql';
import { Business } from '../../platform/db/entities/index.js';
import { alertContextOf } from '../accounts/alertContextOf.js';
import type { BusinessChange } from '../accounts/SecurityEvent.js';
import { sendSecurityAlert } from '../accounts/sendSecurityAlert.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { AuditActor } from './recordAudit.js';

/**
 * Mails the login that owns the business a security alert about a change to it, in the caller's
 * transaction (beside the change's audit entry), whichever member made it; a
 * change by the operator CLI is reported as coming from it.
 */
export async function alertBusinessOwner(
  em: EntityManager,
  gateway: Gateway,
  actor: AuditActor,
  businessId: string,
  change: BusinessChange,
  /** Someone else to mail instead of the owner (a former owner after a handover). */
  recipientUserId?: string,
): Promise<void> {
  const business = await em.findOne(Business, { id: businessId });
  if (!business) return;
  await sendSecurityAlert(
    em,
    alertContextOf(gateway),
    recipientUserId ?? business.userId,
    { kind: 'business', business: business.name, change },
    actor.userId
      ? {
          ...(actor.ip ? { ip: actor.ip } : {}),
          ...(actor.userAgent ? { userAgent: actor.userAgent } : {}),
        }
      : { via: actor.name, ...(actor.ip ? { ip: actor.ip } : {}) },
  );
}
