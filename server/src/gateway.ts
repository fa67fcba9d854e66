import type { ChainAdapterRegistry } from '@cairn/chain-core';
import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainAvailability } from './chains/createChainAvailability.js';
import type { Clock } from './clock.js';
import type { Config } from './config/loadConfig.js';
import type { DevChainRecord } from './devChain/devChainRecord.js';
import type { RateProvider } from './rates/index.js';

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
  /** The local dev chain this gateway runs or attached to (ETH_LOCAL on anvil), if any. */
  readonly devChain?: DevChainRecord;
}
