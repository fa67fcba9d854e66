import { ChainAdapterRegistry } from '@cairn/chain-core';
import { createEvmAdapter } from '@cairn/chain-evm';
import { moneroAdapter } from '@cairn/chain-monero';
import { solanaAdapter } from '@cairn/chain-solana';
import { stellarAdapter } from '@cairn/chain-stellar';
import { utxoAdapter } from '@cairn/chain-utxo';
import { xrpAdapter } from '@cairn/chain-xrp';
import { getChain } from '@cairn/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainSettingsMap } from './loadChainSettings.js';

/**
 * Every chain adapter the gateway has today. The EVM adapter learns the token contracts of local dev
 * chains (deployed at run time) from the operator's `CAIRN_CHAIN_<ID>_TOKENS`.
 */
export function createAdapters(settings: ChainSettingsMap = {}) {
  const tokenContracts: Record<string, Record<string, string>> = {};
  for (const s of Object.values(settings)) if (s.tokens) tokenContracts[s.chainId] = { ...s.tokens };
  return [
    utxoAdapter,
    createEvmAdapter({ tokenContracts }),
    moneroAdapter,
    solanaAdapter,
    stellarAdapter,
    xrpAdapter,
  ];
}

/**
 * The registry of enabled chains. Enabled chains whose family has no adapter yet (or unknown ids)
 * are left out with a log line, so a missing adapter disables only its own options.
 */
export function createChainRegistry(
  enabled: readonly string[],
  log: FastifyBaseLogger,
  settings: ChainSettingsMap = {},
): ChainAdapterRegistry {
  const registry = new ChainAdapterRegistry(createAdapters(settings), enabled);
  for (const id of enabled) {
    if (!getChain(id)) log.warn({ chainId: id }, 'CAIRN_ENABLED_CHAINS names an unknown chain id; ignored');
    else if (!registry.isUsable(id))
      log.warn({ chainId: id }, 'no adapter for this chain family yet; chain disabled');
  }
  return registry;
}
