import { formatUnits } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import type { ChainStatusLine } from '../../../chains/watchers/readChainStatuses.js';
import { formatTable } from './formatTable.js';

/**
 * `cairn chains:status` without `--json`: a table of the chains, then one line per EVM or TRON chain
 * on its gas wallet and sweeps (with a warning line when gas runs low), then one line per failed
 * start-up check (a node on another network, a token disabled or whose symbol differs), then one
 * line per chain whose watcher detected a reset and waits for `cairn chains:reanchor`.
 */
export function formatChainStatus(lines: readonly ChainStatusLine[]): string[] {
  if (lines.length === 0)
    return ['No chain is enabled: set CAIRN_ENABLED_CHAINS or give a chain a node (see README).'];
  const rows = [
    ['chain', 'backend', 'node tip', 'watcher', 'lag', 'last sync', 'health', 'offered'],
    ...lines.map((l) => [
      l.chain_id,
      l.url ? `${l.backend} ${l.url}` : l.backend,
      String(l.node_height ?? '-'),
      String(l.watcher_height ?? '-'),
      String(l.lag ?? '-'),
      l.last_sync_at ?? '-',
      l.health,
      l.offered ? 'yes' : `no: ${l.offer_reason}`,
    ]),
  ];
  const settlement = lines.flatMap((l) => {
    if (!l.evm) return [];
    const e = l.evm;
    const native = getChain(l.chain_id)?.coins[0];
    return [
      `${l.chain_id}: gas wallet ${e.gas_wallet ?? '(none)'}${e.gas_balance_wei ? ` holds ${formatUnits(BigInt(e.gas_balance_wei), native?.decimals ?? 18)} ${native?.symbol ?? ''}` : ''}; sweeps pending ${e.sweeps_pending}, due ${e.sweeps_due}; wallets onboarding ${e.wallets_onboarding}${e.gas_warning ? `\n  WARNING: ${e.gas_warning}` : ''}`,
    ];
  });
  const checks = lines.flatMap((l) => {
    if (!l.checks) return [];
    return [
      ...(l.checks.network === 'ok' ? [] : [`${l.chain_id}: ${l.checks.network}`]),
      ...l.checks.tokens
        .filter((t) => t.state !== 'ok')
        .map((t) => `${l.chain_id}:${t.symbol} ${t.state === 'disabled' ? 'DISABLED' : 'kept'}: ${t.detail}`),
    ];
  });
  const resets = lines.flatMap((l) =>
    l.reset
      ? [
          `${l.chain_id}: RESET detected ${l.reset.detected_at}: ${l.reset.detail}; ${l.reset.reanchor_requested ? 're-anchor requested, waiting for the active watcher' : `not offered until \`cairn chains:reanchor ${l.chain_id}\``}`,
        ]
      : [],
  );
  return [...formatTable(rows), ...settlement, ...checks, ...resets];
}
