import { randomUUID } from 'node:crypto';
import { runSdkSuite } from '../../sdk/test/sdkSuite.js';
import { selectChain } from '../src/checkout/selectChain.js';
import { Payment } from '../src/db/entities/index.js';
import { recordTransferObservation } from '../src/payments/recordTransferObservation.js';
import { startTestGateway, type TestGateway } from './harness/startTestGateway.js';

/** Picks a chain if needed and reports a transfer of `fraction` of the locked amount at `depth`. */
async function payPart(
  test: TestGateway,
  paymentId: string,
  numerator: bigint,
  denominator: bigint,
  depth: number,
) {
  const { gateway } = test.running;
  let payment = await gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  if (!payment.selectedChainId) {
    const option = await gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ chain_id: string; coin_symbol: string }[]>(
        'select chain_id, coin_symbol from payment_options where payment_id = ? order by position limit 1',
        [paymentId],
      );
    await selectChain(gateway, payment, paymentId, {
      chain_id: option[0]!.chain_id as 'BTC_TESTNET',
      coin_symbol: option[0]!.coin_symbol,
    });
    payment = await gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  }
  await recordTransferObservation(gateway, {
    paymentId,
    chainId: payment.selectedChainId!,
    coinSymbol: payment.selectedCoinSymbol!,
    txId: randomUUID().replaceAll('-', ''),
    outputIndex: 0,
    amount: (BigInt(payment.lockedAmount!) * numerator) / denominator,
    confirmations: depth,
    removed: false,
  });
}

runSdkSuite('the gateway', async () => {
  const test = await startTestGateway();
  return {
    baseUrl: test.baseUrl,
    apiKey: test.apiKey,
    otherModeKey: test.liveKey,
    close: () => test.stop(),
    // The watcher path: a full transfer seen in the mempool.
    markDetected: (id) => payPart(test, id, 1n, 1n, 0),
    // Half the amount, at depth, so the merchant may accept the shortfall.
    markUnderpaid: (id) => payPart(test, id, 1n, 2n, 1000),
  };
});
