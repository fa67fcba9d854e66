import type { TronGasWallet } from '@cairn/chain-tron';
import { TRON_DEFAULT_SWEEP_BATCH } from '../../platform/config/loadChainSettings.js';
import { LOW_BALANCE_SWEEPS, type SettlementWallet } from './SettlementWallet.js';

/**
 * Energy of one sweep when it counts toward the low-balance warning, rounded up: an EIP-1167 clone
 * deployed and flushed, a USDT transfer to an account that held none costing the most (TRON's
 * dynamic energy model makes the popular USDT contract dearer). Not measured on a TVM here.
 */
export const TRON_ENERGY_PER_SWEEP = 200_000n;
/** Bandwidth of one sweep transaction in bytes, rounded up, burnt at 1,000 sun a byte. */
const TRON_BANDWIDTH_SUN_PER_SWEEP = 1_000n * 1_000n;
/** The settler's TRON transactions expire 10 minutes after their reference block. */
export const TRON_EXPIRATION_MS = 10 * 60_000;

/**
 * A TRON gas wallet as the settler uses it: factory deployments go through the network's
 * deterministic `deployer`; a transaction has no nonce (it expires instead); costs are energy and
 * bandwidth, paid by burning TRX (`fee`, in sun).
 */
export function tronSettlementWallet(
  wallet: TronGasWallet,
  deployer: string,
  /** Forwarders per sweep (`CAIRN_CHAIN_<ID>_SWEEP_BATCH`, default 5). */
  maxBatch: number = TRON_DEFAULT_SWEEP_BATCH,
): SettlementWallet {
  return {
    address: wallet.address,
    // A minute after it expired: no block can include it any more.
    resignAfterMs: TRON_EXPIRATION_MS + 60_000,
    // At up to 200,000 energy a forwarder, the default 5 stay under the default 1,000 TRX fee limit cap
    // even at twice today's energy price.
    maxBatch,
    balance: () => wallet.balance(),
    lowBalance: async () =>
      ((await wallet.energyPrice()) * TRON_ENERGY_PER_SWEEP + TRON_BANDWIDTH_SUN_PER_SWEEP) *
      LOW_BALANCE_SWEEPS,
    async signFactoryDeployment(treasury) {
      const signed = await wallet.signFactoryDeployment(deployer, treasury);
      return { hash: signed.hash, raw: signed.raw, nonce: null };
    },
    async signSweep(factory, items) {
      const signed = await wallet.signSweep(factory, items);
      return { hash: signed.hash, raw: signed.raw, nonce: null };
    },
    broadcast: (raw) => wallet.broadcast(raw),
    async receipt(hash) {
      const receipt = await wallet.receipt(hash);
      if (receipt === null) return null;
      return {
        status: receipt.status,
        gasUsed: receipt.energyUsed,
        fee: receipt.feeSun,
        costs: {
          energy: receipt.energyUsed.toString(),
          bandwidth: receipt.bandwidthUsed.toString(),
          fee_sun: receipt.feeSun.toString(),
        },
      };
    },
  };
}
