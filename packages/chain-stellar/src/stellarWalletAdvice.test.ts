import type { ChainBackend } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHorizon, startFakeHorizon } from '../test/startFakeHorizon.js';
import { createStellarAdapter } from './createStellarAdapter.js';
import { STELLAR_USDC_ISSUERS } from './stellarUsdc.js';

const stellarAdapter = createStellarAdapter();

describe('stellarAdapter.walletAdvice (against the fake Horizon)', () => {
  let horizon: FakeHorizon;
  let backend: ChainBackend;
  const chain = getChain('XLM_TESTNET')!;
  beforeAll(async () => {
    horizon = await startFakeHorizon({ network: 'testnet' });
    backend = { kind: 'json-rpc', url: horizon.url };
  });
  afterAll(async () => {
    await horizon?.stop();
  });
  const advise = (wallet: string) => stellarAdapter.walletAdvice!({ chain, backend, wallet });

  it('an account that does not exist yet must be funded', async () => {
    const [advice, ...rest] = await advise(Keypair.random().publicKey());
    expect(rest).toEqual([]);
    expect(advice).toMatch(
      /^Account G[A-Z2-7]{55} does not exist on the Stellar testnet yet: fund it with XLM/,
    );
  });

  it('an account without a USDC trustline is told to add one (the chain offers USDC)', async () => {
    const account = Keypair.random().publicKey();
    horizon.setAccount(account, { xlm: '100.0000000' });
    const [advice] = await advise(account);
    expect(advice).toContain("has no trustline to Circle's USDC");
    // A trustline to another issuer's USDC is not Circle's.
    horizon.setAccount(account, {
      xlm: '100.0000000',
      trustlines: [{ code: 'USDC', issuer: Keypair.random().publicKey() }],
    });
    expect((await advise(account))[0]).toContain("has no trustline to Circle's USDC");
  });

  it("says nothing for an account with an authorized trustline to Circle's USDC", async () => {
    const account = Keypair.random().publicKey();
    horizon.setAccount(account, {
      xlm: '100.0000000',
      trustlines: [{ code: 'USDC', issuer: STELLAR_USDC_ISSUERS.testnet }],
    });
    expect(await advise(account)).toEqual([]);
  });
});
