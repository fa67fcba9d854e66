import { randomBytes } from 'node:crypto';
import { recordTransferObservation } from '../../src/domain/payments/recordTransferObservation.js';
import { Payment } from '../../src/platform/db/entities/index.js';
import type { TestGateway } from '../harness/startTestGateway.js';

/**
 * SYNTHETIC: reports a transfer to the payment's deposit target through `recordTransferObservation`
 * (the chain watcher's entry point) without any node, with a random 32-byte transaction id (or `txId`
 * to report a later depth of the same transfer). Only for the HTTP-level checkout tests, which check
 * pages and forms rather than the chain (no litecoind needed); the browser flows pay on a real
 * `litecoind -regtest` through `payFor.ts`. Returns the transaction id.
 */
export async function reportSyntheticTransfer(
  test: TestGateway,
  paymentId: string,
  amount: bigint,
  options: { confirmations?: number; txId?: string } = {},
): Promise<string> {
  const gateway = test.running.gateway;
  const payment = await gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  if (!payment.depositAddress || !payment.selectedChainId || !payment.selectedCoinSymbol) {
    throw new Error(`payment ${paymentId} has no deposit address yet: pick a coin first`);
  }
  const txId = options.txId ?? randomBytes(32).toString('hex');
  await recordTransferObservation(gateway, {
    paymentId,
    chainId: payment.selectedChainId,
    coinSymbol: payment.selectedCoinSymbol,
    txId,
    outputIndex: 0,
    amount,
    confirmations: options.confirmations ?? 0,
    removed: false,
  });
  return txId;
}
