import { createEvmGasWallet } from '@cairn/chain-evm';
import { createTronGasWallet } from '@cairn/chain-tron';
import { getChain } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../platform/config/loadConfig.js';
import type { SettlementLine } from '../watchers/readChainStatuses.js';
import type { EvmChainFacts } from './evmChainFacts.js';
import { evmSettlementWallet } from './evmSettlementWallet.js';
import { readSettlementBacklog } from './readSettlementBacklog.js';
import type { SettlementWallet } from './SettlementWallet.js';
import { tronSettlementWallet } from './tronSettlementWallet.js';

/**
 * One EVM or TRON chain's settlement for `chains:status`: the gas wallet's address and balance (asked
 * of the node with a short timeout), a warning when it runs low (under about 20 sweeps at the current
 * gas or energy price) or is missing, and the backlog from the database.
 */
export async function readSettlementStatus(
  orm: MikroORM,
  config: Config,
  facts: EvmChainFacts,
  chainId: string,
): Promise<SettlementLine> {
  const backlog = await readSettlementBacklog(orm.em.fork(), chainId);
  const settings = config.chains[chainId];
  const base = {
    sweeps_pending: backlog.sweepsPending,
    sweeps_due: backlog.sweepsDue,
    wallets_onboarding: backlog.walletsPending,
  };
  if (!settings?.gasWalletKey || !settings.backend) {
    return {
      gas_wallet: null,
      gas_balance_wei: null,
      gas_warning: `no gas wallet: set CAIRN_CHAIN_${chainId}_GAS_WALLET_KEY to onboard wallets and sweep payments`,
      ...base,
    };
  }
  const wallet: SettlementWallet =
    getChain(chainId)?.family === 'tron'
      ? tronSettlementWallet(
          createTronGasWallet({
            chainId,
            url: settings.backend.url,
            privateKey: settings.gasWalletKey,
            timeoutMs: 5_000,
            ...(settings.backend.headers ? { headers: settings.backend.headers } : {}),
          }),
          // A TRON chain with a node has its deployer (the configuration refuses it otherwise).
          settings.deployer as string,
        )
      : evmSettlementWallet(
          createEvmGasWallet({
            chainId,
            evmChainId: facts.evmChainId(chainId),
            url: settings.backend.url,
            privateKey: settings.gasWalletKey,
            timeoutMs: 5_000,
            ...(settings.backend.headers ? { headers: settings.backend.headers } : {}),
          }),
        );
  try {
    const [balance, lowBalance] = await Promise.all([wallet.balance(), wallet.lowBalance()]);
    const low = balance < lowBalance;
    return {
      gas_wallet: wallet.address,
      gas_balance_wei: balance.toString(),
      gas_warning: low ? `gas wallet ${wallet.address} runs low: top it up before sweeps stop` : null,
      ...base,
    };
  } catch (error) {
    return {
      gas_wallet: wallet.address,
      gas_balance_wei: null,
      gas_warning: `cannot read the gas wallet's balance: ${(error as Error).message}`,
      ...base,
    };
  }
}
