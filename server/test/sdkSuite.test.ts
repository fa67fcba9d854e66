import { runSdkSuite } from '../../sdk/test/sdkSuite.js';
import { payFromLink } from '../src/domain/paymentLinks/payFromLink.js';
import { selectChain } from '../src/domain/payments/selectChain.js';
import { Payment, PaymentOption } from '../src/platform/db/entities/index.js';
import { observe } from './api/apiHelpers.js';
import { startTestGateway, type TestGateway } from './harness/startTestGateway.js';

/** Picks the first option if no chain is picked yet, then reports a transfer like a watcher would. */
async function payPart(test: TestGateway, paymentId: string, fraction: [bigint, bigint], depth: number) {
  const { gateway } = test.running;
  const payment = await gateway.orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  if (!payment.selectedChainId) {
    const [option] = await gateway.orm.em
      .fork()
      .find(PaymentOption, { paymentId }, { orderBy: { position: 'asc' }, limit: 1 });
    await selectChain(gateway, payment, paymentId, {
      chain_id: option!.chainId as 'BTC_TESTNET',
      coin_symbol: option!.coinSymbol,
    });
  }
  await observe(test, paymentId, { fraction, depth });
}

runSdkSuite('the gateway', async () => {
  const test = await startTestGateway();
  return {
    baseUrl: test.baseUrl,
    apiKey: test.apiKey,
    otherModeKey: test.liveKey,
    close: () => test.stop(),
    // The watcher path: a full transfer seen in the mempool.
    markDetected: (id) => payPart(test, id, [1n, 1n], 0),
    // Half the amount, at depth, so the merchant may accept the shortfall.
    markUnderpaid: (id) => payPart(test, id, [1n, 2n], 1000),
    // Pay pressed on the link's page: the same service as the page's form.
    payLink: async (id) => {
      const outcome = await payFromLink(test.running.gateway, id);
      if (outcome.kind !== 'payment') throw new Error(`the link refused: ${outcome.kind}`);
      return outcome.paymentId;
    },
  };
});
