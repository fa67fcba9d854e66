import { anvilAvailable } from '@cairn/anvil-node';
import { describe, expect, it } from 'vitest';
import { eventNamesFor } from '../chains/eventsFor.js';
import { PAID_IN_FULL, paymentPathsSuite } from '../chains/paymentPathsSuite.js';
import { useScenario } from '../chains/useScenario.js';
import { evmPathsDriver } from './evmPathsDriver.js';
import { payFromContract } from './payFromContract.js';
import { type EvmCoin, startEvmScenario } from './startEvmScenario.js';

// The payment paths (paymentPathsSuite) on a real anvil through the EVM observer and the generic
// watcher, for the native coin and for USDC (an ERC-20 Transfer log). EVM payments are seen in their
// block (no mempool), so detected and confirming come together, in order. Beside them, what is EVM's
// own: native coin sent from inside a contract, and another coin sent to a deposit address.

describe.runIf(anvilAvailable('EVM payment paths'))('EVM payment paths on anvil', () => {
  const s = useScenario(() => startEvmScenario({ confirmations: 3 }));

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s', (coin) => {
    paymentPathsSuite(
      evmPathsDriver(s, coin, {
        // 25 USD at the demo rate of 3,000 USD/ETH, or 25 USDC.
        checkPayment: (p) => expect(p.amount).toBe(coin === 'ETH' ? 8_333_333_333_333_334n : 25_000_000n),
        // The merchant's treasury is no deposit address.
        payElsewhere: (p) => s().pay(coin, s().treasury, p.amount),
      }),
    );
  });

  it('native coin sent from inside a contract is found by balance and confirms the payment', async () => {
    const p = await s().newPayment('ETH');
    const receipt = await payFromContract(s(), p.address, p.amount);
    expect(receipt.status).toBe('success');
    await s().sync();
    const detected = await s().read(p.id);
    expect(detected.status).toBe('confirming');
    // The credit has no transaction of its own to the forwarder: it is named by its block.
    expect(detected.transactions).toEqual([
      expect.objectContaining({ tx_id: receipt.blockHash, amount: p.amount.toString(), confirmations: 1 }),
    ]);
    await s().mine(s().confirmations);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('confirmed');
    expect(await eventNamesFor(s().test, p.id)).toEqual(PAID_IN_FULL);
  });

  it('another coin sent to the deposit address is not counted', async () => {
    const p = await s().newPayment('USDC');
    await s().pay('ETH', p.address, 10n ** 18n);
    await s().pay('USDT', p.address, p.amount);
    await s().mine(s().confirmations);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('awaiting_payment');
    expect(await eventNamesFor(s().test, p.id)).toEqual(['payment.awaiting']);
  });
});
