import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEvent } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

/** Who made a change: a dashboard login (with its address and IP address) or the operator CLI. */
export interface AuditActor {
  readonly userId?: string;
  /** As shown in the log: the login's email, or `operator CLI`. */
  readonly name: string;
  readonly ip?: string;
  /** The browser's `User-Agent`, for the security alert's "from where" (not stored in the log). */
  readonly userAgent?: string;
}

/** One change to a business's keys, wallets, webhook endpoints or settings. */
export interface AuditEntry {
  readonly businessId: string;
  /** e.g. `api_key.created`, `wallet.removed`, `webhook.secret_rotated`. */
  readonly action: string;
  /** What changed, as shown (a key's hint, a wallet's chain and address). */
  readonly target?: string;
  /** Facts worth keeping (never a secret or a full key). */
  readonly details?: Record<string, unknown>;
}

/** Records a change in the caller's transaction (flushed with it). */
export async function recordAudit(
  em: EntityManager,
  clock: Clock,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  em.create(AuditEvent, {
    id: randomUUID(),
    businessId: entry.businessId,
    actorUserId: actor.userId ?? null,
    actor: actor.name,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    ip: actor.ip ?? null,
    createdAt: clock.now(),
  });
  await em.flush();
}
