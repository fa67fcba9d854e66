import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, createPaymentVia, expectError, validBody } from '../api/apiHelpers.js';
import { type Litecoind, litecoindAvailable, startLitecoind } from '../harness/startLitecoind.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from './attachWebhookReceiver.js';
import { eventNamesFor, receiveWebhooks } from './eventsFor.js';

// The merchant's node goes away while the network goes on: a real litecoind -regtest network of two
// nodes, the miner (who also pays) and the gateway's own node, which follows it. While the gateway's
// node is down its chain is not offered (money must never go to an address nobody observes); when it
// is back the chain returns and the watcher catches up on every block it missed, so nothing paid
// meanwhile is lost. The gateway runs as in production: background watcher loop, real clock.

const CHAIN = 'LTC_REGTEST';
const OFFLINE_MS = 3000;

describe.runIf(litecoindAvailable('chain node outage'))('a chain node going away and coming back', () => {
  let network: Litecoind;
  let node: Litecoind;
  let test: TestGateway;
  let receiver: WebhookReceiver;
  let client: Client;

  beforeAll(async () => {
    network = await startLitecoind({ listen: true });
    node = await startLitecoind({ peer: network.p2pAddress!, wallet: false, initialBlocks: 0 });
    const tip = await network.height();
    await waitUntil(async () => (await node.height()) === tip, 'the node to follow the network');
    test = await startTestGateway({
      watchers: true,
      offerUnwatched: false,
      env: {
        ...WEBHOOK_RECEIVER_ENV,
        [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: node.rpcUrl,
        [`CAIRN_CHAIN_${CHAIN}_CONFIRMATIONS`]: '2',
        [`CAIRN_CHAIN_${CHAIN}_POLL_MS`]: '200',
        CAIRN_WATCHER_OFFLINE_MS: String(OFFLINE_MS),
      },
    });
    receiver = await receiveWebhooks(test);
    client = clientFor(test.baseUrl, test.apiKey);
  });
  afterAll(async () => {
    await receiver?.stop();
    await test?.stop();
    await node?.stop();
    await network?.stop();
  });

  const offered = () => test.running.gateway.chainAvailability.isOffered(CHAIN);
  const statusOf = async (id: string) => (await client.get(`/payments/${id}`)).body.data.status as string;
  const pick = (id: string) => client.post(`/checkout/${id}/select-chain`, { token: `${CHAIN}:LTC` });
  const picked = async () => {
    const payment = await createPaymentVia(client);
    const selected = await pick(payment.id);
    expect(selected.status, selected.text).toBe(200);
    const option = selected.body.data.selected;
    return {
      id: payment.id as string,
      address: option.address as string,
      amount: BigInt(option.crypto_amount),
    };
  };

  it('offers only the watched chain, leaves while its node is down, returns and catches up after', async () => {
    await waitUntil(offered, 'the first sync');
    // The other enabled chains have wallets but no watcher: never offered.
    const first = await createPaymentVia(client);
    expect(first.chain_options.map((o: { chain_id: string }) => o.chain_id)).toEqual([CHAIN]);

    const early = await picked();
    await network.send(early.address, early.amount);
    await network.mine(1);
    await waitUntil(
      async () => (await statusOf(early.id)) === 'confirming',
      'the early payment to be in a block',
    );
    const late = await picked();
    const pending = await createPaymentVia(client);

    // The gateway's node goes away.
    const haltedAt = Date.now();
    await node.halt();
    await waitUntil(() => !offered(), 'the chain to leave');
    const leftAfterMs = Date.now() - haltedAt;
    const refused = await client.post('/payments', validBody());
    expectError(refused, 'CHAIN_UNAVAILABLE');
    expect(refused.body.error.message).toContain(`${CHAIN}: its watcher has not synced for`);
    const refusedPick = await pick(pending.id);
    expectError(refusedPick, 'CHAIN_UNAVAILABLE');
    expect(refusedPick.body.error.message).toContain(`${CHAIN} cannot be picked right now`);

    // The network goes on: the late payment is paid and everything is buried under two blocks.
    await network.send(late.address, late.amount);
    await network.mine(2);
    const networkTip = await network.height();

    const resumedAt = Date.now();
    await node.resume();
    await waitUntil(
      async () => (await node.height()) === networkTip,
      'the node to catch up with the network',
    );
    await waitUntil(offered, 'the chain to return');
    const returnedAfterMs = Date.now() - resumedAt;
    expect((await pick(pending.id)).status).toBe(200);
    expect(
      (await createPaymentVia(client)).chain_options.map((o: { chain_id: string }) => o.chain_id),
    ).toEqual([CHAIN]);

    // Nothing observed while the node was down is lost: both confirm, every webhook in order.
    await waitUntil(
      async () =>
        (await Promise.all([statusOf(early.id), statusOf(late.id)])).every((s) => s === 'confirmed'),
      'both payments to confirm',
    );
    const lifecycle = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];
    expect(await eventNamesFor(test, early.id)).toEqual(lifecycle);
    expect(await eventNamesFor(test, late.id)).toEqual(lifecycle);
    console.log(
      `chain node outage: options left ${leftAfterMs} ms after the node stopped (CAIRN_WATCHER_OFFLINE_MS=${OFFLINE_MS}), returned ${returnedAfterMs} ms after it restarted`,
    );
  });
});
