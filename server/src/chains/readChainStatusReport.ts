import type { Gateway } from '../domain/gateway/Gateway.js';
import { gatewayEvmFacts } from './settlement/gatewayEvmFacts.js';
import { readSettlementStatus } from './settlement/readSettlementStatus.js';
import { type ChainStatusLine, readChainStatuses } from './watchers/readChainStatuses.js';

/**
 * Every enabled chain as `cairn chains:status` shows it: the watcher's and the node's view (see
 * {@link readChainStatuses}) and, for EVM and TRON chains, the gas wallet and settlement backlog.
 */
export async function readChainStatusReport(
  gateway: Pick<Gateway, 'orm' | 'config' | 'chains' | 'clock'>,
): Promise<ChainStatusLine[]> {
  const { orm, config } = gateway;
  const facts = gatewayEvmFacts(gateway);
  return readChainStatuses(orm, config, gateway.chains, gateway.clock.now(), (chainId) =>
    readSettlementStatus(orm, config, facts, chainId),
  );
}
