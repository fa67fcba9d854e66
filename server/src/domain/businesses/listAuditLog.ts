import { AuditEvent } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';

/** One line of a business's audit log as shown. */
export interface AuditLogLine {
  readonly createdAt: Date;
  /** The login's email, or `operator CLI`. */
  readonly actor: string;
  /** e.g. `api_key.created`. */
  readonly action: string;
  readonly target: string | null;
  readonly ip: string | null;
}

/** How many lines the log shows. */
const LISTED = 200;

/** The latest 200 changes to a business (both modes), newest first. */
export async function listAuditLog(gateway: Gateway, businessId: string): Promise<AuditLogLine[]> {
  const events = await gateway.orm.em
    .fork()
    .find(AuditEvent, { businessId }, { orderBy: { createdAt: 'desc' }, limit: LISTED });
  return events.map((e) => ({
    createdAt: e.createdAt,
    actor: e.actor,
    action: e.action,
    target: e.target ?? null,
    ip: e.ip ?? null,
  }));
}
