import type { PaymentStatus } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IPayment } from '../../platform/db/entities/index.js';
import type { EmittedEvent } from '../lifecycle/types.js';
import type { Gateway } from './Gateway.js';

/**
 * Something that moves along with a payment, in the lifecycle's transaction, after each applied
 * decision (the invoice a payment pays is one: see `domain/invoices/followInvoicePayment.ts`).
 * Followers are registered where the gateway is assembled (`app/startGateway.ts`), so the payments
 * module knows none of them. The payment row is locked; `before` is its status before the decision.
 */
export type PaymentFollower = (
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  before: PaymentStatus,
  emitted: readonly EmittedEvent[],
) => Promise<void>;
