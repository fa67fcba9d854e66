import { formatUnits } from '@cairn/chain-core';
import { type FakeSolanaRpc, startFakeSolanaRpc } from '@cairn/chain-solana/testing';
import { getChain } from '@cairn/contract';
import { expect } from 'vitest';
import { addScenarioWallet } from '../addScenarioWallet.js';
import type { ScenarioChain, ScenarioNode, ScenarioPayment } from '../startChainScenario.js';

/**
 * A fake Solana RPC (no validator runs here: `@cairn/chain-solana/testing` answers Solana's JSON-RPC
 * in its own format, every transfer a real transaction executed in litesvm) and the merchant's wallet.
 * `pay` pays like a Solana Pay wallet (the payment's reference on the transfer); `send` is a plain
 * transfer without one. Each lands in a newly finalized block.
 */
export interface SolanaDevnet extends ScenarioNode {
  readonly rpc: FakeSolanaRpc;
  readonly merchant: string;
}

const DEVNET_USDC = getChain('SOL_DEVNET')!.coins.find((c) => c.symbol === 'USDC')!.contract!;

/** SOL_DEVNET for startScenario: payments select `SOL_DEVNET:<coin>`. */
export function solanaDevnet(coin: 'SOL' | 'USDC' = 'SOL'): ScenarioChain<SolanaDevnet> {
  return {
    chainId: 'SOL_DEVNET',
    token: `SOL_DEVNET:${coin}`,
    seenInBlock: true,
    async startNode() {
      const rpc = await startFakeSolanaRpc({ usdcMint: DEVNET_USDC });
      const merchant = await rpc.newWallet();
      return {
        rpc,
        merchant,
        async send(address, amount) {
          const signature = await rpc.pay({ recipient: address, amount, coin });
          rpc.closeBlocks(1);
          return signature;
        },
        async mine(count = 1) {
          rpc.closeBlocks(count);
          return [];
        },
      };
    },
    env: (node, confirmations) => ({
      CAIRN_CHAIN_SOL_DEVNET_RPC_URL: node.rpc.url,
      CAIRN_CHAIN_SOL_DEVNET_CONFIRMATIONS: String(confirmations),
    }),
    addWallet: (node, test) =>
      addScenarioWallet(test, 'SOL_DEVNET', node.merchant, ['SOL_DEVNET:SOL', 'SOL_DEVNET:USDC']),
    async pay(node, payment: ScenarioPayment, amount) {
      const signature = await node.rpc.pay({
        recipient: payment.address,
        reference: payment.memo,
        amount,
        coin,
      });
      node.rpc.closeBlocks(1);
      return signature;
    },
    expectUri(option) {
      const decimals = coin === 'SOL' ? 9 : 6;
      const amount = formatUnits(BigInt(option.crypto_amount), decimals);
      const token = coin === 'USDC' ? `&spl-token=${DEVNET_USDC}` : '';
      expect(
        option.payment_uri.startsWith(`solana:${option.address}?amount=${amount}${token}&reference=`),
      ).toBe(true);
    },
    stopNode: (node) => node.rpc.stop(),
  };
}
