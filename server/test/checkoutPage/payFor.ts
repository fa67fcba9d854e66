import { randomBytes } from 'node:crypto';
import { Payment } from '../../src/db/entities/index.js';
import { recordTransferObservation } from '../../src/payments/recordTransferObservation.js';
import type { TestGateway } from '../harness/startTestGateway.js';

/**
 * The customer's wallet and the chain, as the browser tests see them: `payFor` sends coins to the
 * payment's deposit address, `mineBlocks` confirms what was sent.
 *
 * TODAY these report what a chain watcher would see, through `recordTransferObservation` (the exact
 * entry point the watcher uses), with a realistic 32-byte transaction id: a payment enters the
 * mempool (0 confirmations), each mined block deepens every transfer by one. The LTC_REGTEST chain
 * watcher and the litecoind harness are being built on another branch; once merged, `payFor` becomes
 * `sendtoaddress <deposit address> <amount>` on `litecoind -regtest` and `mineBlocks` becomes
 * `generatetoaddress`, and the watcher reports the same observations. No test calls
 * recordTransferObservation directly, so the switch is confined to this file.
 */
interface Sent {
  readonly paymentId: string;
  readonly chainId: string;
  readonly coinSymbol: string;
  readonly txId: string;
  readonly amount: bigint;
  confirmations: number;
}

const mempools = new WeakMap<TestGateway, Sent[]>();

/** Sends `amount` (smallest units) to the payment's deposit address; returns the transaction id. */
export async function payFor(test: TestGateway, paymentId: string, amount: bigint): Promise<string> {
  const gateway = test.running.gateway;
  const payment = await gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  if (!payment.depositAddress || !payment.selectedChainId || !payment.selectedCoinSymbol) {
    throw new Error(`payment ${paymentId} has no deposit address yet: pick a coin first`);
  }
  const sent: Sent = {
    paymentId,
    chainId: payment.selectedChainId,
    coinSymbol: payment.selectedCoinSymbol,
    txId: randomBytes(32).toString('hex'),
    amount,
    confirmations: 0,
  };
  const list = mempools.get(test) ?? [];
  list.push(sent);
  mempools.set(test, list);
  await report(test, sent);
  return sent.txId;
}

/** Mines `count` blocks: every transfer sent so far gets `count` more confirmations. */
export async function mineBlocks(test: TestGateway, count: number): Promise<void> {
  for (const sent of mempools.get(test) ?? []) {
    sent.confirmations += count;
    await report(test, sent);
  }
}

/** The payment's locked amount (what the customer must send), in smallest units. */
export async function lockedAmount(test: TestGateway, paymentId: string): Promise<bigint> {
  const payment = await test.running.gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  return BigInt(payment.lockedAmount ?? '0');
}

async function report(test: TestGateway, sent: Sent): Promise<void> {
  await recordTransferObservation(test.running.gateway, {
    paymentId: sent.paymentId,
    chainId: sent.chainId,
    coinSymbol: sent.coinSymbol,
    txId: sent.txId,
    outputIndex: 0,
    amount: sent.amount,
    confirmations: sent.confirmations,
    removed: false,
  });
}

/** A reorg removes transaction `txId` from the chain (it no longer counts towards its payment). */
export async function reorgOut(test: TestGateway, txId: string): Promise<void> {
  const list = mempools.get(test) ?? [];
  const sent = list.find((s) => s.txId === txId);
  if (!sent) throw new Error(`no transaction ${txId} was sent`);
  mempools.set(
    test,
    list.filter((s) => s !== sent),
  );
  await recordTransferObservation(test.running.gateway, {
    paymentId: sent.paymentId,
    chainId: sent.chainId,
    coinSymbol: sent.coinSymbol,
    txId: sent.txId,
    outputIndex: 0,
    amount: sent.amount,
    confirmations: 0,
    removed: true,
  });
}
