import { moneroWalletFileOf, moneroWalletPasswordOf } from '@cairn/chain-monero';
import { describe, expect, it } from 'vitest';
import { moneroWalletSecret } from '../../../src/chains/watchers/moneroWalletSecret.js';
import { createUser } from '../../../src/domain/accounts/createUser.js';
import { createBusiness } from '../../../src/domain/businesses/createBusiness.js';
import { addWallet } from '../../../src/domain/wallets/addWallet.js';
import { clientFor, createPaymentVia, newKey } from '../../api/apiHelpers.js';
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
    // The same subaddress paid normally is seen at once: the watcher was looking.
    await s().node.send(p.address, p.amount);
    await s().sync();
    expect(await s().statusOf(p.id)).toBe('payment_detected');
  });

  // A second wallet RPC and 301 subaddresses: tens of seconds on a loaded machine.
  it("two merchants' wallets on one wallet RPC, one far past the 200-subaddress lookahead: each payment gets its own money", async () => {
    const { gateway } = s().test.running;
    const em = gateway.orm.em.fork();
    const other = await s().node.startWalletRpc();
    await other.rpc.createWallet({ filename: 'other-merchant' });
    const otherAddress = (await other.rpc.getAddress(0)).address;
    const otherViewKey = await other.rpc.queryKey('view_key');
    const user = await createUser(em, gateway.clock, { email: `xmr-${p8()}@shop.test`, verified: true });
    const business = await createBusiness(em, gateway.clock, {
      userId: user.id,
      name: 'Other Monero Shop',
      grants: { testUsd: '100', liveUsd: '0' },
    });
    const { wallet } = await addWallet(em, gateway.clock, gateway.chains, {
      businessId: business.id,
      chainId: 'XMR_REGTEST',
      value: `${otherAddress}:${otherViewKey}`,
    });
    // This wallet has handed out 300 subaddresses before: the next payment's is 0/301.
    await em.getConnection().execute('update wallets set next_index = 300 where id = ?', [wallet.id]);
    const { key } = await newKey(s().test, { businessId: business.id, allowedTokens: ['XMR_REGTEST:XMR'] });
    const otherClient = clientFor(s().test.baseUrl, key);
    const created = await createPaymentVia(otherClient, { fiat_amount: '10.00' });
    const selected = await otherClient.post(`/checkout/${created.id}/select-chain`, {
      token: 'XMR_REGTEST:XMR',
    });
    expect(selected.status, selected.text).toBe(200);
    const theirs = {
      id: created.id,
      address: selected.body.data.selected.address as string,
      amount: BigInt(selected.body.data.selected.crypto_amount),
    };
    // A merchant's own wallet sees 200 subaddresses past the highest it has used or created, as the
    // gateway's view-only copy does; this one has handed out 300 before, so it knows them.
    for (let highest = 0; highest < 301; ) {
      highest = Math.max(...(await other.rpc.createAddress(0, Math.min(64, 301 - highest))).addressIndices);
    }
    const ours = await s().newPayment();
    const theirTx = await s().node.send(theirs.address, theirs.amount);
    const ourTx = await s().node.send(ours.address, ours.amount);
    await s().sync();
    await s().node.mine(s().confirmations);
    await s().sync();
    const theirRead = (await otherClient.get(`/payments/${theirs.id}`)).body.data;
    expect(theirRead.status).toBe('confirmed');
    expect(theirRead.transactions.map((t: { tx_id: string }) => t.tx_id)).toEqual([theirTx]);
    const ourRead = await s().read(ours.id);
    expect(ourRead.status).toBe('confirmed');
    expect(ourRead.transactions.map((t: { tx_id: string }) => t.tx_id)).toEqual([ourTx]);
    // The other merchant's own wallet holds their payment, on subaddress 0/301.
    await other.rpc.refresh();
    const received = await other.rpc.getTransfers({ in: true, accountIndex: 0 });
    expect(received.in).toEqual([
      expect.objectContaining({
        txid: theirTx,
        amount: theirs.amount,
        subaddrIndex: { major: 0, minor: 301 },
      }),
    ]);
    await other.stop();
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
