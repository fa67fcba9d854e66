import { ChainAdapterRegistry } from '@cairn/chain-core';
import { utxoAdapter } from '@cairn/chain-utxo';
import { getChain } from '@cairn/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Every chain adapter the gateway has today. */
export const ADAPTERS = [utxoAdapter];

/**
 * The registry of enabled chains. Enabled chains whose family has no adapter yet (or unknown ids)
 * are left out with a log line, so a missing adapter disables only its own options.
 */
export function createChainRegistry(
  enabled: readonly string[],
  log: FastifyBaseLogger,
): ChainAdapterRegistry {
  const registry = new ChainAdapterRegistry(ADAPTERS, enabled);
  for (const id of enabled) {
    if (!getChain(id)) log.warn({ chainId: id }, 'CAIRN_ENABLED_CHAINS names an unknown chain id; ignored');
    else if (!registry.isUsable(id))
      log.warn({ chainId: id }, 'no adapter for this chain family yet; chain disabled');
  }
  return registry;
}
