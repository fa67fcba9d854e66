import { anvilAvailable } from '@cairn/anvil-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from '../chains/eventsFor.js';
import { type EvmCoin, type EvmScenario, startEvmScenario } from './startEvmScenario.js';

// docs/lifecycle.md, Transitions, on a real anvil through the EVM observer and the generic watcher,
// for the native coin and for USDC (an ERC-20 Transfer log): exact, two partials, underpaid then
// top-up, within tolerance, overpaid beyond and within the threshold. EVM payments are seen in their
// block (no mempool), so detected and confirming come together, in order.

const CONFIRMED = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];

describe.runIf(anvilAvailable('EVM payment paths'))('EVM payment paths on anvil', () => {
  let s: EvmScenario;
  beforeAll(async () => {
    s = await startEvmScenario({ confirmations: 3 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s', (coin) => {
    it('one exact payment: detected and confirming in its block, confirmed at the required depth, fee deducted', async () => {
      const p = await s.newPayment(coin);
      expect(p.amount).toBe(coin === 'ETH' ? 8_333_333_333_333_334n : 25_000_000n);
      expect(p.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(p.paymentUri).toBe(
        coin === 'ETH'
          ? `ethereum:${p.address}@31337?value=${p.amount}`
          : `ethereum:${s.tokens.USDC}@31337/transfer?address=${p.address}&uint256=${p.amount}`,
      );
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      const tx = await s.pay(coin, p.address, p.amount);
      await s.sync();
      const confirming = await s.read(p.id);
      expect(confirming.status).toBe('confirming');
      expect(confirming.transactions).toEqual([
        expect.objectContaining({ tx_id: tx, amount: p.amount.toString(), confirmations: 1 }),
      ]);
      await s.mine(s.confirmations - 2);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.mine(1);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.transactions[0].confirmations).toBe(s.confirmations);
      expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
      expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
      const events = await eventsFor(s.test, p.id);
      expect(events.at(-1)!.data.payment.status).toBe('confirmed');
      await s.mine(2);
      await s.sync();
      expect(await eventNamesFor(s.test, p.id)).toHaveLength(4);
    });

    it('two partial transfers summing to the amount', async () => {
      const p = await s.newPayment(coin);
      const half = p.amount / 2n;
      await s.pay(coin, p.address, half);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('underpaid');
      const underpaid = (await eventsFor(s.test, p.id)).find((e) => e.event === 'payment.underpaid');
      expect(underpaid?.data.amount_due).toBe((p.amount - half).toString());
      await s.pay(coin, p.address, p.amount - half);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.mine(s.confirmations);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed).toMatchObject({ status: 'confirmed', amount_received: p.amount.toString() });
      expect(confirmed.transactions).toHaveLength(2);
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('underpaid beyond tolerance at depth, then a top-up confirms it', async () => {
      const p = await s.newPayment(coin);
      const first = (p.amount * 90n) / 100n;
      await s.pay(coin, p.address, first);
      await s.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('underpaid');
      await s.pay(coin, p.address, p.amount - first);
      await s.sync();
      await s.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.underpaid',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });

    it('a shortfall within the 0.5% tolerance confirms', async () => {
      const p = await s.newPayment(coin);
      const paid = p.amount - (p.amount * 40n) / 10_000n;
      await s.pay(coin, p.address, paid);
      await s.mine(s.confirmations);
      await s.sync();
      const confirmed = await s.read(p.id);
      expect(confirmed).toMatchObject({ status: 'confirmed', amount_received: paid.toString() });
      expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
    });

    it('overpaid beyond the 1% threshold: payment.overpaid with the excess', async () => {
      const p = await s.newPayment(coin);
      const paid = (p.amount * 105n) / 100n;
      await s.pay(coin, p.address, paid);
      await s.mine(s.confirmations);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', overpaid: true });
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([...CONFIRMED, 'payment.overpaid']);
      expect(events[4]!.data).toMatchObject({
        chain_id: 'ETH_LOCAL',
        coin_symbol: coin,
        excess_amount: (paid - p.amount).toString(),
      });
    });

    it('overpaid within the threshold confirms silently', async () => {
      const p = await s.newPayment(coin);
      const paid = p.amount + (p.amount * 50n) / 10_000n;
      await s.pay(coin, p.address, paid);
      await s.mine(s.confirmations);
      await s.sync();
      expect(await s.read(p.id)).toMatchObject({ status: 'confirmed', overpaid: false });
      expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
    });
  });

  it('native coin sent from inside a contract is found by balance and confirms the payment', async () => {
    const p = await s.newPayment('ETH');
    const hash = await s.customer.writeContract({
      account: s.customer.account,
      chain: null,
      address: s.relay,
      abi: [
        {
          type: 'function',
          name: 'relay',
          stateMutability: 'payable',
          inputs: [{ name: 'to', type: 'address' }],
          outputs: [],
        },
      ],
      functionName: 'relay',
      args: [p.address],
      value: p.amount,
    });
    const receipt = await s.chain.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
    await s.sync();
    const detected = await s.read(p.id);
    expect(detected.status).toBe('confirming');
    // The credit has no transaction of its own to the forwarder: it is named by its block.
    expect(detected.transactions).toEqual([
      expect.objectContaining({ tx_id: receipt.blockHash, amount: p.amount.toString(), confirmations: 1 }),
    ]);
    await s.mine(s.confirmations);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
  });

  it('another coin sent to the deposit address is not counted', async () => {
    const p = await s.newPayment('USDC');
    await s.pay('ETH', p.address, 10n ** 18n);
    await s.pay('USDT', p.address, p.amount);
    await s.mine(s.confirmations);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
  });

  it('a transfer to an address nobody watches changes nothing', async () => {
    const p = await s.newPayment('USDC');
    await s.pay('USDC', s.treasury, 5_000_000n);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
  });
});
