import { randomBytes } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { Wallet } from '@cairn/chain-xrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { addWallet, WalletRejectedError } from '../../src/domain/wallets/addWallet.js';
import { removeWallet } from '../../src/domain/wallets/removeWallet.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

// Deposit targets are the wallet plus a per-wallet index (a UTXO address, an XRP destination tag, a
// Stellar memo): a wallet must never hand out an index it handed out before under another row.

describe('adding a wallet that was added before', () => {
  let test: TestGateway;
  beforeAll(async () => {
    test = await startTestGateway({
      env: { CAIRN_ENABLED_CHAINS: 'BTC,BTC_TESTNET,LTC_TESTNET,XRP_TESTNET' },
    });
  }, 60_000);
  afterAll(async () => {
    await test?.stop();
  });

  const add = (businessId: string, chainId: string, value: string) => {
    const { gateway } = test.running;
    return gateway.orm.em
      .fork()
      .transactional((em) => addWallet(em, gateway.clock, gateway.chains, { businessId, chainId, value }));
  };

  const otherBusiness = async () => {
    const { gateway } = test.running;
    const em = gateway.orm.em.fork();
    const user = await createUser(em, gateway.clock, {
      email: `w-${randomBytes(4).toString('hex')}@shop.test`,
      verified: true,
    });
    return createBusiness(em, gateway.clock, {
      userId: user.id,
      name: 'Other shop',
      grants: { testUsd: '10', liveUsd: '0' },
    });
  };

  it('is refused while another business uses it: their payments could not be told apart', async () => {
    const account = Wallet.generate().classicAddress;
    await add(test.businessId, 'XRP_TESTNET', account);
    const other = await otherBusiness();
    const refused = await add(other.id, 'XRP_TESTNET', account).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WalletRejectedError);
    expect(refused).toMatchObject({ code: 'WALLET_IN_USE' });
    // Another account is fine.
    await expect(add(other.id, 'XRP_TESTNET', Wallet.generate().classicAddress)).resolves.toBeDefined();
  });

  it('after a removal it continues the indexes it handed out, for the same business or another', async () => {
    const { gateway } = test.running;
    const xpub = deriveAccountXpub(randomBytes(64).toString('hex'), 'LTC_TESTNET', 'p2wpkh');
    const shop = await otherBusiness();
    const first = await add(shop.id, 'LTC_TESTNET', xpub);
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute('update wallets set next_index = 7 where id = ?', [first.wallet.id]);
    await gateway.orm.em
      .fork()
      .transactional((em) =>
        removeWallet(em, gateway.clock, { businessId: shop.id, walletId: first.wallet.id }),
      );
    const again = await add(shop.id, 'LTC_TESTNET', xpub);
    expect(again.wallet.nextIndex).toBe(7);
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute('update wallets set next_index = 9 where id = ?', [again.wallet.id]);
    await gateway.orm.em
      .fork()
      .transactional((em) =>
        removeWallet(em, gateway.clock, { businessId: shop.id, walletId: again.wallet.id }),
      );
    const other = await otherBusiness();
    expect((await add(other.id, 'LTC_TESTNET', xpub)).wallet.nextIndex).toBe(9);
    // A wallet never seen before starts at 0.
    const fresh = deriveAccountXpub(randomBytes(64).toString('hex'), 'LTC_TESTNET', 'p2wpkh');
    const other2 = await otherBusiness();
    expect((await add(other2.id, 'LTC_TESTNET', fresh)).wallet.nextIndex).toBe(0);
  });
});
