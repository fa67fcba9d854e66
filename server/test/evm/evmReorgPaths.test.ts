import { anvilAvailable } from '@cairn/anvil-node';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor, eventsFor } from '../chains/eventsFor.js';
import { type EvmCoin, type EvmScenario, startEvmScenario } from './startEvmScenario.js';

// Reorgs on a real anvil (`anvil_reorg`, positional `[depth, [[rawTx, blockOffset], ...]]`: the last
// `depth` blocks are replaced, and transactions not re-included are dropped). anvil never marks logs
// `removed`: the watcher finds every reorg by block hash. Before the window closes the payment is
// recomputed from what is left; after it, a payment whose transfer leaves is expired_reorged.

describe.runIf(anvilAvailable('EVM reorg paths'))('EVM reorg paths on anvil', () => {
  let s: EvmScenario;
  beforeAll(async () => {
    s = await startEvmScenario({ confirmations: 3 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Replaces the last `depth` blocks, re-including `again` (raw transactions) at block `offset`s. */
  const reorg = async (depth: number, again: readonly [Hex, number][] = []) => {
    await s.anvil.request('anvil_reorg', [depth, again]);
  };
  const raw = (hash: Hex) => s.anvil.request<Hex>('eth_getRawTransactionByHash', [hash]);

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s, before the window closes', (coin) => {
    it('the transfer is dropped by the reorg: back to awaiting_payment, silently, shown removed', async () => {
      const p = await s.newPayment(coin);
      const tx = await s.pay(coin, p.address, p.amount);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await reorg(1);
      const result = await s.sync();
      expect(result.reorgs).toBe(1);
      const gone = await s.read(p.id);
      expect(gone.status).toBe('awaiting_payment');
      expect(gone.transactions).toEqual([expect.objectContaining({ tx_id: tx, status: 'removed' })]);
      await s.mine(3);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('awaiting_payment');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
      ]);
    });

    it('the transfer is re-included higher in the new branch: its depth is counted again there', async () => {
      const p = await s.newPayment(coin);
      const tx = await s.pay(coin, p.address, p.amount);
      await s.mine(1);
      await s.sync();
      expect((await s.read(p.id)).transactions[0].confirmations).toBe(2);
      // The two last blocks are replaced; the transfer lands in the second new one (offset 1).
      await reorg(2, [[await raw(tx), 1]]);
      await s.sync();
      const moved = await s.read(p.id);
      expect(moved.status).toBe('confirming');
      expect(moved.transactions).toEqual([expect.objectContaining({ tx_id: tx, confirmations: 1 })]);
      await s.mine(2);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
      ]);
    });
  });

  it('a reorg removing one contributing transfer of a confirmed payment: underpaid, fee reversed', async () => {
    const p = await s.newPayment('USDC');
    const half = p.amount / 2n;
    await s.pay('USDC', p.address, half);
    await s.pay('USDC', p.address, p.amount - half);
    await s.mine(s.confirmations - 1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    // The second transfer's block and the blocks above it are replaced, without it.
    await reorg(s.confirmations);
    await s.sync();
    const after = await s.read(p.id);
    expect(after).toMatchObject({ status: 'underpaid', amount_received: half.toString() });
    expect(await s.ledger(p.id)).toEqual([
      { kind: 'fee', amount_usd: '-0.25' },
      { kind: 'fee_reversal', amount_usd: '0.25' },
    ]);
    const events = await eventsFor(s.test, p.id);
    expect(events.map((e) => e.event)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
      'payment.underpaid',
    ]);
    expect(events.at(-1)!.data.amount_due).toBe((p.amount - half).toString());
  });

  it('native coin credited from inside a contract, reorged out: removed, back to awaiting_payment', async () => {
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
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirming');
    await reorg(1);
    await s.sync();
    const gone = await s.read(p.id);
    expect(gone.status).toBe('awaiting_payment');
    expect(gone.transactions).toEqual([
      expect.objectContaining({ tx_id: receipt.blockHash, status: 'removed' }),
    ]);
  });

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s, after the window closes', (coin) => {
    it('a confirming payment whose transfer leaves the chain: expired_reorged', async () => {
      const p = await s.newPayment(coin);
      await s.pay(coin, p.address, p.amount);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirming');
      await s.closeWindow(p.id);
      expect(await s.statusOf(p.id)).toBe('confirming');
      await reorg(1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      await s.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      expect(await eventNamesFor(s.test, p.id)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.expired_reorged',
      ]);
    });

    it('a confirmed payment whose transfer the new branch includes again stays confirmed', async () => {
      const p = await s.newPayment(coin);
      const tx = await s.pay(coin, p.address, p.amount);
      await s.mine(s.confirmations - 1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      await s.closeWindow(p.id);
      // Replaced from the transfer's block up, the transfer in the last new block: not removed.
      await reorg(s.confirmations, [[await raw(tx), s.confirmations - 1]]);
      expect((await s.sync()).reorgs).toBe(1);
      const after = await s.read(p.id);
      expect(after.status).toBe('confirmed');
      expect(after.transactions).toEqual([expect.objectContaining({ tx_id: tx, confirmations: 1 })]);
      expect(await s.ledger(p.id)).toEqual([{ kind: 'fee', amount_usd: '-0.25' }]);
    });

    it('a confirmed payment whose transfer leaves the chain: expired_reorged, fee reversed; sent again, money after the close', async () => {
      const p = await s.newPayment(coin);
      const tx = await s.pay(coin, p.address, p.amount);
      const signed = await raw(tx);
      await s.mine(s.confirmations - 1);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('confirmed');
      await s.closeWindow(p.id);
      await reorg(s.confirmations);
      expect((await s.sync()).reorgs).toBe(1);
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      expect(await s.ledger(p.id)).toEqual([
        { kind: 'fee', amount_usd: '-0.25' },
        { kind: 'fee_reversal', amount_usd: '0.25' },
      ]);
      // The customer's wallet broadcasts the same transaction again: mined, it does not revive the
      // payment; it is money after the close.
      await s.anvil.request('eth_sendRawTransaction', [signed]);
      await s.mine(s.confirmations);
      await s.sync();
      expect(await s.statusOf(p.id)).toBe('expired_reorged');
      const events = await eventsFor(s.test, p.id);
      expect(events.map((e) => e.event)).toEqual([
        'payment.awaiting',
        'payment.detected',
        'payment.confirming',
        'payment.confirmed',
        'payment.expired_reorged',
        'payment.received_after_close',
      ]);
      expect(events[5]!.data.payment).toMatchObject({
        status: 'expired_reorged',
        amount_received_after_close: p.amount.toString(),
      });
    });
  });
});
