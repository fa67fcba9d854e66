import { formatUnits } from '@cairn/chain-core';
import { muxedAddressOf, STELLAR_DECIMALS } from '@cairn/chain-stellar';
import {
  type FakeAsset,
  type FakeHorizon,
  type FakeHorizonOptions,
  Keypair,
  startFakeHorizon,
} from '@cairn/chain-stellar/testing';
import { getChain } from '@cairn/contract';
import { expect } from 'vitest';
import { addScenarioWallet } from '../addScenarioWallet.js';
import type { ScenarioChain, ScenarioNode, ScenarioPayment } from '../startChainScenario.js';

/**
 * A fake Horizon (no stellar-core or Horizon runs here: `@cairn/chain-stellar/testing` serves Horizon's
 * own response format, with transactions built and signed by the Stellar SDK) and the merchant's
 * account on it. `send` pays an address with no memo; payments to a target go through `pay`, which
 * puts the payment's ID memo on the transaction, or pays the muxed address when asked.
 */
export interface StellarTestnet extends ScenarioNode {
  readonly horizon: FakeHorizon;
  readonly merchant: string;
  /** How the next payments are made: to the account with an ID memo, or to the muxed `M...` address. */
  payTo: 'memo' | 'muxed';
  /** What the next payments pay in: XLM, or an issued asset (USDC of some issuer). */
  asset: FakeAsset;
}

/** Circle's USDC issuer on the Stellar testnet, as the registry has it. */
export const TESTNET_USDC_ISSUER = getChain('XLM_TESTNET')!.coins.find((c) => c.symbol === 'USDC')!.contract!;

/** XLM_TESTNET for startScenario: payments select `XLM_TESTNET:XLM`, each paid in its own closed ledger. */
export function stellarTestnet(
  token: 'XLM' | 'USDC' = 'XLM',
  horizonOptions: Pick<FakeHorizonOptions, 'startLedger' | 'historyFrom' | 'muxedIdAsNumber'> = {},
): ScenarioChain<StellarTestnet> {
  return {
    chainId: 'XLM_TESTNET',
    token: `XLM_TESTNET:${token}`,
    seenInBlock: true,
    async startNode() {
      const horizon = await startFakeHorizon({ network: 'testnet', ...horizonOptions });
      const merchant = Keypair.random().publicKey();
      const node: StellarTestnet = {
        horizon,
        merchant,
        payTo: 'memo',
        asset: token === 'USDC' ? { code: 'USDC', issuer: TESTNET_USDC_ISSUER } : 'XLM',
        async send(address, amount) {
          const hash = await horizon.pay({ to: address, amount, asset: node.asset });
          horizon.closeLedgers(1);
          return hash;
        },
        async mine(count = 1) {
          horizon.closeLedgers(count);
          return [];
        },
      };
      return node;
    },
    env: (node, confirmations) => ({
      CAIRN_CHAIN_XLM_TESTNET_RPC_URL: node.horizon.url,
      CAIRN_CHAIN_XLM_TESTNET_CONFIRMATIONS: String(confirmations),
      CAIRN_CHAIN_XLM_TESTNET_POLL_MS: '100',
    }),
    addWallet: (node, test) =>
      addScenarioWallet(test, 'XLM_TESTNET', node.merchant, ['XLM_TESTNET:XLM', 'XLM_TESTNET:USDC']),
    async pay(node, payment: ScenarioPayment, amount) {
      const to = node.payTo === 'muxed' ? muxedAddressOf(payment.address, payment.memo) : payment.address;
      const hash = await node.horizon.pay({
        to,
        ...(node.payTo === 'memo' ? { memoId: payment.memo } : {}),
        amount,
        asset: node.asset,
      });
      node.horizon.closeLedgers(1);
      return hash;
    },
    expectUri(option) {
      expect(option.address.startsWith('G')).toBe(true);
      expect(option.payment_uri).toContain(`web+stellar:pay?destination=${option.address}&amount=`);
      expect(option.payment_uri).toContain(
        `amount=${formatUnits(BigInt(option.crypto_amount), STELLAR_DECIMALS)}&`,
      );
      expect(option.payment_uri).toMatch(/&memo=\d+&memo_type=MEMO_ID/);
    },
    stopNode: (node) => node.horizon.stop(),
  };
}
