import type { Gateway } from '../domain/gateway/Gateway.js';
import { checkChainFacts } from './facts/checkChainFacts.js';
import { gatewayEvmFacts } from './settlement/gatewayEvmFacts.js';
import { readSettlementStatus } from './settlement/readSettlementStatus.js';
import { type ChainStatusLine, type ChecksLine, readChainStatuses } from './watchers/readChainStatuses.js';

/**
 * Every enabled chain as `cairn chains:status` shows it: the watcher's and the node's view (see
 * {@link readChainStatuses}) and, for EVM and TRON chains, the gas wallet and settlement backlog and
 * the start-up checks of the node's network and tokens, run again now: a chain on another network is
 * shown `disabled: ...` and not offered, as the gateway does.
 */
export async function readChainStatusReport(
  gateway: Pick<Gateway, 'orm' | 'config' | 'chains' | 'clock'>,
): Promise<ChainStatusLine[]> {
  const { orm, config } = gateway;
  const facts = gatewayEvmFacts(gateway);
  const lines = await readChainStatuses(orm, config, gateway.chains, gateway.clock.now(), (chainId) =>
    readSettlementStatus(orm, config, facts, chainId),
  );
  return Promise.all(
    lines.map(async (line): Promise<ChainStatusLine> => {
      const check = line.backend === 'none' ? undefined : await checkChainFacts(gateway, line.chain_id);
      if (!check) return line;
      const checks: ChecksLine = {
        network: check.state === 'ok' ? 'ok' : `${check.state}: ${check.detail}`,
        tokens: check.tokens.map((t) => ({
          symbol: t.symbol,
          contract: t.contract,
          state: t.state,
          detail: t.detail ?? null,
        })),
      };
      if (check.state !== 'wrong network') return { ...line, checks };
      return {
        ...line,
        checks,
        health: `disabled: ${check.detail}`,
        offered: false,
        offer_reason: `its node serves another network (${check.detail})`,
      };
    }),
  );
}
