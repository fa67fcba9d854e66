import { Gauge, type Registry } from 'prom-client';
import type { ForwarderSettlerStatus } from './ForwarderSettler.js';

/**
 * Registers the EVM and TRON settlement gauges on the gateway's /metrics registry, read at scrape time from
 * the settlers' last round: the gas wallet's balance (wei), whether it runs low, the sweeps sent and
 * not yet mined, the payments whose funds wait for a sweep, and the wallets not yet onboarded.
 */
export function registerSettlementMetrics(
  registry: Registry,
  statuses: () => readonly ForwarderSettlerStatus[],
): void {
  const registers = [registry];
  const gauge = (
    name: string,
    help: string,
    read: (s: ForwarderSettlerStatus) => number | bigint | undefined,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['chain'],
      registers,
      collect() {
        this.reset();
        for (const status of statuses()) {
          const value = read(status);
          // A balance in wei can pass 2^53; a gauge is a float either way, and alerts compare magnitudes.
          if (value !== undefined) this.set({ chain: status.chainId }, Number(value));
        }
      },
    });
  gauge(
    'cairn_evm_gas_wallet_balance_wei',
    "The gas wallet's balance in the chain's smallest unit (wei; sun on TRON chains), per EVM or TRON chain.",
    (s) => s.gasBalance,
  );
  gauge(
    'cairn_evm_gas_wallet_low',
    '1 when the gas wallet cannot pay for about 20 more sweeps at the current gas (TRON: energy) price.',
    (s) => (s.gasLow === undefined ? undefined : s.gasLow ? 1 : 0),
  );
  gauge(
    'cairn_evm_sweeps_pending',
    'Sweep transactions sent and not yet mined, per EVM or TRON chain.',
    (s) => s.sweepsPending,
  );
  gauge(
    'cairn_evm_sweeps_due',
    'Payments whose funds are deep enough and wait for a sweep, per EVM or TRON chain.',
    (s) => s.sweepsDue,
  );
  gauge(
    'cairn_evm_wallets_onboarding',
    'Merchant wallets whose forwarder factory is not on-chain yet.',
    (s) => s.walletsPending,
  );
}
