import { randomBytes, randomUUID } from 'node:crypto';
import { anvilAvailable } from '@cairn/anvil-node';
import { getChain } from '@cairn/contract';
import { factoryDeploymentData, forwarderAddressFor, forwarderSalt } from '@cairn/evm-contracts';
import type { Address, Hex } from 'viem';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForwarderSettler } from '../../src/chains/settlement/ForwarderSettler.js';
import { gatewayEvmFacts } from '../../src/chains/settlement/gatewayEvmFacts.js';
import { readSettlementStatus } from '../../src/chains/settlement/readSettlementStatus.js';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createApiKey } from '../../src/domain/apiKeys/createApiKey.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { addWallet } from '../../src/domain/wallets/addWallet.js';
import { clientFor, sql } from '../api/apiHelpers.js';
import { eventNamesFor } from '../chains/eventsFor.js';
import { pageText, signedInDashboard } from '../dashboard/strayFundsHelpers.js';
import { type EvmCoin, type EvmPayment, type EvmScenario, startEvmScenario } from './startEvmScenario.js';

// Sweeps on a real anvil: once a payment's funds are at the required depth, the gas wallet deploys
// its forwarder and flushes it to the merchant's treasury (several in one transaction); the treasury's
// balance proves it. A sweep that fails is recorded and retried, and never changes a payment's status.

const CONFIRMED = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];

describe.runIf(anvilAvailable('EVM sweeps'))('EVM sweeps on anvil', () => {
  let s: EvmScenario;
  beforeAll(async () => {
    s = await startEvmScenario({ confirmations: 2 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const confirmedPayment = async (coin: EvmCoin): Promise<EvmPayment> => {
    const p = await s.newPayment(coin);
    await s.pay(coin, p.address, p.amount);
    await s.mine(s.confirmations);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    return p;
  };
  const sweepsOf = (paymentId: string) =>
    sql<{
      id: string;
      status: string;
      tx_hash: Hex;
      gas_used: string | null;
      fee: string | null;
      payment_ids: string[];
    }>(
      s.test,
      'select id, status, tx_hash, gas_used, fee, payment_ids from evm_sweeps where ? = any(payment_ids) order by created_at',
      [paymentId],
    );
  const unswept = async (paymentId: string) =>
    (
      await sql<{ n: string }>(
        s.test,
        'select count(*) as n from transfers where payment_id = ? and sweep_id is null',
        [paymentId],
      )
    )[0]!.n;

  it("onboarding deployed the treasury's factory and activated the wallet", async () => {
    const [wallet] = await sql<{
      onboarding_status: string;
      onboarding_address: Address;
      onboarding_tx: Hex;
    }>(
      s.test,
      `select onboarding_status, onboarding_address, onboarding_tx from wallets where chain_id = 'ETH_LOCAL'`,
    );
    expect(wallet!.onboarding_status).toBe('active');
    expect(await s.chain.getCode({ address: wallet!.onboarding_address })).toMatch(/^0x[0-9a-f]{100,}/);
    const receipt = await s.chain.getTransactionReceipt({ hash: wallet!.onboarding_tx });
    expect(receipt.status).toBe('success');
  });

  it('a confirmed USDC payment is swept to the treasury, and only once', async () => {
    const before = await s.balanceOf(s.treasury, 'USDC');
    const p = await confirmedPayment('USDC');
    expect(await s.balanceOf(p.address, 'USDC')).toBe(p.amount);
    const round = await s.settler.settleOnce();
    expect(round).toMatchObject({ active: true, sent: 1 });
    expect(await s.balanceOf(s.treasury, 'USDC')).toBe(before + p.amount);
    expect(await s.balanceOf(p.address, 'USDC')).toBe(0n);
    expect(await s.settler.settleOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    const [sweep] = await sweepsOf(p.id);
    expect(sweep).toMatchObject({ status: 'confirmed' });
    expect(BigInt(sweep!.gas_used!)).toBeGreaterThan(50_000n);
    // Its cost is what the chain charged: gas used times the price paid for it.
    const mined = await s.chain.getTransactionReceipt({ hash: sweep!.tx_hash });
    expect(BigInt(sweep!.fee!)).toBe(mined.gasUsed * mined.effectiveGasPrice);
    expect(await unswept(p.id)).toBe('0');
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 0, confirmed: 0 });
    // The payment's status and webhooks are the lifecycle's alone.
    expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
    // The dashboard's payment page shows the sweep, and the transfer by its log (EVM's way).
    const dash = await signedInDashboard(s.test);
    const text = pageText((await dash.get(`/dashboard/payments/${p.id}`)).body);
    expect(text).toContain(
      `Swept to your treasury Transaction State When ${sweep!.tx_hash} In your treasury`,
    );
    const [transfer] = await sql<{ output_index: number }>(
      s.test,
      'select output_index from transfers where payment_id = ?',
      [p.id],
    );
    expect(text).toMatch(new RegExp(`0x[0-9a-f]{64} log ${transfer!.output_index} `));
    expect(text).not.toContain('output ');
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  });

  it('funds not yet at the required depth wait; several due payments go in one transaction', async () => {
    const shallow = await s.newPayment('ETH');
    await s.pay('ETH', shallow.address, shallow.amount);
    await s.sync();
    expect(await s.statusOf(shallow.id)).toBe('confirming');
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 0 });

    const before = {
      ETH: await s.balanceOf(s.treasury, 'ETH'),
      USDC: await s.balanceOf(s.treasury, 'USDC'),
      USDT: await s.balanceOf(s.treasury, 'USDT'),
    };
    const paid = [await confirmedPayment('USDC'), await confirmedPayment('USDT')];
    await s.mine(1);
    await s.sync();
    expect(await s.statusOf(shallow.id)).toBe('confirmed');
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 1 });
    const [sweep] = await sweepsOf(shallow.id);
    expect([...sweep!.payment_ids].sort()).toEqual([shallow.id, ...paid.map((p) => p.id)].sort());
    expect(await s.balanceOf(s.treasury, 'ETH')).toBe(before.ETH + shallow.amount);
    expect(await s.balanceOf(s.treasury, 'USDC')).toBe(before.USDC + paid[0]!.amount);
    expect(await s.balanceOf(s.treasury, 'USDT')).toBe(before.USDT + paid[1]!.amount);
  });

  it('a sweep that reverts is recorded, its funds swept again later, and the payment never changes', async () => {
    const p = await confirmedPayment('USDC');
    const [wallet] = await sql<{ onboarding_address: Address }>(
      s.test,
      `select onboarding_address from wallets where chain_id = 'ETH_LOCAL'`,
    );
    const factory = wallet!.onboarding_address;
    const code = await s.chain.getCode({ address: factory });
    await s.anvil.request('evm_setAutomine', [false]);
    try {
      expect(await s.settler.settleOnce()).toMatchObject({ sent: 1 });
      // Before it is mined, the factory's code is swapped for one that always reverts.
      await s.anvil.request('anvil_setCode', [factory, '0x60006000fd']);
      await s.anvil.mine(1);
    } finally {
      await s.anvil.request('evm_setAutomine', [true]);
    }
    // The factory still reverts: the reverted sweep is recorded, and the new one is not even sent.
    expect(await s.settler.settleOnce()).toMatchObject({ failed: 1, sent: 0, errors: 1 });
    expect((await sweepsOf(p.id)).map((row) => row.status)).toEqual(['failed']);
    expect(await unswept(p.id)).toBe('1');
    expect(await s.balanceOf(p.address, 'USDC')).toBe(p.amount);
    expect(await s.statusOf(p.id)).toBe('confirmed');

    await s.anvil.request('anvil_setCode', [factory, code]);
    const before = await s.balanceOf(s.treasury, 'USDC');
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 1 });
    expect(await s.balanceOf(s.treasury, 'USDC')).toBe(before + p.amount);
    await s.settler.settleOnce();
    expect((await sweepsOf(p.id)).map((row) => row.status)).toEqual(['failed', 'confirmed']);
    expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
  });

  it('a gas wallet that cannot pay leaves funds due and statuses alone; chains:status warns', async () => {
    const p = await confirmedPayment('ETH');
    const gasWallet = s.settler.status().gasWallet as Address;
    const balance = await s.chain.getBalance({ address: gasWallet });
    const facts = gatewayEvmFacts(s.test.running.gateway);
    const healthy = await readSettlementStatus(
      s.test.running.gateway.orm,
      s.test.running.gateway.config,
      facts,
      'ETH_LOCAL',
    );
    expect(healthy).toMatchObject({ gas_wallet: gasWallet, gas_warning: null, sweeps_due: 1 });
    await s.anvil.request('anvil_setBalance', [gasWallet, '0x1']);
    try {
      expect(await s.settler.settleOnce()).toMatchObject({ sent: 0, errors: 1 });
      expect(s.settler.status().lastError).toMatch(/ETH_LOCAL/);
      expect(await unswept(p.id)).toBe('1');
      expect(await s.statusOf(p.id)).toBe('confirmed');
      const low = await readSettlementStatus(
        s.test.running.gateway.orm,
        s.test.running.gateway.config,
        facts,
        'ETH_LOCAL',
      );
      expect(low.gas_balance_wei).toBe('1');
      expect(low.gas_warning).toMatch(/runs low/);
    } finally {
      await s.anvil.request('anvil_setBalance', [gasWallet, `0x${balance.toString(16)}`]);
    }
    expect(await s.settler.settleOnce()).toMatchObject({ sent: 1 });
    expect(await s.balanceOf(p.address, 'ETH')).toBe(0n);
  });

  it('onboarding without a gas wallet: failed with the reason, not offered, active once anybody deploys the factory', async () => {
    const { gateway } = s.test.running;
    const em = gateway.orm.em.fork();
    const user = await createUser(em, gateway.clock, {
      email: `evm-${randomUUID()}@cairn.local`,
      verified: true,
    });
    const business = await createBusiness(em, gateway.clock, {
      userId: user.id,
      name: 'Second shop',
      grants: { testUsd: '10', liveUsd: '0' },
    });
    const treasury = getAddress(`0x${randomBytes(20).toString('hex')}`);
    // Lower case in, EIP-55 out: the outcome the dashboard will show.
    const added = await addWallet(em, gateway.clock, gateway.chains, {
      businessId: business.id,
      chainId: 'ETH_LOCAL',
      value: treasury.toLowerCase(),
    });
    expect(added).toMatchObject({
      outcome: 'EIP-55 applied',
      wallet: { value: treasury, onboardingStatus: 'pending' },
    });
    const { key } = await createApiKey(em, gateway.clock, {
      businessId: business.id,
      mode: 'test',
      label: 'second',
    });
    const noGas = new ForwarderSettler({
      gateway,
      chain: getChain('ETH_LOCAL')!,
      salt: (paymentId) => forwarderSalt(31337, paymentId),
      hasCode: async (address) => ((await s.chain.getCode({ address: address as Address })) ?? '0x') !== '0x',
      tokenContract: () => s.tokens.USDC,
      databaseUrl: s.test.running.databaseUrl,
    });
    // The scenario's settler holds the chain's lock: this one acts once it is released.
    await s.settler.stop();
    try {
      // A wallet waiting for its owner's confirmation (a live one, as addWallet stores it) is not set
      // up on-chain: the settler does not even try (it would fail here, without a gas wallet).
      await sql(s.test, 'update wallets set confirmed_at = null, usable_from = null where id = ?', [
        added.wallet.id,
      ]);
      expect(await noGas.settleOnce()).toMatchObject({ active: true, activated: 0 });
      const [waiting] = await sql<{ onboarding_status: string }>(
        s.test,
        'select onboarding_status from wallets where id = ?',
        [added.wallet.id],
      );
      expect(waiting).toEqual({ onboarding_status: 'pending' });
      await sql(
        s.test,
        'update wallets set confirmed_at = created_at, usable_from = created_at where id = ?',
        [added.wallet.id],
      );
      expect(await noGas.settleOnce()).toMatchObject({ active: true, activated: 0 });
      const [pending] = await sql<{ onboarding_status: string; onboarding_error: string }>(
        s.test,
        'select onboarding_status, onboarding_error from wallets where id = ?',
        [added.wallet.id],
      );
      expect(pending).toEqual({
        onboarding_status: 'failed',
        onboarding_error:
          'no gas wallet is configured for ETH_LOCAL (set CAIRN_CHAIN_ETH_LOCAL_GAS_WALLET_KEY)',
      });
      const refused = await clientFor(s.test.baseUrl, key).post('/payments', {
        fiat_amount: '5.00',
        fiat_currency: 'USD',
      });
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('CHAIN_UNAVAILABLE');

      // Anybody may deploy the factory (it can only ever pay this treasury): then the wallet is active.
      const { to, data } = factoryDeploymentData(treasury);
      await s.chain.waitForTransactionReceipt({
        hash: await s.customer.sendTransaction({ account: s.customer.account, chain: null, to, data }),
        pollingInterval: 20,
      });
      expect(await noGas.settleOnce()).toMatchObject({ activated: 1 });
      const created = await clientFor(s.test.baseUrl, key).post('/payments', {
        fiat_amount: '5.00',
        fiat_currency: 'USD',
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.data.chain_options.map((o: { chain_id: string }) => o.chain_id)).toContain(
        'ETH_LOCAL',
      );
    } finally {
      await noGas.stop();
    }
  });

  it('the forwarder the gateway derived is the one the factory deploys', async () => {
    const p = await s.newPayment('USDC');
    expect(p.address).toBe(forwarderAddressFor({ treasury: s.treasury, chainId: 31337, paymentId: p.id }));
  });
});
