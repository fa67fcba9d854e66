import { ChainAdapterRegistry } from '@cairn/chain-core';
import { createEvmAdapter } from '@cairn/chain-evm';
import { createMoneroAdapter } from '@cairn/chain-monero';
import { createSolanaAdapter } from '@cairn/chain-solana';
import { createStellarAdapter } from '@cairn/chain-stellar';
import { createTronAdapter, isTronChainId, type TronChainId } from '@cairn/chain-tron';
import { createUtxoAdapter } from '@cairn/chain-utxo';
import { createXrpAdapter } from '@cairn/chain-xrp';
import { getChain } from '@cairn/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainSettingsMap } from '../platform/config/loadChainSettings.js';

/**
 * Every chain adapter the gateway has today. The EVM adapter learns the token contracts of local dev
 * chains (deployed at run time) from the operator's `CAIRN_CHAIN_<ID>_TOKENS`; the TRON adapter its
 * networks' deployers from `CAIRN_CHAIN_<ID>_DEPLOYER`.
 */
export function createAdapters(settings: ChainSettingsMap = {}) {
  const tokenContracts: Record<string, Record<string, string>> = {};
  const deployers: Partial<Record<TronChainId, string>> = {};
  const solidityUrls: Partial<Record<TronChainId, string>> = {};
  for (const s of Object.values(settings)) {
    if (s.tokens) tokenContracts[s.chainId] = { ...s.tokens };
    if (s.deployer && isTronChainId(s.chainId)) deployers[s.chainId] = s.deployer;
    if (s.solidityUrl && isTronChainId(s.chainId)) solidityUrls[s.chainId] = s.solidityUrl;
  }
  return [
    createUtxoAdapter(),
    createEvmAdapter({ tokenContracts }),
    createMoneroAdapter(),
    createSolanaAdapter(),
    createStellarAdapter(),
    createXrpAdapter(),
    createTronAdapter({ deployers, solidityUrls }),
  ];
}

/**
 * The registry of enabled chains. Enabled chains whose family has no adapter yet (or unknown ids)
 * are left out with a log line, so a missing adapter disables only its own options; so is a TRON
 * chain without its deployer (it could derive no deposit address).
 */
export function createChainRegistry(
  enabled: readonly string[],
  log: FastifyBaseLogger,
  settings: ChainSettingsMap = {},
): ChainAdapterRegistry {
  const usable = enabled.filter((id) => {
    if (getChain(id)?.family !== 'tron' || settings[id]?.deployer) return true;
    log.warn({ chainId: id }, `no deployer for this TRON chain (CAIRN_CHAIN_${id}_DEPLOYER); chain disabled`);
    return false;
  });
  const registry = new ChainAdapterRegistry(createAdapters(settings), usable);
  for (const id of usable) {
    if (!getChain(id)) log.warn({ chainId: id }, 'CAIRN_ENABLED_CHAINS names an unknown chain id; ignored');
    else if (!registry.isUsable(id))
      log.warn({ chainId: id }, 'no adapter for this chain family yet; chain disabled');
  }
  return registry;
}
