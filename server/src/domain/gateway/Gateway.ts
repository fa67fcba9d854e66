import type { ChainAdapterRegistry } from '@cairn/chain-core';
import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig.js';
import type { Clock } from '../../platform/runtime/clock.js';
import type { ChainAvailability } from '../chainOffers/createChainAvailability.js';
import type { RateProvider } from '../rates/index.js';
import type { PaymentFollower } from './PaymentFollower.js';

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
