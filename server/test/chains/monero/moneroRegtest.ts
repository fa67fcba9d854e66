import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatUnits } from '@cairn/chain-core';
import { MONERO_DECIMALS } from '@cairn/chain-monero';
import { expect } from 'vitest';
import { type Monero, type MoneroWalletRpcProcess, startMonero } from '../../harness/startMonero.js';
import { addScenarioWallet } from '../addScenarioWallet.js';
import type { ScenarioChain } from '../startChainScenario.js';

/**
 * A real monerod regtest with its payer wallet (the harness), plus the wallet RPCs a Monero merchant
 * and gateway have: the merchant's own full wallet (whose primary address and private view key the
 * merchant gives Cairn), and the gateway's pool of two wallet RPCs sharing one wallet dir
 * (`CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL` a list, `_WALLET_DIR` that dir), where the gateway keeps its
 * view-only copies: with more merchant wallets than wallet RPCs, two share one and are opened in turn.
 */
export interface MoneroRegtest extends Monero {
  readonly merchant: MoneroWalletRpcProcess;
  readonly merchantAddress: string;
  readonly merchantViewKey: string;
  /** The first wallet RPC of the gateway's pool. */
  readonly gatewayWallets: MoneroWalletRpcProcess;
  readonly gatewayPool: readonly MoneroWalletRpcProcess[];
  /** The pool's shared `--wallet-dir`. */
  readonly gatewayWalletDir: string;
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
      const gatewayWalletDir = mkdtempSync(join(tmpdir(), 'cairn-xmr-gateway-wallets-'));
      const gatewayPool = await Promise.all([
        monero.startWalletRpc({ walletDir: gatewayWalletDir }),
        monero.startWalletRpc({ walletDir: gatewayWalletDir }),
      ]);
      return {
        ...monero,
        merchant,
        merchantAddress,
        merchantViewKey,
        gatewayWallets: gatewayPool[0]!,
        gatewayPool,
        gatewayWalletDir,
        async stop() {
          await monero.stop();
          rmSync(gatewayWalletDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await monero.stop();
      throw error;
    }
  },
  env: (node, confirmations) => ({
    CAIRN_CHAIN_XMR_REGTEST_RPC_URL: node.daemonUrl,
    CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: node.gatewayPool.map((p) => p.url).join(','),
    CAIRN_CHAIN_XMR_REGTEST_WALLET_DIR: node.gatewayWalletDir,
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
