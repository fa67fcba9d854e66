import { getChain } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';

/** How long the dashboard waits for the chain before saying nothing. */
const ADVICE_TIMEOUT_MS = 5_000;

/**
 * What the chain says about a wallet just added (the adapter's `walletAdvice`: an XRP account without
 * RequireDest, a Stellar account without a USDC trustline, ...), read through the chain's configured
 * backend. Advice is a courtesy: a chain without a backend, a family with nothing to check, a backend
 * that fails or is slow (5 s) all give none, the failure logged.
 */
export async function readWalletAdvice(
  gateway: Gateway,
  chainId: string,
  wallet: string,
): Promise<readonly string[]> {
  const chain = getChain(chainId);
  const backend = gateway.config.chains[chainId]?.backend;
  if (!chain || !backend || !gateway.chains.isUsable(chainId)) return [];
  const { adapter } = gateway.chains.get(chainId);
  if (!adapter.walletAdvice) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      adapter.walletAdvice({ chain, backend, wallet }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${ADVICE_TIMEOUT_MS} ms`)),
          ADVICE_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    gateway.log.warn(
      { chainId, err: error },
      'could not read the new wallet’s account on the chain; no advice shown',
    );
    return [];
  } finally {
    clearTimeout(timer);
  }
}
