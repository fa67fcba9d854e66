import { randomBytes, randomUUID } from 'node:crypto';
import {
  createTronGasWallet,
  TRON_SALT_CHAIN_IDS,
  tronAddressFromHex,
  tronForwarderFor,
  tronSweepCalldata,
} from '@cairn/chain-tron';
import { getChain } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwarderSettler } from '../../../src/chains/settlement/ForwarderSettler.js';
import { gatewayEvmFacts } from '../../../src/chains/settlement/gatewayEvmFacts.js';
import { readSettlementStatus } from '../../../src/chains/settlement/readSettlementStatus.js';
import {
  type ForwarderSettlers,
  startForwarderSettlers,
} from '../../../src/chains/settlement/startForwarderSettlers.js';
import { TRON_PROBE_PAYMENT_ID, tronSettlerFor } from '../../../src/chains/settlement/tronSettlerFor.js';
import { createUser } from '../../../src/domain/accounts/createUser.js';
import { createBusiness } from '../../../src/domain/businesses/createBusiness.js';
import { addWallet } from '../../../src/domain/wallets/addWallet.js';
import { createPaymentVia, sql } from '../../api/apiHelpers.js';
import { eventNamesFor } from '../eventsFor.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { type TronNile, tronNile } from './tronNile.js';

// Onboarding and sweeps on TRON_NILE with the operator's gas wallet, against the fake full node: the
// gas wallet's transactions are real (built, simulated, signed by tronweb, checked by the node), the
// contracts' effects are the fake node's model of the TRON factory and forwarder (no TVM runs here).

const GAS_KEY = `0x${'5a'.repeat(32)}`;
const GAS_FUNDS = 100_000_000_000n; // 100,000 TRX
/** TronGrid's API key header, configured with CAIRN_CHAIN_TRON_NILE_RPC_HEADERS. */
const API_KEY = 'tron-pro-api-key-of-the-test';
const CONFIRMED = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];

describe('TRON onboarding and sweeps (fake full node)', () => {
  let s: ChainScenario<TronNile>;
  let settlers: ForwarderSettlers;
  let settler: ForwarderSettler;
  let gasWallet: string;
  beforeAll(async () => {
    const chain = tronNile('TRX');
    s = await startScenario(
      {
        ...chain,
        env: async (node, confirmations) => ({
          ...(await chain.env(node, confirmations)),
          CAIRN_CHAIN_TRON_NILE_GAS_WALLET_KEY: GAS_KEY,
          CAIRN_CHAIN_TRON_NILE_RPC_HEADERS: JSON.stringify({ 'TRON-PRO-API-KEY': API_KEY }),
        }),
      },
      { confirmations: 2 },
    );
    gasWallet = createTronGasWallet({
      chainId: 'TRON_NILE',
      url: s.node.tron.url,
      privateKey: GAS_KEY,
    }).address;
    s.node.tron.fund(gasWallet, GAS_FUNDS);
    // Receipts count once solidified: every block here is solidified at once unless a test says not.
    s.node.tron.setSolidityLag(0);
    // The scenario marks the wallet onboarded; here the settler does it for real.
    await sql(s.test, `update wallets set onboarding_status = 'pending' where chain_id = 'TRON_NILE'`);
    const { gateway } = s.test.running;
    settlers = startForwarderSettlers(gateway, {
      databaseUrl: s.test.running.databaseUrl,
      facts: gatewayEvmFacts(gateway),
      autoStart: false,
    });
    settler = settlers.settlers.find((x) => x.chainId === 'TRON_NILE')!;
  }, 120_000);
  afterAll(async () => {
    await settlers?.stop();
    await s?.stop();
  });

  const wallet = async () =>
    (
      await sql<{
        id: string;
        onboarding_status: string;
        onboarding_address: string;
        onboarding_tx: string | null;
        onboarding_probe_tx: string | null;
        onboarding_error: string | null;
      }>(
        s.test,
        `select id, onboarding_status, onboarding_address, onboarding_tx, onboarding_probe_tx, onboarding_error
           from wallets where chain_id = 'TRON_NILE' and business_id = ? and removed_at is null`,
        [s.test.businessId],
      )
    )[0]!;
  const probeAddress = () =>
    tronForwarderFor({
      deployer: s.node.tron.deployer,
      treasury: s.node.treasury,
      saltChainId: TRON_SALT_CHAIN_IDS.TRON_NILE,
      paymentId: TRON_PROBE_PAYMENT_ID,
    }).address;
  const sweepsOf = (paymentId: string) =>
    sql<{
      status: string;
      tx_hash: string;
      nonce: number | null;
      gas_used: string;
      fee: string;
      error: string | null;
    }>(
      s.test,
      `select status, tx_hash, nonce, gas_used, fee, error from evm_sweeps where ? = any(payment_ids) order by created_at`,
      [paymentId],
    );
  /** A USDT or TRX payment paid in full and confirmed (2 blocks). */
  const confirmedPayment = async (coin: 'TRX' | 'USDT') => {
    const p =
      coin === 'TRX'
        ? await s.newPayment()
        : await (async () => {
            const created = await createPaymentVia(s.client, {
              fiat_amount: '25.00',
              order_id: randomBytes(4).toString('hex'),
            });
            const selected = await s.client.post(`/checkout/${created.id}/select-chain`, {
              token: 'TRON_NILE:USDT',
            });
            expect(selected.status, selected.text).toBe(200);
            const option = selected.body.data.selected;
            return {
              id: created.id,
              address: option.address,
              memo: '',
              amount: BigInt(option.crypto_amount),
            };
          })();
    s.node.tron.pay({ address: p.address, amount: p.amount, coin });
    s.node.tron.closeBlocks(2);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    return p;
  };

  it('onboarding deploys the factory, then a probe forwarder where the offline formula says, then activates', async () => {
    expect(await settler.settleOnce()).toMatchObject({ active: true, activated: 0 });
    const sent = await wallet();
    expect(sent).toMatchObject({ onboarding_status: 'pending', onboarding_probe_tx: null });
    expect(sent.onboarding_tx).toMatch(/^[0-9a-f]{64}$/);
    expect(s.node.tron.hasCode(sent.onboarding_address)).toBe(false);
    s.node.tron.closeBlocks(1);
    expect(s.node.tron.hasCode(sent.onboarding_address)).toBe(true);

    // The factory is there and computes the offline addresses: the probe goes out.
    expect(await settler.settleOnce()).toMatchObject({ activated: 0 });
    const probing = await wallet();
    expect(probing.onboarding_status).toBe('pending');
    expect(probing.onboarding_probe_tx).toMatch(/^[0-9a-f]{64}$/);
    expect(s.node.tron.hasCode(probeAddress())).toBe(false);
    s.node.tron.closeBlocks(1);
    expect(s.node.tron.hasCode(probeAddress())).toBe(true);

    expect(await settler.settleOnce()).toMatchObject({ activated: 1 });
    expect(await wallet()).toMatchObject({ onboarding_status: 'active', onboarding_error: null });
    expect(settler.status()).toMatchObject({ gasWallet, gasLow: false, walletsPending: 0 });
  });

  it('a confirmed TRX payment and a USDT payment are swept to the treasury in one transaction, its cost recorded', async () => {
    const nile = s.node.tron;
    const before = {
      TRX: nile.balanceOf(s.node.treasury),
      USDT: nile.balanceOf(s.node.treasury, nile.usdtContract),
    };
    const gasBefore = nile.balanceOf(gasWallet);
    const trx = await confirmedPayment('TRX');
    const usdt = await confirmedPayment('USDT');
    expect(nile.balanceOf(trx.address)).toBe(trx.amount);
    expect(await settler.settleOnce()).toMatchObject({ sent: 1, errors: 0 });
    nile.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(nile.balanceOf(s.node.treasury)).toBe(before.TRX + trx.amount);
    expect(nile.balanceOf(s.node.treasury, nile.usdtContract)).toBe(before.USDT + usdt.amount);
    expect(nile.balanceOf(trx.address)).toBe(0n);
    expect(nile.balanceOf(usdt.address, nile.usdtContract)).toBe(0n);
    const [sweep] = await sweepsOf(trx.id);
    expect(sweep).toMatchObject({ status: 'confirmed', nonce: null, error: null });
    expect(await sweepsOf(usdt.id)).toEqual([sweep]);
    // The fee recorded is the TRX the gas wallet burnt for the sweep's energy and bandwidth.
    expect(BigInt(sweep!.fee)).toBe(gasBefore - nile.balanceOf(gasWallet));
    expect(BigInt(sweep!.gas_used)).toBeGreaterThan(0n);
    expect(await settler.settleOnce()).toMatchObject({ sent: 0, confirmed: 0 });
    expect(await eventNamesFor(s.test, trx.id)).toEqual(CONFIRMED);
  });

  it("TRX sent to a USDT payment's forwarder (stray funds) is swept to the treasury with the payment's USDT, again after a revert", async () => {
    const nile = s.node.tron;
    const before = {
      TRX: nile.balanceOf(s.node.treasury),
      USDT: nile.balanceOf(s.node.treasury, nile.usdtContract),
    };
    const usdt = await confirmedPayment('USDT');
    nile.payTrx({ to: usdt.address, amountSun: 7_000_000n });
    nile.closeBlocks(2);
    await s.sync();
    const strays = () =>
      sql<{ id: string; coin_symbol: string; sweep_id: string | null }>(
        s.test,
        `select id, coin_symbol, sweep_id from stray_funds where payment_id = ?`,
        [usdt.id],
      );
    expect(await strays()).toEqual([expect.objectContaining({ coin_symbol: 'TRX', sweep_id: null })]);
    // The first sweep reverts: both coins are due again and go out in the next one.
    nile.revertNext();
    expect(await settler.settleOnce()).toMatchObject({ sent: 1, errors: 0 });
    nile.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ failed: 1, sent: 1 });
    nile.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(nile.balanceOf(s.node.treasury)).toBe(before.TRX + 7_000_000n);
    expect(nile.balanceOf(s.node.treasury, nile.usdtContract)).toBe(before.USDT + usdt.amount);
    expect(nile.balanceOf(usdt.address)).toBe(0n);
    expect(nile.balanceOf(usdt.address, nile.usdtContract)).toBe(0n);
    const [sweep] = await sql<{ id: string; status: string; payment_ids: string[]; tokens: string[] }>(
      s.test,
      `select id, status, payment_ids, tokens from evm_sweeps where ? = any(payment_ids) and status = 'confirmed'`,
      [usdt.id],
    );
    expect(sweep).toMatchObject({ status: 'confirmed', payment_ids: [usdt.id, usdt.id] });
    expect([...sweep!.tokens].sort()).toEqual([nile.usdtContract, 'native'].sort());
    expect(await strays()).toEqual([expect.objectContaining({ coin_symbol: 'TRX', sweep_id: sweep!.id })]);
    expect(await settler.settleOnce()).toMatchObject({ sent: 0, confirmed: 0 });
    expect(await eventNamesFor(s.test, usdt.id)).toEqual(CONFIRMED);
  });

  it('a sweep that reverts is recorded and its funds swept again; the payment never changes', async () => {
    const p = await confirmedPayment('TRX');
    s.node.tron.revertNext();
    expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ failed: 1, sent: 1 });
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1 });
    expect((await sweepsOf(p.id)).map((x) => [x.status, x.error])).toEqual([
      ['failed', 'reverted'],
      ['confirmed', null],
    ]);
    expect(s.node.tron.balanceOf(p.address)).toBe(0n);
    expect(await eventNamesFor(s.test, p.id)).toEqual(CONFIRMED);
  });

  it('after three sweeps of a payment reverted on chain, it is no longer swept (each one burnt fees) and stays due', async () => {
    const p = await confirmedPayment('TRX');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      s.node.tron.revertNext();
      expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
      s.node.tron.closeBlocks(1);
    }
    expect(await settler.settleOnce()).toMatchObject({ failed: 1, sent: 0 });
    expect((await sweepsOf(p.id)).map((x) => x.error)).toEqual(['reverted', 'reverted', 'reverted']);
    expect(settler.status().sweepsDue).toBeGreaterThanOrEqual(1);
    expect(s.node.tron.balanceOf(p.address)).toBe(p.amount);
    expect(await s.statusOf(p.id)).toBe('confirmed');
    // The operator sweeps it by hand (or clears the failed rows once the cause is fixed).
    await sql(s.test, `delete from evm_sweeps where ? = any(payment_ids)`, [p.id]);
    expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1 });
  });

  it('a sweep the node refuses when sent again before it expired is kept, and lands once it is taken', async () => {
    const p = await confirmedPayment('TRX');
    expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
    expect(s.node.tron.dropPending()).toHaveLength(1);
    const balance = s.node.tron.balanceOf(gasWallet);
    s.node.tron.fund(gasWallet, -balance);
    try {
      await s.advance(2 * 60_000);
      await s.sync();
      // Sent again and refused (the gas wallet cannot pay now): the network may still hold it.
      expect(await settler.settleOnce()).toMatchObject({ failed: 0, sent: 0 });
      expect((await sweepsOf(p.id)).map((x) => x.status)).toEqual(['sent']);
    } finally {
      s.node.tron.fund(gasWallet, balance);
    }
    await s.advance(2 * 60_000);
    await s.sync();
    expect(await settler.settleOnce()).toMatchObject({ failed: 0, sent: 0 });
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1 });
    expect((await sweepsOf(p.id)).map((x) => x.status)).toEqual(['confirmed']);
    expect(s.node.tron.balanceOf(p.address)).toBe(0n);
  });

  it('a sweep the network never included expires, is dropped when sent again, and is swept anew', async () => {
    const p = await confirmedPayment('TRX');
    expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
    expect(s.node.tron.dropPending()).toHaveLength(1);
    // Past its expiration (10 minutes after its reference block) no node takes it again.
    s.node.tron.closeBlocks(250);
    await s.advance(12 * 60_000);
    await s.sync();
    expect(await settler.settleOnce()).toMatchObject({ failed: 1, sent: 1 });
    const [dropped] = await sweepsOf(p.id);
    expect(dropped).toMatchObject({ status: 'failed' });
    expect(dropped!.error).toMatch(/^sent again and refused: .*TRANSACTION_EXPIRATION_ERROR/);
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1 });
    expect(s.node.tron.balanceOf(p.address)).toBe(0n);
  });

  it('a gas wallet that cannot pay leaves funds due and statuses alone; chains:status warns in sun', async () => {
    const p = await confirmedPayment('TRX');
    const { gateway } = s.test.running;
    const status = () =>
      readSettlementStatus(gateway.orm, gateway.config, gatewayEvmFacts(gateway), 'TRON_NILE');
    const balance = s.node.tron.balanceOf(gasWallet);
    expect(await status()).toMatchObject({
      gas_wallet: gasWallet,
      gas_balance_wei: balance.toString(),
      gas_warning: null,
      sweeps_due: 1,
    });
    s.node.tron.fund(gasWallet, 1n - balance);
    try {
      expect(await settler.settleOnce()).toMatchObject({ sent: 0, errors: 1 });
      expect(settler.status()).toMatchObject({ gasLow: true });
      expect(settler.status().lastError).toMatch(/TRON_NILE/);
      expect(await s.statusOf(p.id)).toBe('confirmed');
      expect(await status()).toMatchObject({
        gas_balance_wei: '1',
        gas_warning: expect.stringMatching(/runs low/),
      });
    } finally {
      s.node.tron.fund(gasWallet, balance - 1n);
    }
    expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1 });
    expect(s.node.tron.balanceOf(p.address)).toBe(0n);
  });

  /** Another business's TRON_NILE wallet (a fresh treasury), pending onboarding. */
  const anotherWallet = async () => {
    const { gateway } = s.test.running;
    const em = gateway.orm.em.fork();
    const user = await createUser(em, gateway.clock, {
      email: `tron-${randomUUID()}@cairn.local`,
      verified: true,
    });
    const business = await createBusiness(em, gateway.clock, {
      userId: user.id,
      name: 'Another shop',
      grants: { testUsd: '10', liveUsd: '0' },
    });
    const treasury = tronAddressFromHex(`41${randomBytes(20).toString('hex')}`);
    const added = await addWallet(em, gateway.clock, gateway.chains, {
      businessId: business.id,
      chainId: 'TRON_NILE',
      value: treasury,
    });
    expect(added.wallet.onboardingStatus).toBe('pending');
    const row = async () =>
      (
        await sql<{
          onboarding_status: string;
          onboarding_address: string;
          onboarding_probe_tx: string | null;
          onboarding_error: string | null;
        }>(
          s.test,
          'select onboarding_status, onboarding_address, onboarding_probe_tx, onboarding_error from wallets where id = ?',
          [added.wallet.id],
        )
      )[0]!;
    return { treasury, row };
  };

  it('a factory that computes other forwarder addresses than the offline formula is refused: no probe, never active', async () => {
    const other = await anotherWallet();
    await settler.settleOnce();
    s.node.tron.closeBlocks(1);
    const { onboarding_address: factory } = await other.row();
    expect(s.node.tron.hasCode(factory)).toBe(true);
    s.node.tron.factoryComputesWrongAddress(factory);
    await settler.settleOnce();
    const refused = await other.row();
    expect(refused).toMatchObject({ onboarding_status: 'failed', onboarding_probe_tx: null });
    expect(refused.onboarding_error).toMatch(
      new RegExp(
        `^the factory ${factory} computes forwarder addresses other than Cairn's .*: no deposit address of this wallet can be trusted`,
      ),
    );
    await settler.settleOnce();
    expect((await other.row()).onboarding_status).toBe('failed');
  });

  it("a probe that reverts leaves the wallet failed, and is not sent again at the gas wallet's cost", async () => {
    const other = await anotherWallet();
    await settler.settleOnce();
    s.node.tron.closeBlocks(1);
    await settler.settleOnce(); // the factory is there: the probe goes out
    const { onboarding_probe_tx: probe } = await other.row();
    expect(probe).toMatch(/^[0-9a-f]{64}$/);
    s.node.tron.revertNext();
    s.node.tron.closeBlocks(1);
    await settler.settleOnce();
    expect(await other.row()).toMatchObject({
      onboarding_status: 'failed',
      onboarding_probe_tx: probe,
      onboarding_error: `the probe forwarder deployment ${probe} reverted: not retried (remove the wallet, or ask the operator)`,
    });
    const gas = s.node.tron.balanceOf(gasWallet);
    await settler.settleOnce();
    s.node.tron.closeBlocks(1);
    expect(await other.row()).toMatchObject({ onboarding_status: 'failed', onboarding_probe_tx: probe });
    expect(s.node.tron.balanceOf(gasWallet)).toBe(gas);
  });

  it("a node error in the probe's simulation (OTHER_ERROR, answered once) is retried: the wallet still activates", async () => {
    const other = await anotherWallet();
    await settler.settleOnce();
    s.node.tron.closeBlocks(1);
    const { onboarding_address: factory } = await other.row();
    expect(s.node.tron.hasCode(factory)).toBe(true);
    // The probe's simulation (a sweep on its factory) fails on the node's side, once.
    const sweepSelector = tronSweepCalldata
      .sweep([{ salt: `0x${'00'.repeat(32)}`, token: null }])
      .slice(2, 10);
    s.node.tron.failNextConstantCall({
      when: (call) => call.contract === factory && call.data.startsWith(sweepSelector),
    });
    await settler.settleOnce();
    const retried = await other.row();
    expect(retried).toMatchObject({ onboarding_status: 'failed', onboarding_probe_tx: null });
    expect(retried.onboarding_error).toMatch(
      /^onboarding could not go on \(retried\): TRON_NILE: .*could not be simulated: OTHER_ERROR: .*CPU timeout/,
    );
    await settler.settleOnce(); // the probe goes out this time
    expect((await other.row()).onboarding_probe_tx).toMatch(/^[0-9a-f]{64}$/);
    s.node.tron.closeBlocks(1);
    await settler.settleOnce();
    expect(await other.row()).toMatchObject({ onboarding_status: 'active', onboarding_error: null });
  });

  it('a factory whose CREATE2 puts forwarders elsewhere: the probe would revert, the wallet fails for good, nothing spent, sweeps go on', async () => {
    const other = await anotherWallet();
    await settler.settleOnce();
    s.node.tron.closeBlocks(1);
    const { onboarding_address: factory } = await other.row();
    s.node.tron.create2LandsElsewhere(factory);
    const p = await confirmedPayment('TRX');
    const gas = s.node.tron.balanceOf(gasWallet);
    // The same round fails the wallet and still sweeps the other merchant's payment.
    expect(await settler.settleOnce()).toMatchObject({ activated: 0, sent: 1 });
    const failed = await other.row();
    expect(failed).toMatchObject({ onboarding_status: 'failed', onboarding_probe_tx: null });
    expect(failed.onboarding_error).toMatch(
      /^the probe forwarder deployment would revert \(.*DeployFailed.*\): not retried \(remove the wallet, or ask the operator\)$/,
    );
    s.node.tron.closeBlocks(1);
    expect(await settler.settleOnce()).toMatchObject({ confirmed: 1, sent: 0 });
    expect(s.node.tron.balanceOf(p.address)).toBe(0n);
    const sweepFee = BigInt((await sweepsOf(p.id))[0]!.fee);
    expect(s.node.tron.balanceOf(gasWallet)).toBe(gas - sweepFee);
    expect((await other.row()).onboarding_status).toBe('failed');
  });

  it('a sweep counts as confirmed only once its block is solidified', async () => {
    const p = await confirmedPayment('TRX');
    s.node.tron.setSolidityLag(19);
    try {
      expect(await settler.settleOnce()).toMatchObject({ sent: 1 });
      s.node.tron.closeBlocks(1);
      expect(s.node.tron.balanceOf(p.address)).toBe(0n); // swept in the latest block
      expect(await settler.settleOnce()).toMatchObject({ confirmed: 0 });
      s.node.tron.closeBlocks(18);
      expect(await settler.settleOnce()).toMatchObject({ confirmed: 0 });
      expect((await sweepsOf(p.id))[0]?.status).toBe('sent');
      s.node.tron.closeBlocks(1);
      expect(await settler.settleOnce()).toMatchObject({ confirmed: 1 });
      expect((await sweepsOf(p.id))[0]?.status).toBe('confirmed');
    } finally {
      s.node.tron.setSolidityLag(0);
    }
  });

  it('the fee-limit cap and the batch size are chain settings (MAX_FEE_LIMIT_SUN, SWEEP_BATCH)', async () => {
    const { gateway } = s.test.running;
    const settings = gateway.config.chains.TRON_NILE!;
    expect(settings).not.toHaveProperty('maxFeeLimitSun');
    const build = (extra: { maxFeeLimitSun?: bigint; sweepBatch?: number }) =>
      tronSettlerFor(
        gateway,
        getChain('TRON_NILE')!,
        { ...settings, backend: settings.backend!, deployer: settings.deployer!, ...extra },
        s.test.running.databaseUrl,
      );
    const first = await confirmedPayment('TRX');
    const second = await confirmedPayment('TRX');
    // The scenario's settler holds the chain's lock: these act once it is released.
    await settler.stop();
    const capped = build({ maxFeeLimitSun: 1_000_000n });
    try {
      expect(await capped.settleOnce()).toMatchObject({ active: true, sent: 0, errors: 1 });
      expect(capped.status().lastError).toMatch(
        /needs a fee limit of \d+ sun .*above the cap of 1000000 sun/,
      );
    } finally {
      await capped.stop();
    }
    expect(await sweepsOf(first.id)).toEqual([]);
    const single = build({ sweepBatch: 1 });
    try {
      expect(await single.settleOnce()).toMatchObject({ sent: 2, errors: 0 });
      s.node.tron.closeBlocks(1);
      expect(await single.settleOnce()).toMatchObject({ confirmed: 2 });
    } finally {
      await single.stop();
    }
    const [a] = await sweepsOf(first.id);
    const [b] = await sweepsOf(second.id);
    expect([a?.status, b?.status]).toEqual(['confirmed', 'confirmed']);
    expect(a?.tx_hash).not.toBe(b?.tx_hash);
  });

  it('a changed deployer setting fails the wallets whose factory it no longer gives', async () => {
    const { gateway } = s.test.running;
    const settings = gateway.config.chains.TRON_NILE!;
    const changed = tronSettlerFor(
      gateway,
      getChain('TRON_NILE')!,
      { ...settings, backend: settings.backend!, deployer: s.node.tron.payer },
      s.test.running.databaseUrl,
    );
    // The scenario's settler holds the chain's lock: this one acts once it is released.
    await settler.stop();
    try {
      expect(await changed.settleOnce()).toMatchObject({ active: true });
      const moved = await wallet();
      expect(moved.onboarding_status).toBe('failed');
      expect(moved.onboarding_error).toMatch(
        new RegExp(
          `^the factory of this wallet is ${moved.onboarding_address}, but its deposit addresses would now derive from T[1-9A-HJ-NP-Za-km-z]{33}: the chain's deployer setting changed`,
        ),
      );
      const after = await createPaymentVia(s.client, { fiat_amount: '5.00', order_id: 'after-change' });
      const select = await s.client.post(`/checkout/${after.id}/select-chain`, { token: 'TRON_NILE:TRX' });
      expect({ status: select.status, code: select.body.error?.code }).toEqual({
        status: 422,
        code: 'COIN_NOT_OFFERED',
      });
    } finally {
      await changed.stop();
    }
  });

  it('every request of the watcher, the settler and chains:status carried the configured API key', () => {
    const { requests, requestHeaders } = s.node.tron;
    for (const path of [
      '/wallet/getblockbynum',
      '/wallet/triggerconstantcontract',
      '/wallet/broadcasttransaction',
      '/walletsolidity/gettransactioninfobyid',
    ])
      expect(requests).toContain(path);
    expect(requestHeaders).toHaveLength(requests.length);
    expect(requestHeaders.filter((h) => h['tron-pro-api-key'] !== API_KEY)).toEqual([]);
  });
});
