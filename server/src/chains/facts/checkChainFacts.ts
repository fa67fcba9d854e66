import { getChain } from '@cairn/contract';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { type ChainCheck, judgeChainFacts } from './judgeChainFacts.js';

/** How long the start-up checks wait for a node's answer (each call). */
export const CHAIN_CHECK_TIMEOUT_MS = 5_000;

/**
 * Asks the node of `chainId` which network it serves and reads the chain's registry tokens (see
 * `ChainAdapter.readChainFacts`), then judges the answers with {@link judgeChainFacts}. A node that
 * cannot be reached gives `unchecked`, never a verdict. Undefined: nothing to check (no node, or a
 * family without the reads).
 */
export async function checkChainFacts(
  gateway: Pick<Gateway, 'config' | 'chains'>,
  chainId: string,
): Promise<ChainCheck | undefined> {
  const chain = getChain(chainId);
  const backend = gateway.config.chains[chainId]?.backend;
  if (!chain || !backend || !gateway.chains.isUsable(chainId)) return undefined;
  const { adapter } = gateway.chains.get(chainId);
  if (!adapter.readChainFacts) return undefined;
  try {
    const facts = await adapter.readChainFacts({
      chain,
      backend: {
        ...backend,
        timeoutMs: Math.min(backend.timeoutMs ?? CHAIN_CHECK_TIMEOUT_MS, CHAIN_CHECK_TIMEOUT_MS),
      },
    });
    return judgeChainFacts(chain, facts);
  } catch (error) {
    return { chainId, state: 'unchecked', detail: (error as Error).message, tokens: [] };
  }
}
