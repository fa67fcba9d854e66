import { formatUnits } from '@cairn/chain-core';
import { MONERO_DECIMALS } from '@cairn/chain-monero';
import { expect } from 'vitest';
import { type Monero, type MoneroWalletRpcProcess, startMonero } from '../../harness/startMonero.js';
import { addScenarioWallet } from '../addScenarioWallet.js';
import type { ScenarioChain } from '../startChainScenario.js';

/**
 * A real monerod regtest with its payer wallet (the harness), plus the two wallet RPCs a Monero
 * merchant and gateway have: the merchant's own full wallet (whose primary address and private view
 * key the merchant gives Cairn), and the gateway's wallet RPC (`CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL`),
 * where the gateway keeps its view-only copy.
 */
export interface MoneroRegtest extends Monero {
  readonly merchant: MoneroWalletRpcProcess;
  readonly merchantAddress: string;
  readonly merchantViewKey: string;
  readonly gatewayWallets: MoneroWalletRpcProcess;
}

/** XMR_REGTEST for startScenario: payments select `XMR_REGTEST:XMR`, paid from the harness's payer. */
export const MONERO_REGTEST: ScenarioChain<MoneroRegtest> = {
  chainId: 'XMR_REGTEST',
  token: 'XMR_REGTEST:XMR',
  async startNode() {
    const monero = await startMonero();
    try {
      const merchant = await monero.startWalletRpc();
      await merchant.rpc.createWallet({ filename: 'merchant' });
      const merchantAddress = (await merchant.rpc.getAddress(0)).address;
      const merchantViewKey = await merchant.rpc.queryKey('view_key');
      const gatewayWallets = await monero.startWalletRpc();
      return { ...monero, merchant, merchantAddress, merchantViewKey, gatewayWallets };
    } catch (error) {
      await monero.stop();
      throw error;
    }
  },
  env: (node, confirmations) => ({
    CAIRN_CHAIN_XMR_REGTEST_RPC_URL: node.daemonUrl,
    CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: node.gatewayWallets.url,
    CAIRN_CHAIN_XMR_REGTEST_CONFIRMATIONS: String(confirmations),
  }),
  addWallet: (node, test) =>
    addScenarioWallet(test, 'XMR_REGTEST', `${node.merchantAddress}:${node.merchantViewKey}`, [
      'XMR_REGTEST:XMR',
    ]),
  expectUri(option) {
    expect(option.address.startsWith('8')).toBe(true); // a subaddress, never the primary address
    expect(option.payment_uri).toMatch(
      new RegExp(
        `^monero:${option.address}\\?tx_amount=${formatUnits(BigInt(option.crypto_amount), MONERO_DECIMALS).replace('.', '\\.')}(&|$)`,
      ),
    );
  },
  stopNode: (node) => node.stop(),
};
