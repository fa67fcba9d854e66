import { formatUnits } from '@cairn/chain-core';
import { XRP_DECIMALS } from '@cairn/chain-xrp';
import { type FakeRippled, startFakeRippled, Wallet } from '@cairn/chain-xrp/testing';
import { expect } from 'vitest';
import { addScenarioWallet } from '../addScenarioWallet.js';
import type { ScenarioChain, ScenarioNode, ScenarioPayment } from '../startChainScenario.js';

/**
 * A fake rippled (no rippled runs here: `@cairn/chain-xrp/testing` answers rippled's JSON-RPC `ledger`
 * method in its own API v2 format, with transactions signed offline by xrpl.js) and the merchant's
 * account. `send` pays the address without a tag; `pay` pays a payment's address with its destination
 * tag. Every payment lands in a newly validated ledger, as on the XRP Ledger within seconds.
 */
export interface XrpTestnet extends ScenarioNode {
  readonly rippled: FakeRippled;
  readonly merchant: string;
  /**
   * The partial-payment attack for the next payments: the transaction names the amount asked for as
   * its `Amount` but delivers only this share of it (percent); undefined: an honest payment.
   */
  deliverPercent: bigint | undefined;
}

/** XRP_TESTNET for startScenario: payments select `XRP_TESTNET:XRP`. */
export const XRP_TESTNET: ScenarioChain<XrpTestnet> = {
  chainId: 'XRP_TESTNET',
  token: 'XRP_TESTNET:XRP',
  seenInBlock: true,
  async startNode() {
    const rippled = await startFakeRippled();
    const merchant = Wallet.generate().classicAddress;
    return {
      rippled,
      merchant,
      deliverPercent: undefined,
      async send(address, amount) {
        return rippled.pay({ to: address, amountDrops: amount });
      },
      async mine(count = 1) {
        rippled.closeLedgers(count);
        return [];
      },
    };
  },
  env: (node, confirmations) => ({
    CAIRN_CHAIN_XRP_TESTNET_RPC_URL: node.rippled.url,
    CAIRN_CHAIN_XRP_TESTNET_CONFIRMATIONS: String(confirmations),
  }),
  addWallet: (node, test) => addScenarioWallet(test, 'XRP_TESTNET', node.merchant, ['XRP_TESTNET:XRP']),
  async pay(node, payment: ScenarioPayment, amount) {
    const tag = Number(payment.memo);
    if (node.deliverPercent === undefined)
      return node.rippled.pay({ to: payment.address, tag, amountDrops: amount });
    return node.rippled.pay({
      to: payment.address,
      tag,
      amountDrops: amount,
      partial: { deliveredDrops: (amount * node.deliverPercent) / 100n },
    });
  },
  expectUri(option) {
    expect(option.address.startsWith('r')).toBe(true);
    expect(option.payment_uri).toMatch(
      new RegExp(
        `^xrpl://${option.address}\\?amount=${formatUnits(BigInt(option.crypto_amount), XRP_DECIMALS).replace('.', '\\.')}&dt=\\d+$`,
      ),
    );
  },
  stopNode: (node) => node.rippled.stop(),
};
