import type { Payment as PaymentBody } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { findPayment, type PaymentScope } from './lockPayment.js';
import { loadAggregate, serializePayment } from './serializePayment.js';

/** What the dashboard's payment page shows: the API's payment object and what lies beside it. */
export interface PaymentDetail {
  /** The payment as `GET /api/v1/payments/{id}` returns it. */
  readonly payment: PaymentBody;
  /** Block explorer link templates by chain id (`{tx_id}`), as configured. */
  readonly explorers: Readonly<Record<string, string | undefined>>;
  /** Confirmations the picked chain requires (null before a chain is picked). */
  readonly requiredConfirmations: number | null;
  /**
   * The sweeps that moved the payment's forwarder to the merchant's treasury (EVM, TRON), sent or
   * confirmed, oldest first; empty elsewhere.
   */
  readonly sweeps: readonly PaymentSweep[];
}

/** One sweep of a payment's forwarder (`evm_sweeps`). */
export interface PaymentSweep {
  readonly txHash: string;
  readonly status: 'sent' | 'confirmed';
  readonly at: Date;
}

/**
 * A payment of the business and mode as the dashboard's payment page shows it (its timeline is
 * `loadPaymentHistory`'s).
 *
 * @throws {ApiError} NOT_FOUND for an id of another business or mode, or none.
 */
export async function loadPaymentDetail(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
): Promise<PaymentDetail> {
  const em = gateway.orm.em.fork();
  const payment = await findPayment(em, scope, id);
  const body = serializePayment(gateway.config, await loadAggregate(em, payment));
  const explorers = Object.fromEntries(
    Object.values(gateway.config.chains).map((chain) => [chain.chainId, chain.explorerTxUrl]),
  );
  const sweeps = (await em.getConnection().execute(
    `select tx_hash, status, updated_at from evm_sweeps
      where ?::uuid = any(payment_ids) and status in ('sent', 'confirmed') order by created_at`,
    [payment.id],
    'all',
  )) as { tx_hash: string; status: PaymentSweep['status']; updated_at: Date }[];
  return {
    payment: body,
    explorers,
    requiredConfirmations: payment.requiredConfirmations ?? null,
    sweeps: sweeps.map((s) => ({ txHash: s.tx_hash, status: s.status, at: new Date(s.updated_at) })),
  };
}
