import { type FakeTronNode, startFakeTronNode } from '@cairn/chain-tron/testing';
import { getChain } from '@cairn/contract';
import { expect } from 'vitest';
import { addScenarioWallet } from '../addScenarioWallet.js';
import type { ScenarioChain, ScenarioNode, ScenarioPayment } from '../startChainScenario.js';

/**
 * A fake java-tron full node (no TRON node runs here: `@cairn/chain-tron/testing` serves the full
 * node's HTTP API in its own format, each payment a real tronweb-signed transaction) and the
 * merchant's treasury on TRON_NILE. `pay` and `send` put a TRX transfer or a USDT `transfer` to the
 * address in the next block and close it. The merchant's wallet is marked onboarded without its
 * factory: these suites watch payments; `tronSweeps.test.ts` proves onboarding and sweeps.
 */
export interface TronNile extends ScenarioNode {
  readonly tron: FakeTronNode;
  readonly treasury: string;
}

/** The merchant's treasury in these suites (any TRON account: nothing is swept here). */
export const TRON_TREASURY = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const NILE_USDT = getChain('TRON_NILE')!.coins.find((c) => c.symbol === 'USDT')!.contract!;

/** TRON_NILE for startScenario: payments select `TRON_NILE:<coin>`. */
export function tronNile(coin: 'TRX' | 'USDT' = 'TRX'): ScenarioChain<TronNile> {
  return {
    chainId: 'TRON_NILE',
    token: `TRON_NILE:${coin}`,
    seenInBlock: true,
    async startNode() {
      const tron = await startFakeTronNode({ usdtContract: NILE_USDT });
      return {
        tron,
        treasury: TRON_TREASURY,
        async send(address, amount) {
          const txid = tron.pay({ address, amount, coin });
          tron.closeBlocks(1);
          return txid;
        },
        async mine(count = 1) {
          return tron.closeBlocks(count).map((b) => b.hash);
        },
      };
    },
    env: (node, confirmations) => {
      // The block a payment reaches its required depth in is the one solidified with it, so the
      // suites' depth counts hold; tronSolidity.test.ts separates the two.
      node.tron.setSolidityLag(confirmations - 1);
      return {
        CAIRN_CHAIN_TRON_NILE_RPC_URL: node.tron.url,
        CAIRN_CHAIN_TRON_NILE_DEPLOYER: node.tron.deployer,
        CAIRN_CHAIN_TRON_NILE_CONFIRMATIONS: String(confirmations),
      };
    },
    async addWallet(node, test) {
      await addScenarioWallet(test, 'TRON_NILE', node.treasury, ['TRON_NILE:TRX', 'TRON_NILE:USDT']);
      await test.running.gateway.orm.em
        .fork()
        .getConnection()
        .execute(`update wallets set onboarding_status = 'active' where chain_id = 'TRON_NILE'`);
    },
    async pay(node, payment: ScenarioPayment, amount) {
      return node.send(payment.address, amount);
    },
    expectUri(option) {
      const whole = BigInt(option.crypto_amount) / 1_000_000n;
      const fraction = (BigInt(option.crypto_amount) % 1_000_000n)
        .toString()
        .padStart(6, '0')
        .replace(/0+$/, '');
      const amount = fraction ? `${whole}.${fraction}` : `${whole}`;
      expect(option.payment_uri).toBe(
        `tron:${option.address}?amount=${amount}${coin === 'USDT' ? `&token=${NILE_USDT}` : ''}`,
      );
    },
    stopNode: (node) => node.tron.stop(),
  };
}
