import { readdirSync } from 'node:fs';
import {
  createMoneroAdapter,
  createMoneroObserver,
  moneroWalletFileOf,
  moneroWalletPasswordOf,
} from '@cairn/chain-monero';
import { getChain } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { moneroWalletSecret } from '../../../src/chains/watchers/moneroWalletSecret.js';
import { createUser } from '../../../src/domain/accounts/createUser.js';
import { createBusiness } from '../../../src/domain/businesses/createBusiness.js';
import { addWallet } from '../../../src/domain/wallets/addWallet.js';
import { removeWallet } from '../../../src/domain/wallets/removeWallet.js';
import { clientFor, createPaymentVia, newKey } from '../../api/apiHelpers.js';
import { randomMoneroWallet } from '../../harness/randomMoneroWallet.js';
import { moneroAvailable } from '../../harness/startMonero.js';
import { eventNamesFor } from '../eventsFor.js';
import { chainPathsDriver } from '../pathsDriver.js';
import { paymentPathsSuite } from '../paymentPathsSuite.js';
import { startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { MONERO_REGTEST } from './moneroRegtest.js';

// The payment paths (paymentPathsSuite) on a real monerod regtest through the watcher,
// monero-wallet-rpc and the merchant's view-only wallet: detection from the pool, confirming at 1
// confirmation, confirmed at the required depth of 3; payments are `transfer`s from the payer's wallet
// to the payment's subaddress, which the merchant's own wallet sees. Beside them, what is Monero's own:
// a transfer locked by its sender (unlock_time), and merchants' wallets on one wallet RPC.

describe.runIf(moneroAvailable('payment paths on monerod'))('payment paths on monerod --regtest', () => {
  const s = useScenario(() => startScenario(MONERO_REGTEST, { confirmations: 3 }));
  paymentPathsSuite(
    chainPathsDriver(s, MONERO_REGTEST, {
      checkPayment(p) {
        expect(p.amount).toBe(166_666_666_667n); // 25 USD at the demo rate of 150 USD/XMR, in piconero
        expect(p.address).not.toBe(s().node.merchantAddress);
      },
      async checkConfirmed(p, txid) {
        // The funds are the merchant's: their own full wallet sees them on the payment's subaddress.
        const merchant = s().node.merchant.rpc;
        await merchant.refresh();
        const seen = await merchant.getTransfers({ in: true, accountIndex: 0 });
        expect(seen.in).toEqual(
          expect.arrayContaining([expect.objectContaining({ txid, amount: p.amount, address: p.address })]),
        );
      },
      // The merchant's primary address, and someone else's.
      async payElsewhere() {
        await s().node.send(s().node.merchantAddress, 1_000_000_000n);
        await s().node.send(s().node.payerAddress, 1_000_000_000n);
      },
    }),
  );

  it('a transfer its sender locked (unlock_time) is not counted: the merchant could not spend it for years', async () => {
    const p = await s().newPayment();
    await s().node.payer.refresh();
    const height = await s().node.height();
    const { txHash } = await s().node.payer.transfer({
      destinations: [{ address: p.address, amount: p.amount }],
      unlockTime: height + 100_000,
    });
    // The merchant's own wallet sees it, locked.
    await s().node.merchant.rpc.refresh();
    const seen = await s().node.merchant.rpc.getTransfers({ pool: true, in: true, accountIndex: 0 });
    expect([...seen.pool, ...seen.in]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ txid: txHash, unlockTime: BigInt(height + 100_000) }),
      ]),
    );
    await s().sync();
    await s().node.mine(s().confirmations);
    await s().sync();
    const read = await s().read(p.id);
    expect(read.status).toBe('awaiting_payment');
    expect(read.transactions).toEqual([]);
    expect(await eventNamesFor(s().test, p.id)).toEqual(['payment.awaiting']);
    // Once mined, it is stray money of the merchant's, named by the payment's subaddress (never by the
    // stored wallet, which holds the view key).
    const strays = await s()
      .test.running.gateway.orm.em.fork()
      .getConnection()
      .execute<{ kind: string; address: string; amount: string; tag: string | null }[]>(
        'select kind, address, amount::text as amount, tag from stray_funds where tx_id = ?',
        [txHash],
      );
    expect(strays).toEqual([{ kind: 'locked', address: p.address, amount: p.amount.toString(), tag: null }]);
    // The same subaddress paid normally is seen at once: the watcher was looking.
    await s().node.send(p.address, p.amount);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('payment_detected');
  });

  // A second wallet RPC and 301 subaddresses: tens of seconds on a loaded machine.
  /**
   * Another merchant: their business, Monero wallet in Cairn and API key. With `handedOut`, their own
   * full wallet too (in a wallet RPC of its own, which has handed out that many subaddresses before);
   * without, a wallet made offline from random keys.
   */
  async function otherMerchant(name: string, handedOut?: number) {
    const { gateway } = s().test.running;
    const em = gateway.orm.em.fork();
    const own = handedOut === undefined ? undefined : await s().node.startWalletRpc();
    await own?.rpc.createWallet({ filename: name });
    const value = own
      ? `${(await own.rpc.getAddress(0)).address}:${await own.rpc.queryKey('view_key')}`
      : randomMoneroWallet();
    const user = await createUser(em, gateway.clock, { email: `xmr-${p8()}@shop.test`, verified: true });
    const business = await createBusiness(em, gateway.clock, {
      userId: user.id,
      name,
      grants: { testUsd: '100', liveUsd: '0' },
    });
    const { wallet } = await addWallet(em, gateway.clock, gateway.chains, {
      businessId: business.id,
      chainId: 'XMR_REGTEST',
      value,
    });
    if (own && handedOut) {
      await em
        .getConnection()
        .execute('update wallets set next_index = ? where id = ?', [handedOut, wallet.id]);
      // A merchant's own wallet sees 200 subaddresses past the highest it has used or created, as the
      // gateway's view-only copy does; this one has handed out `handedOut` before, so it knows them.
      for (let highest = 0; highest < handedOut + 1; ) {
        highest = Math.max(
          ...(await own.rpc.createAddress(0, Math.min(64, handedOut + 1 - highest))).addressIndices,
        );
      }
    }
    const { key } = await newKey(s().test, { businessId: business.id, allowedTokens: ['XMR_REGTEST:XMR'] });
    const client = clientFor(s().test.baseUrl, key);
    const pay = async (fiat: string) => {
      const created = await createPaymentVia(client, { fiat_amount: fiat });
      const selected = await client.post(`/checkout/${created.id}/select-chain`, {
        token: 'XMR_REGTEST:XMR',
      });
      expect(selected.status, selected.text).toBe(200);
      return {
        id: created.id as string,
        address: selected.body.data.selected.address as string,
        amount: BigInt(selected.body.data.selected.crypto_amount),
      };
    };
    return { own, value, wallet, business, client, pay };
  }

  it("three merchants' wallets on a pool of two wallet RPCs (two share one), one far past the 200-subaddress lookahead: each payment gets its own money", async () => {
    const far = await otherMerchant('Far Monero Shop', 300);
    const near = await otherMerchant('Near Monero Shop');
    const theirs = await far.pay('10.00');
    const nearPayment = await near.pay('12.00');
    const ours = await s().newPayment();
    const theirTx = await s().node.send(theirs.address, theirs.amount);
    const nearTx = await s().node.send(nearPayment.address, nearPayment.amount);
    const ourTx = await s().node.send(ours.address, ours.amount);
    await s().sync();
    await s().node.mine(s().confirmations);
    await s().sync();
    for (const [client, id, tx] of [
      [far.client, theirs.id, theirTx],
      [near.client, nearPayment.id, nearTx],
    ] as const) {
      const read = (await client.get(`/payments/${id}`)).body.data;
      expect(read.status).toBe('confirmed');
      expect(read.transactions.map((t: { tx_id: string }) => t.tx_id)).toEqual([tx]);
    }
    const ourRead = await s().read(ours.id);
    expect(ourRead.status).toBe('confirmed');
    expect(ourRead.transactions.map((t: { tx_id: string }) => t.tx_id)).toEqual([ourTx]);
    // The far merchant's own wallet holds their payment, on subaddress 0/301.
    await far.own!.rpc.refresh();
    const received = await far.own!.rpc.getTransfers({ in: true, accountIndex: 0 });
    expect(received.in).toEqual([
      expect.objectContaining({
        txid: theirTx,
        amount: theirs.amount,
        subaddrIndex: { major: 0, minor: 301 },
      }),
    ]);
    // Three view-only wallets in the pool's one directory: one per merchant wallet.
    expect(readdirSync(s().node.gatewayWalletDir).filter((f) => f.endsWith('.keys'))).toHaveLength(3);
    await far.own!.stop();
  }, 120_000);

  it('view-only wallets are opened beside the polls: a poll reports a wallet being opened as unread and a later one reads it; an unchanged chain asks no wallet RPC', async () => {
    const merchants = [await otherMerchant('Opening Shop A'), await otherMerchant('Opening Shop B')];
    const chain = getChain('XMR_REGTEST')!;
    const targets = merchants.map(({ value }) => {
      const { address, matchKey } = createMoneroAdapter().deriveDepositTarget({
        chain,
        wallet: value,
        index: 0,
        paymentId: '',
      });
      return { address, matchKey: matchKey ?? address, wallet: { value, index: 0 } };
    });
    const pool = [await s().node.startWalletRpc(), await s().node.startWalletRpc()];
    const logged: string[] = [];
    const observer = createMoneroObserver({
      chainId: 'XMR_REGTEST',
      daemonUrl: s().node.daemonUrl,
      walletRpcUrls: pool.map((p) => p.url),
      log: {
        warn: (_fields, message) => logged.push(message),
        info: (_fields, message) => logged.push(message),
      },
    });
    const txid = await s().node.send(targets[1]!.address, 1_000_000_000n);
    // The first poll finds neither wallet open: it starts opening both and returns without them.
    const first = await observer.targetActivity(targets);
    expect(new Set(first.unread)).toEqual(new Set(targets.map((t) => t.matchKey)));
    expect(first.activity).toEqual([]);
    expect(logged).toEqual([expect.stringMatching(/view-only wallets being opened/)]);
    let read = first;
    for (let polls = 0; read.unread.length > 0; polls += 1) {
      expect(polls, 'the wallets were not opened within 60 s').toBeLessThan(1200);
      await new Promise((r) => setTimeout(r, 50));
      read = await observer.targetActivity(targets);
    }
    expect(read.activity).toEqual([
      expect.objectContaining({ txid, matchKey: targets[1]!.matchKey, amount: 1_000_000_000n, block: null }),
    ]);
    // Nothing changed on the chain: the readings are reused, no wallet RPC is asked.
    await Promise.all(pool.map((p) => p.stop()));
    expect(await observer.targetActivity(targets)).toEqual(read);
  }, 120_000);

  it("a removed merchant wallet's view-only wallet is closed and its files deleted once none of its payments is watched", async () => {
    const gone = await otherMerchant('Closing Monero Shop');
    const payment = await gone.pay('10.00');
    await s().node.send(payment.address, payment.amount);
    await s().sync();
    await s().node.mine(s().confirmations);
    await s().sync();
    expect((await gone.client.get(`/payments/${payment.id}`)).body.data.status).toBe('confirmed');
    const file = moneroWalletFileOf('XMR_REGTEST', gone.value);
    const filesOf = () => readdirSync(s().node.gatewayWalletDir).filter((f) => f.startsWith(file));
    expect(filesOf()).toEqual(expect.arrayContaining([file, `${file}.keys`]));
    const { gateway } = s().test.running;
    await gateway.orm.em
      .fork()
      .transactional((em) =>
        removeWallet(em, gateway.clock, { businessId: gone.business.id, walletId: gone.wallet.id }),
      );
    // Its confirmed payment is still watched (late money, a reorg) until a day after its late grace.
    await s().sync();
    expect(filesOf()).toEqual(expect.arrayContaining([file, `${file}.keys`]));
    await s().advance(8 * 24 * 3600_000);
    await s().sync();
    expect(filesOf()).toEqual([]);
    // The scenario's own merchant is still watched through the pool.
    const ours = await s().newPayment();
    await s().node.send(ours.address, ours.amount);
    await s().sync();
    expect(await s().statusOf(ours.id)).toBe('payment_detected');
  }, 120_000);

  // Last in the file: it opens wallets in the gateway's wallet RPC behind the watcher's back.
  it("the gateway's view-only wallet files are sealed with a password derived from the master key; one made without is sealed when first opened", async () => {
    const { gateway } = s().test.running;
    const rpc = s().node.gatewayWallets.rpc;
    const secret = moneroWalletSecret(gateway.config);
    const em = gateway.orm.em.fork();
    // A merchant wallet whose view-only file an older gateway made, without a password.
    const other = await s().node.startWalletRpc();
    await other.rpc.createWallet({ filename: 'legacy-merchant' });
    const value = `${(await other.rpc.getAddress(0)).address}:${await other.rpc.queryKey('view_key')}`;
    const legacyFile = moneroWalletFileOf('XMR_REGTEST', value);
    const [address, viewKey] = value.split(':') as [string, string];
    await rpc.generateFromKeys({ filename: legacyFile, address, viewKey, restoreHeight: 0 });
    // That gateway has stopped: the file is closed (an open wallet's files are locked to its process).
    await rpc.closeWallet();
    const user = await createUser(em, gateway.clock, { email: `xmr-${p8()}@shop.test`, verified: true });
    const business = await createBusiness(em, gateway.clock, {
      userId: user.id,
      name: 'Legacy Monero Shop',
      grants: { testUsd: '100', liveUsd: '0' },
    });
    await addWallet(em, gateway.clock, gateway.chains, {
      businessId: business.id,
      chainId: 'XMR_REGTEST',
      value,
    });
    const { key } = await newKey(s().test, { businessId: business.id, allowedTokens: ['XMR_REGTEST:XMR'] });
    const client = clientFor(s().test.baseUrl, key);
    const created = await createPaymentVia(client, { fiat_amount: '10.00' });
    const selected = await client.post(`/checkout/${created.id}/select-chain`, { token: 'XMR_REGTEST:XMR' });
    expect(selected.status, selected.text).toBe(200);
    await s().node.send(
      selected.body.data.selected.address,
      BigInt(selected.body.data.selected.crypto_amount),
    );
    await s().sync();
    expect((await client.get(`/payments/${created.id}`)).body.data.status).toBe('payment_detected');
    // And a payment of the scenario's own merchant, whose file this gateway made.
    const ours = await s().newPayment();
    await s().node.send(ours.address, ours.amount);
    await s().sync();
    expect(await s().statusOf(ours.id)).toBe('payment_detected');

    const ourFile = moneroWalletFileOf(
      'XMR_REGTEST',
      `${s().node.merchantAddress}:${s().node.merchantViewKey}`,
    );
    // The pool's wallet RPCs close what they have open, so the files are free to try (the watcher,
    // stepped by sync(), does not poll meanwhile).
    for (const process of s().node.gatewayPool) await process.rpc.closeWallet().catch(() => undefined);
    for (const file of [legacyFile, ourFile]) {
      await expect(rpc.openWallet({ filename: file, password: '' })).rejects.toThrow(/Failed to open wallet/);
      await expect(rpc.openWallet({ filename: file, password: 'not-it' })).rejects.toThrow(
        /Failed to open wallet/,
      );
      await rpc.openWallet({ filename: file, password: moneroWalletPasswordOf(secret, file) });
    }
    await other.stop();
  }, 120_000);
});

const p8 = () => Math.random().toString(16).slice(2, 10);
