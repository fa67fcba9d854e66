import {
  BroadcastRejectedError,
  type EvmGasWallet,
  type TransferAuthorization,
  transferWithAuthorizationData,
} from '@cairn/chain-evm';
import type { ChainDefinition, FailureReason } from '@cairn/contract';
import { type Address, erc20Abi, type Hex } from 'viem';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { lockPayment } from '../../domain/payments/lockPayment.js';
import {
  RELAYED_TRANSFER_INDEX,
  recordTransferObservations,
} from '../../domain/payments/recordTransferObservation.js';
import { transitionPayment } from '../../domain/payments/transitionPayment.js';
import { Payment, Transfer } from '../../platform/db/entities/index.js';
import { gaslessChain } from './gaslessChain.js';

/** Gas limit of a relayed `transferWithAuthorization` (about 70k used; simulated before). */
const RELAY_GAS = 200_000n;
/** A relay not mined after this long is broadcast again (the same signed transaction). */
const REBROADCAST_MS = 60_000;

interface AuthorizationRow {
  id: string;
  payment_id: string;
  token: string;
  from_address: string;
  to_address: string;
  value: string;
  valid_after: string;
  valid_before: string;
  nonce: string;
  signature: string;
  status: 'submitted' | 'relayed';
  tx_hash: string | null;
  raw_tx: string | null;
  updated_at: Date;
}

/** What one round did. */
export interface RelayRound {
  readonly relayed: number;
  readonly settled: number;
  readonly failed: number;
}

/**
 * The chain's gasless settlements, one round (run by the chain's settler, which holds the gas wallet's
 * nonce sequence): relays whose outcome is known (mined: `settled`; reverted: payment `failed` with
 * `settlement_reverted`), then submitted authorizations: the payer's balance is checked
 * (`insufficient_balance`) and the call simulated (`estimate_revert`) before anything is broadcast
 * (both make the payment `failed`, payment.failed); otherwise the gas wallet signs, stores and
 * broadcasts it, and the payment is detected from the relay (`RELAYED_TRANSFER_INDEX`).
 */
export async function relayGaslessSettlements(
  gateway: Gateway,
  chain: ChainDefinition,
  gasWallet: EvmGasWallet,
): Promise<RelayRound> {
  const round = { relayed: 0, settled: 0, failed: 0 };
  const sql = <T>(query: string, params: unknown[] = []) =>
    gateway.orm.em.fork().getConnection().execute(query, params, 'all') as Promise<T[]>;
  const rows = await sql<AuthorizationRow>(
    `select id, payment_id, token, from_address, to_address, value::text as value, valid_after::text as valid_after,
            valid_before::text as valid_before, nonce, signature, status, tx_hash, raw_tx, updated_at
       from gasless_authorizations where chain_id = ? and status in ('submitted', 'relayed') order by created_at`,
    [chain.id],
  );
  for (const row of rows) {
    const now = gateway.clock.now();
    const authorization: TransferAuthorization = {
      from: row.from_address as Address,
      to: row.to_address as Address,
      value: BigInt(row.value),
      validAfter: BigInt(row.valid_after),
      validBefore: BigInt(row.valid_before),
      nonce: row.nonce as Hex,
    };
    if (row.status === 'relayed') {
      const receipt = await gasWallet.receipt(row.tx_hash as Hex);
      if (receipt === null) {
        if (now.getTime() - new Date(row.updated_at).getTime() > REBROADCAST_MS) {
          await gasWallet.broadcast(row.raw_tx as Hex).catch(() => undefined);
          await sql('update gasless_authorizations set updated_at = ? where id = ?', [
            now.toISOString(),
            row.id,
          ]);
        }
        await observeRelay(gateway, chain, row, authorization);
        continue;
      }
      if (receipt.status === 'success') {
        await sql(`update gasless_authorizations set status = 'settled', updated_at = ? where id = ?`, [
          now.toISOString(),
          row.id,
        ]);
        round.settled += 1;
        continue;
      }
      await fail(gateway, row, 'settlement_reverted', true);
      round.failed += 1;
      continue;
    }
    // Submitted: nothing is broadcast unless the chain would take it.
    const [payment] = await sql<{ status: string }>('select status from payments where id = ?', [
      row.payment_id,
    ]);
    if (payment?.status !== 'awaiting_payment') {
      await sql(
        `update gasless_authorizations set status = 'failed', failure_reason = 'payment no longer awaiting', updated_at = ? where id = ?`,
        [now.toISOString(), row.id],
      );
      continue;
    }
    const { reader } = gaslessChain(gateway, chain.id, 'USDC');
    const balance = await reader.readContract({
      address: row.token as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [authorization.from],
    });
    const data = transferWithAuthorizationData(authorization, row.signature as Hex);
    const reason: FailureReason | undefined =
      balance < authorization.value
        ? 'insufficient_balance'
        : (await gasWallet.simulate(row.token as Address, data)) !== undefined
          ? 'estimate_revert'
          : undefined;
    if (reason) {
      await fail(gateway, row, reason, false);
      round.failed += 1;
      continue;
    }
    const signed = await gasWallet.signCall(
      row.token as Address,
      data,
      await gasWallet.nextNonce(),
      RELAY_GAS,
    );
    await sql(
      `update gasless_authorizations set status = 'relayed', tx_hash = ?, raw_tx = ?, updated_at = ? where id = ?`,
      [signed.hash, signed.raw, now.toISOString(), row.id],
    );
    try {
      await gasWallet.broadcast(signed.raw);
    } catch (error) {
      if (!(error instanceof BroadcastRejectedError)) throw error; // may have arrived: followed next round
      // The node refused the gas wallet's transaction (no gas money, say): the customer's signature is
      // still good; it is relayed again on a later round.
      await sql(
        `update gasless_authorizations set status = 'submitted', tx_hash = null, raw_tx = null, updated_at = ? where id = ?`,
        [now.toISOString(), row.id],
      );
      gateway.log.error(
        { chainId: chain.id, paymentId: row.payment_id, err: error },
        'gasless relay refused by the node; retried',
      );
      continue;
    }
    await observeRelay(gateway, chain, { ...row, tx_hash: signed.hash }, authorization);
    gateway.log.info(
      { chainId: chain.id, paymentId: row.payment_id, tx: signed.hash },
      'gasless settlement relayed',
    );
    round.relayed += 1;
  }
  return round;
}

/** The relayed transfer, as seen before its block: the payment is detected (0 confirmations). */
async function observeRelay(
  gateway: Gateway,
  chain: ChainDefinition,
  row: Pick<AuthorizationRow, 'payment_id' | 'tx_hash'>,
  authorization: TransferAuthorization,
): Promise<void> {
  const existing = await gateway.orm.em.fork().findOne(Transfer, { chainId: chain.id, txId: row.tx_hash! });
  if (existing) return;
  await recordTransferObservations(gateway, row.payment_id, [
    {
      paymentId: row.payment_id,
      chainId: chain.id,
      coinSymbol: 'USDC',
      txId: row.tx_hash!,
      outputIndex: RELAYED_TRANSFER_INDEX,
      amount: authorization.value,
      confirmations: 0,
      removed: false,
    },
  ]);
}

/** The settlement failed: the payment becomes `failed` (payment.failed with the reason). */
async function fail(
  gateway: Gateway,
  row: AuthorizationRow,
  reason: FailureReason,
  relayed: boolean,
): Promise<void> {
  await gateway.orm.em.fork().transactional(async (em) => {
    const found = await em.findOneOrFail(Payment, { id: row.payment_id });
    const payment = await lockPayment(em, found, found.id);
    const conn = em.getConnection();
    const ctx = em.getTransactionContext();
    await conn.execute(
      `update gasless_authorizations set status = 'failed', failure_reason = ?, updated_at = ? where id = ?`,
      [reason, gateway.clock.now().toISOString(), row.id],
      'run',
      ctx,
    );
    const from = relayed ? ['payment_detected', 'confirming'] : ['awaiting_payment'];
    if (!from.includes(payment.status)) return; // moved on meanwhile (cancelled, expired): nothing to fail
    await transitionPayment(gateway, em, payment, { type: 'settlement_failed', reason });
    if (relayed && row.tx_hash)
      await conn.execute(
        'update transfers set removed = true where tx_id = ? and payment_id = ?',
        [row.tx_hash, row.payment_id],
        'run',
        ctx,
      );
  });
  gateway.log.warn({ paymentId: row.payment_id, reason }, 'gasless settlement failed');
}
