import { getChain } from '@cairn/contract';
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHorizon, startFakeHorizon } from '../test/startFakeHorizon.js';
import { checkUsdcTrustline } from './checkUsdcTrustline.js';
import { muxedAddressOf } from './muxedAccounts.js';
import { STELLAR_USDC_ISSUERS } from './stellarUsdc.js';

let horizon: FakeHorizon;
const account = (n: number) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, n)).publicKey();

beforeAll(async () => {
  horizon = await startFakeHorizon({ network: 'public' });
});
afterAll(async () => {
  await horizon.stop();
});

describe('checkUsdcTrustline', () => {
  it('reports a missing account', async () => {
    const status = await checkUsdcTrustline(horizon.url, account(20), 'XLM');
    expect(status).toMatchObject({
      accountExists: false,
      hasTrustline: false,
      issuer: STELLAR_USDC_ISSUERS.public,
    });
    expect(status.message).toMatch(/does not exist/);
  });

  it('reports an account without a USDC trustline, or with one to another issuer', async () => {
    horizon.setAccount(account(21), { xlm: '50' });
    horizon.setAccount(account(22), { trustlines: [{ code: 'USDC', issuer: account(99), balance: '5' }] });
    for (const n of [21, 22]) {
      const status = await checkUsdcTrustline(horizon.url, account(n), getChain('XLM')!);
      expect(status).toMatchObject({ accountExists: true, hasTrustline: false });
      expect(status.message).toContain(STELLAR_USDC_ISSUERS.public);
    }
  });

  it('finds the Circle USDC trustline with its balance and limit', async () => {
    horizon.setAccount(account(23), {
      trustlines: [
        { code: 'USDC', issuer: STELLAR_USDC_ISSUERS.public, balance: '12.3456789', limit: '1000' },
      ],
    });
    expect(await checkUsdcTrustline(horizon.url, account(23), 'XLM')).toMatchObject({
      accountExists: true,
      hasTrustline: true,
      balance: 123_456_789n,
      limit: 10_000_000_000n,
      authorized: true,
    });
  });

  it('checks the testnet issuer on XLM_TESTNET', async () => {
    horizon.setAccount(account(24), { trustlines: [{ code: 'USDC', issuer: STELLAR_USDC_ISSUERS.public }] });
    expect((await checkUsdcTrustline(horizon.url, account(24), 'XLM_TESTNET')).hasTrustline).toBe(false);
    horizon.setAccount(account(25), { trustlines: [{ code: 'USDC', issuer: STELLAR_USDC_ISSUERS.testnet }] });
    expect((await checkUsdcTrustline(horizon.url, account(25), 'XLM_TESTNET')).hasTrustline).toBe(true);
  });

  it('throws on an unknown chain or an unreachable Horizon', async () => {
    await expect(checkUsdcTrustline(horizon.url, account(23), 'BTC')).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    });
    await expect(
      checkUsdcTrustline(horizon.url, muxedAddressOf(account(23), 1n), 'XLM'),
    ).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    });
    await expect(checkUsdcTrustline('http://127.0.0.1:1', account(23), 'XLM')).rejects.toMatchObject({
      code: 'HORIZON_ERROR',
    });
  });
});
