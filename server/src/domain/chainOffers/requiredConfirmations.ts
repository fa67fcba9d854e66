import { getChain } from '@cairn/contract';
import type { ChainSettingsMap } from '../../platform/config/loadChainSettings.js';

/** The required confirmation depth of a chain: the operator's setting, else the chain's default. */
export function requiredConfirmations(settings: ChainSettingsMap, chainId: string): number {
  return settings[chainId]?.confirmations ?? getChain(chainId)?.defaultConfirmations ?? 1;
}
