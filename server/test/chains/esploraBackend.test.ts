import { ChainBackendError, type TargetPollObserver } from '@cairn/chain-core';
import {
  createUtxoEsploraObserver,
  deriveAccountXpub,
  deriveAddress,
  outputScriptOf,
} from '@cairn/chain-utxo';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainWatcher } from '../../src/chains/watchers/ChainWatcher.js';
import { startChainWatchers } from '../../src/chains/watchers/startChainWatchers.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { paymentTimerTask } from '../../src/workers/jobs/paymentTimerTask.js';
import { awaitingPayment, type Client, clientFor } from '../api/apiHelpers.js';
import { postForm } from '../checkoutPage/checkoutHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from './attachWebhookReceiver.js';
import { allDelivered, eventNamesFor, receiveWebhooks } from './eventsFor.js';
import { type FakeEsplora, startFakeEsplora } from './startFakeEsplora.js';

const DAY = 24 * 60 * 60 * 1000;

// The Esplora REST backend (address polling). NO Esplora server exists on this machine: these tests
// run against startFakeEsplora, a local HTTP server answering in Esplora's documented format from an
// in-memory chain the test drives. They prove the parsing, paging and the target-poll watcher path
// (detection, depth, reorgs, removal); they do not prove compatibility with a live Esplora instance.

const ADDRESS = deriveAddress({
  chainId: 'BTC_TESTNET',
  wallet: deriveAccountXpub('00'.repeat(32), 'BTC_TESTNET', 'p2wpkh'),
  index: 0,
});

describe('Esplora observer (constructed responses)', () => {
  let esplora: FakeEsplora;
  let observer: TargetPollObserver;
  beforeAll(async () => {
    esplora = await startFakeEsplora();
    observer = createUtxoEsploraObserver({ chainId: 'BTC_TESTNET', url: `${esplora.url}/` });
  });
  afterAll(async () => {
    await esplora?.close();
  });

  it('follows the tip with parent hashes', async () => {
    const first = esplora.mine();
    const second = esplora.mine();
    expect(await observer.tip()).toEqual({ height: 2, hash: second });
    expect(await observer.header(second)).toEqual({ height: 2, hash: second, parentHash: first });
    expect(await observer.blockHashAt(1)).toBe(first);
    expect(await observer.blockHashAt(3)).toBeNull();
  });

  it("reports a target's outputs in the mempool and in blocks, and pages past 25 confirmed transactions", async () => {
    const script = outputScriptOf('BTC_TESTNET', ADDRESS);
    const other = { address: 'tb1qother', scriptpubkey: '0014ff', value: 5 };
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(esplora.broadcast([other, { address: ADDRESS, scriptpubkey: script, value: 1000 + i }]));
      esplora.mine([ids.at(-1)!]);
    }
    const pending = esplora.broadcast([{ address: ADDRESS, scriptpubkey: script, value: 7 }]);
    const { activity } = await observer.targetActivity([{ matchKey: script, address: ADDRESS }]);
    expect(activity).toHaveLength(31);
    expect(activity.find((a) => a.txid === pending)).toEqual({
      txid: pending,
      index: 0,
      matchKey: script,
      amount: 7n,
      block: null,
    });
    const oldest = activity.find((a) => a.txid === ids[0])!;
    expect(oldest).toMatchObject({ index: 1, amount: 1000n, block: { height: 3 } });
    expect(esplora.requests.some((r) => r.startsWith(`/address/${ADDRESS}/txs/chain/`))).toBe(true);
  });

  it('turns HTTP failures into a ChainBackendError', async () => {
    esplora.failWith(503);
    try {
      await expect(observer.tip()).rejects.toBeInstanceOf(ChainBackendError);
      await expect(observer.tip()).rejects.toThrow(/HTTP 503/);
    } finally {
      esplora.failWith(null);
    }
    const unreachable = createUtxoEsploraObserver({
      chainId: 'BTC_TESTNET',
      url: 'http://127.0.0.1:1',
      timeoutMs: 2000,
    });
    await expect(unreachable.tip()).rejects.toThrow(/cannot reach/);
  });
});

describe('target-poll watcher on the Esplora backend (constructed responses)', () => {
  let esplora: FakeEsplora;
  let test: TestGateway;
  let client: Client;
  let watcher: ChainWatcher;
  let stopWatchers: () => Promise<void>;
  let receiver: WebhookReceiver;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    esplora = await startFakeEsplora();
    for (let i = 0; i < 5; i += 1) esplora.mine();
    test = await startTestGateway({
      clock,
      env: {
        ...WEBHOOK_RECEIVER_ENV,
        CAIRN_CHAIN_BTC_TESTNET_ESPLORA_URL: esplora.url,
        CAIRN_CHAIN_BTC_TESTNET_CONFIRMATIONS: '2',
      },
    });
    receiver = await receiveWebhooks(test);
    client = clientFor(test.baseUrl, test.apiKey);
    const watchers = startChainWatchers(test.running.gateway, {
      databaseUrl: test.running.databaseUrl,
      autoStart: false,
    });
    watcher = watchers.watchers.find((w) => w.chainId === 'BTC_TESTNET')!;
    stopWatchers = () => watchers.stop();
    await watcher.syncOnce();
  });
  afterAll(async () => {
    await stopWatchers?.();
    await receiver?.stop();
    await test?.stop();
    await esplora?.close();
  });

  const newPayment = async () => {
    const checkout = await awaitingPayment(client);
    const address: string = checkout.selected.address;
    return {
      id: checkout.payment_id as string,
      address,
      script: outputScriptOf('BTC_TESTNET', address),
      amount: Number(checkout.selected.crypto_amount),
    };
  };
  const status = async (id: string) => (await client.get(`/payments/${id}`)).body.data.status;
  /** A payment's `late_grace_ends_at` (not in the API's payment object), ISO. */
  const lateGraceEnd = async (id: string) => {
    const [row] = await test.running.gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ late_grace_ends_at: string | Date }[]>(
        'select late_grace_ends_at from payments where id = ?',
        [id],
      );
    return new Date(row!.late_grace_ends_at).toISOString();
  };

  it('detects from the mempool, confirms at depth, asking once per open address per sync', async () => {
    const p = await newPayment();
    esplora.broadcast([{ address: p.address, scriptpubkey: p.script, value: p.amount }]);
    const before = esplora.requests.length;
    await watcher.syncOnce();
    expect(await status(p.id)).toBe('payment_detected');
    const addressCalls = esplora.requests.slice(before).filter((r) => r.startsWith('/address/'));
    expect(addressCalls).toEqual([`/address/${p.address}/txs`]);
    esplora.mine();
    await watcher.syncOnce();
    expect(await status(p.id)).toBe('confirming');
    esplora.mine();
    await watcher.syncOnce();
    expect(await status(p.id)).toBe('confirmed');
    expect(await eventNamesFor(test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
  });

  it('a reorg puts the transaction back in the mempool, then drops it: detected, then awaiting_payment', async () => {
    const p = await newPayment();
    const txid = esplora.broadcast([{ address: p.address, scriptpubkey: p.script, value: p.amount }]);
    const height = esplora.tipHeight();
    esplora.mine();
    await watcher.syncOnce();
    expect(await status(p.id)).toBe('confirming');

    esplora.reorgTo(height);
    esplora.mine([]);
    esplora.mine([]);
    const result = await watcher.syncOnce();
    expect(result.reorgs).toBe(1);
    expect(await status(p.id)).toBe('payment_detected');

    esplora.evict(txid);
    await watcher.syncOnce();
    expect(await status(p.id)).toBe('awaiting_payment');
    expect(await eventNamesFor(test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.reverted',
      'payment.detected',
      'payment.reverted',
    ]);
  });

  // Last in this describe: it moves the gateway's clock by days.
  it("keeps asking about a cancelled payment's address for 14 days after its late grace: late money is reported", async () => {
    const p = await newPayment();
    const cancel = await postForm(`${test.baseUrl}/checkout/${p.id}/cancel`, {});
    expect(cancel.status).toBe(303);
    const graceEnd = await lateGraceEnd(p.id);
    const asked = async () => {
      const before = esplora.requests.length;
      await watcher.syncOnce();
      return esplora.requests.slice(before).includes(`/address/${p.address}/txs`);
    };
    // Two days after the grace (one day more than an expired payment's address is asked about).
    await allDelivered(test);
    clock.set(new Date(Date.parse(graceEnd) + 2 * DAY));
    expect(await asked()).toBe(true);
    esplora.broadcast([{ address: p.address, scriptpubkey: p.script, value: p.amount }]);
    esplora.mine();
    esplora.mine();
    await watcher.syncOnce();
    const read = (await client.get(`/payments/${p.id}`)).body.data;
    expect(read).toMatchObject({ status: 'cancelled', amount_received_after_close: String(p.amount) });
    expect(await eventNamesFor(test, p.id)).toEqual([
      'payment.awaiting',
      'payment.cancelled',
      'payment.received_after_close',
    ]);
    // Settled, and past the 14 days: no longer asked about.
    await allDelivered(test);
    clock.set(new Date(Date.parse(graceEnd) + 14 * DAY + 1000));
    expect(await asked()).toBe(false);
  });

  it('asks about a cancelled address a newer payment took over for that payment only', async () => {
    const a = await newPayment();
    expect((await postForm(`${test.baseUrl}/checkout/${a.id}/cancel`, {})).status).toBe(303);
    await allDelivered(test);
    clock.set(new Date(Date.parse(await lateGraceEnd(a.id)) + 1000));
    // Nothing paid and the grace over: the next payment reuses the address (a sync first: the chain
    // is offered only when its watcher synced lately by the clock).
    await watcher.syncOnce();
    const b = await newPayment();
    expect(b.address).toBe(a.address);
    const asked = async () => {
      const before = esplora.requests.length;
      await watcher.syncOnce();
      return esplora.requests.slice(before).filter((r) => r === `/address/${a.address}/txs`).length;
    };
    expect(await asked()).toBe(1);
    // b expires unpaid and its grace plus a day passes, well inside a's 14 days: nobody is asked about.
    await allDelivered(test);
    clock.set(new Date(Date.parse(await lateGraceEnd(b.id)) + DAY + 1000));
    await paymentTimerTask(test.running.gateway)({ paymentId: b.id, timer: 'window' }, {} as JobHelpers);
    expect(await status(b.id)).toBe('expired');
    expect(await asked()).toBe(0);
  });
});
