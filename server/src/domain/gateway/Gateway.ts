import type { ChainAdapterRegistry } from '@cairn/chain-core';
import type { Mode, PaymentStatus } from '@cairn/contract';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig.js';
import type { IPayment } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import type { EmittedEvent } from '../lifecycle/types.js';
import type { RateProvider } from '../rates/index.js';
import type { ChainAvailability } from './ChainAvailability.js';

/** Everything a service needs, passed explicitly (no globals). */
export interface Gateway {
  readonly orm: MikroORM;
  readonly config: Config;
  readonly clock: Clock;
  /** Rate providers per mode: live mode never prices with demo rates. */
  readonly rates: Readonly<Record<Mode, RateProvider>>;
  readonly chains: ChainAdapterRegistry;
  /** Which enabled chains may be offered now: only those something watches (docs/design.md). */
  readonly chainAvailability: ChainAvailability;
  readonly log: FastifyBaseLogger;
  /** What moves along with a payment after each lifecycle decision (invoices), in its transaction. */
  readonly paymentFollowers: readonly PaymentFollower[];
}

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
