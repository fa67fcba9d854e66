import { ANVIL_ACCOUNTS, anvilAvailable } from '@cairn/anvil-node';
import { testStablecoin } from '@cairn/evm-contracts';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, sql } from '../api/apiHelpers.js';
import { eventNamesFor, eventsFor } from '../chains/eventsFor.js';
import { type EvmPayment, type EvmScenario, startEvmScenario } from './startEvmScenario.js';

// Gasless settlement (EIP-3009) on a real anvil: the checkout issues the typed data (valid in chain
// time), the customer signs it (viem with an anvil key, as a browser wallet would), the chain's
// settler relays it with the gas wallet; the three failure reasons (docs/lifecycle.md) each make the
// payment failed with payment.failed, and a signature that is not the payer's changes nothing.

/** A customer account with no USDC to start with. */
const PAYER = privateKeyToAccount(ANVIL_ACCOUNTS[3].privateKey);

describe.runIf(anvilAvailable('EVM gasless settlement'))('EVM gasless settlement on anvil', () => {
  let s: EvmScenario;
  beforeAll(async () => {
    s = await startEvmScenario({ confirmations: 2 });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const checkout = (p: EvmPayment, action: 'prepare' | 'submit', body: unknown) =>
    fetch(`${s.test.baseUrl}/checkout/${p.id}/gasless/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
  /** Prepares, signs with `signer` and submits; returns the typed data signed. */
  const signAndSubmit = async (p: EvmPayment, signer = PAYER) => {
    const prepared = await checkout(p, 'prepare', { from: signer.address });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const typed = prepared.body;
    const { EIP712Domain: _, ...types } = typed.types;
    const signature = await signer.signTypedData({
      domain: typed.domain,
      types,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...typed.message,
        value: BigInt(typed.message.value),
        validAfter: BigInt(typed.message.validAfter),
        validBefore: BigInt(typed.message.validBefore),
      },
    });
    const submitted = await checkout(p, 'submit', {
      from: signer.address,
      nonce: typed.message.nonce,
      signature,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return typed;
  };
  const mint = async (to: Hex, amount: bigint) => {
    await s.chain.waitForTransactionReceipt({
      hash: await s.customer.writeContract({
        account: s.customer.account,
        chain: null,
        address: s.tokens.USDC,
        abi: testStablecoin.abi,
        functionName: 'mint',
        args: [to, amount],
      }),
      pollingInterval: 20,
    });
  };
  const failureOf = async (id: string) =>
    (await eventsFor(s.test, id)).find((e) => e.event === 'payment.failed');

  it('signed, relayed, detected, confirmed; the gas wallet paid the fee; the treasury gets it after a sweep', async () => {
    const p = await s.newPayment('USDC');
    await mint(PAYER.address, p.amount);
    const typed = await signAndSubmit(p);
    expect(typed.domain).toMatchObject({
      name: 'USD Coin',
      version: '2',
      chainId: 31337,
      verifyingContract: s.tokens.USDC,
    });
    expect(typed.message).toMatchObject({ from: PAYER.address, to: p.address, value: p.amount.toString() });
    const payerEth = await s.balanceOf(PAYER.address, 'ETH');
    expect(await s.settler.settleOnce()).toMatchObject({ active: true });
    expect(await s.statusOf(p.id)).toBe('payment_detected');
    expect(await s.balanceOf(p.address, 'USDC')).toBe(p.amount);
    expect(await s.balanceOf(PAYER.address, 'ETH')).toBe(payerEth);
    await s.sync();
    const seen = await s.read(p.id);
    expect(seen.status).toBe('confirming');
    expect(seen.transactions).toHaveLength(1);
    expect(seen.transactions[0].output_index).toBeGreaterThanOrEqual(0);
    await s.mine(1);
    await s.sync();
    expect(await s.statusOf(p.id)).toBe('confirmed');
    expect(await eventNamesFor(s.test, p.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);
    const before = await s.balanceOf(s.treasury, 'USDC');
    await s.settler.settleOnce();
    expect(await s.balanceOf(s.treasury, 'USDC')).toBe(before + p.amount);
    const [row] = await sql<{ status: string }>(
      s.test,
      'select status from gasless_authorizations where payment_id = ?',
      [p.id],
    );
    expect(row!.status).toBe('settled');
  });

  it('insufficient_balance: aborted before broadcast, payment failed', async () => {
    const p = await s.newPayment('USDC');
    const poor = privateKeyToAccount(ANVIL_ACCOUNTS[4].privateKey);
    await signAndSubmit(p, poor);
    await s.settler.settleOnce();
    expect(await s.statusOf(p.id)).toBe('failed');
    expect((await failureOf(p.id))?.data.failure_reason).toBe('insufficient_balance');
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting', 'payment.failed']);
    // Terminal: the merchant cannot cancel it.
    const cancel = await clientFor(s.test.baseUrl, s.test.apiKey).delete(`/payments/${p.id}`);
    expect(cancel.status).toBe(409);
  });

  it('estimate_revert: an authorization expired in chain time is never broadcast, payment failed', async () => {
    const p = await s.newPayment('USDC');
    await mint(PAYER.address, p.amount);
    const typed = await signAndSubmit(p);
    // The chain's clock passes validBefore (the gateway's own clock does not move).
    const after = Number(typed.message.validBefore) - Number((await s.chain.getBlock()).timestamp) + 10;
    await s.anvil.request('evm_increaseTime', [after]);
    await s.mine(1);
    await s.settler.settleOnce();
    expect(await s.statusOf(p.id)).toBe('failed');
    expect((await failureOf(p.id))?.data.failure_reason).toBe('estimate_revert');
    expect(await s.balanceOf(p.address, 'USDC')).toBe(0n);
  });

  it('settlement_reverted: two authorizations overdrawing one balance relayed into one block, the second fails', async () => {
    const first = await s.newPayment('USDC');
    const second = await s.newPayment('USDC');
    // A fresh key holding no ETH at all: gasless, it needs none.
    const payer = privateKeyToAccount(generatePrivateKey());
    // Each is about 70% of the balance: alone each would pass, together they cannot.
    await mint(payer.address, (first.amount * 14n) / 10n);
    await signAndSubmit(first, payer);
    await signAndSubmit(second, payer);
    await s.anvil.request('evm_setAutomine', [false]);
    try {
      await s.settler.settleOnce();
      expect(await s.statusOf(first.id)).toBe('payment_detected');
      expect(await s.statusOf(second.id)).toBe('payment_detected');
      await s.mine(1);
    } finally {
      await s.anvil.request('evm_setAutomine', [true]);
    }
    await s.settler.settleOnce();
    expect(await s.statusOf(second.id)).toBe('failed');
    expect((await failureOf(second.id))?.data.failure_reason).toBe('settlement_reverted');
    expect(await eventNamesFor(s.test, second.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.failed',
    ]);
    await s.sync();
    expect(await s.statusOf(first.id)).toBe('confirming');
  });

  it("a signature that is not the payer's is refused (422) and changes nothing", async () => {
    const p = await s.newPayment('USDC');
    const prepared = await checkout(p, 'prepare', { from: PAYER.address });
    const other = privateKeyToAccount(ANVIL_ACCOUNTS[4].privateKey);
    const { EIP712Domain: _, ...types } = prepared.body.types;
    const signature = await other.signTypedData({
      domain: prepared.body.domain,
      types,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...prepared.body.message,
        value: BigInt(prepared.body.message.value),
        validAfter: BigInt(prepared.body.message.validAfter),
        validBefore: BigInt(prepared.body.message.validBefore),
      },
    });
    const refused = await checkout(p, 'submit', {
      from: PAYER.address,
      nonce: prepared.body.message.nonce,
      signature,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    await s.settler.settleOnce();
    expect(await s.statusOf(p.id)).toBe('awaiting_payment');
  });

  it('validity comes from block.timestamp, not the wall clock', async () => {
    await s.anvil.request('evm_increaseTime', [7200]);
    await s.mine(1);
    const chainNow = Number((await s.chain.getBlock()).timestamp);
    expect(chainNow - Date.now() / 1000).toBeGreaterThan(3600);
    const p = await s.newPayment('USDC');
    const prepared = await checkout(p, 'prepare', { from: PAYER.address });
    expect(Number(prepared.body.message.validAfter)).toBe(chainNow - 60);
    expect(Number(prepared.body.message.validBefore)).toBeGreaterThan(chainNow);
    expect(Number(prepared.body.message.validBefore)).toBeLessThanOrEqual(chainNow + 1200);
  });

  it('only USDC can be signed for', async () => {
    const p = await s.newPayment('ETH');
    const refused = await checkout(p, 'prepare', { from: PAYER.address });
    expect(refused.status).toBe(422);
  });
});
