import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Business,
  BusinessMember,
  CreditLedgerEntry,
  type IBusiness,
} from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';

export interface SignupGrants {
  readonly testUsd: string;
  readonly liveUsd: string;
}

/**
 * Creates a business for a login. The login's first business receives the signup grant of Prepaid
 * Credit in both modes (operator-configurable); further businesses start with none. The login is the
 * business's owner: `businesses.user_id` and its `owner` member row (docs/roles.md).
 */
export async function createBusiness(
  em: EntityManager,
  clock: Clock,
  input: { userId: string; name: string; grants: SignupGrants },
): Promise<IBusiness> {
  const now = clock.now();
  const isFirst = (await em.count(Business, { userId: input.userId })) === 0;
  const business = em.create(Business, {
    id: randomUUID(),
    userId: input.userId,
    name: input.name,
    underpaymentToleranceBps: 50,
    overpaymentThresholdBps: 100,
    createdAt: now,
  });
  // Entities reference each other by id columns, so parents are flushed before their children.
  await em.flush();
  em.create(BusinessMember, { businessId: business.id, userId: input.userId, role: 'owner', createdAt: now });
  if (isFirst) {
    for (const [mode, amount] of [
      ['test', input.grants.testUsd],
      ['live', input.grants.liveUsd],
    ] as const) {
      em.create(CreditLedgerEntry, {
        id: randomUUID(),
        businessId: business.id,
        mode,
        kind: 'grant',
        amountUsd: amount,
        paymentId: null,
        createdAt: now,
      });
    }
  }
  await em.flush();
  return business;
}
