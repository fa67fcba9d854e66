import type { CreatePaymentRequest, PaymentStatus } from '@cairn/contract';
import { Payment } from '../../platform/db/entities/index.js';
import { loadActiveKey } from '../apiKeys/authenticate.js';
import type { Gateway } from '../gateway/Gateway.js';
import { createPayment } from '../payments/createPayment.js';
import { findInvoiceRow } from './findInvoice.js';
import { type InvoiceRow, invoiceUrl } from './invoiceRow.js';
import { updateInvoice } from './updateInvoice.js';

/** What pressing Pay on an invoice page gave: the payment to check out, or why not. */
export type PayInvoiceOutcome =
  | { readonly kind: 'payment'; readonly paymentId: string }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'closed'; readonly invoice: InvoiceRow }
  /** The invoice's API key was revoked or deactivated. */
  | { readonly kind: 'key_inactive'; readonly invoice: InvoiceRow };

/**
 * Payment statuses in which the invoice's payment is still the one to pay, is being paid, or holds
 * the recipient's funds (expired short, or awaiting a refund): Pay opens it. Otherwise (expired with
 * nothing received, cancelled, failed, reorged out) a new payment replaces it.
 */
const REUSABLE: readonly PaymentStatus[] = [
  'pending',
  'awaiting_payment',
  'payment_detected',
  'confirming',
  'underpaid',
  'expired_underpaid',
  'refund_requested',
];

/** The payment an invoice asks for: its total, accepted set and metadata; back to the invoice after. */
export function paymentRequestOf(gateway: Gateway, invoice: InvoiceRow): CreatePaymentRequest {
  const back = invoiceUrl(gateway.config, invoice.id);
  return {
    fiat_amount: invoice.total,
    fiat_currency: invoice.fiat_currency,
    description: `Invoice ${invoice.number}`,
    order_id: invoice.number,
    customer_email: invoice.recipient_email,
    accepted_chains: invoice.accepted_chains as CreatePaymentRequest['accepted_chains'],
    accepted_coins: invoice.accepted_coins,
    accepted_tokens: invoice.accepted_tokens,
    restrict_to_accepted: invoice.restrict_to_accepted,
    success_url: back,
    cancel_url: back,
    metadata: typeof invoice.metadata === 'string' ? JSON.parse(invoice.metadata) : invoice.metadata,
  };
}

/**
 * The recipient pressed Pay: the invoice's payment while it can still be paid (or is being paid),
 * else a new payment of the invoice's API key for its total, recorded as the invoice's payment (under
 * the invoice's row lock, so two presses make one payment). Pricing and refusals are createPayment's
 * (its ApiErrors are thrown as they are).
 */
export async function payInvoice(gateway: Gateway, invoiceId: string): Promise<PayInvoiceOutcome> {
  return gateway.orm.em.fork().transactional(async (em) => {
    const invoice = await findInvoiceRow(em, undefined, invoiceId, true);
    if (!invoice || invoice.status === 'draft') return { kind: 'not_found' };
    if (invoice.status !== 'open') return { kind: 'closed', invoice };
    if (invoice.payment_id) {
      const current = await em.findOne(Payment, { id: invoice.payment_id });
      if (current && REUSABLE.includes(current.status)) return { kind: 'payment', paymentId: current.id };
    }
    const auth = await loadActiveKey(gateway.orm, invoice.api_key_id, gateway.clock.now(), em);
    if (!auth) return { kind: 'key_inactive', invoice };
    const payment = await createPayment(gateway, auth, paymentRequestOf(gateway, invoice), undefined, em, {
      invoiceId: invoice.id,
    });
    await updateInvoice(em, invoice, { payment_id: payment.id }, gateway.clock.now());
    return { kind: 'payment', paymentId: payment.id };
  });
}
