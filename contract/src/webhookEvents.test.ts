import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errorCodes.js';
import { PAYMENT_STATUSES, TERMINAL_PAYMENT_STATUSES } from './paymentStatus.js';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENT_SCHEMAS, WebhookEventSchema } from './webhookEvents.js';

const payment = {
  id: '5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a',
  status: 'confirmed',
  mode: 'test',
  fiat_amount: '10.00',
  fiat_currency: 'EUR',
  checkout_url: 'http://localhost:3000/checkout/5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a',
  expires_at: '2026-11-21T10:00:00Z',
  created_at: '2026-11-21T09:00:00Z',
  updated_at: '2026-11-21T09:10:00Z',
  chain_options: [],
  selected_chain_id: 'BTC_TESTNET',
  selected_coin_symbol: 'BTC',
  amount_received: '20000',
  amount_due: '0',
  amount_received_after_close: '0',
  overpaid: true,
  revived: false,
  underpayment_tolerance_bps: 50,
  overpayment_threshold_bps: 100,
  order_id: null,
  description: null,
  customer_email: null,
  success_url: null,
  cancel_url: null,
  accepted_chains: [],
  accepted_coins: [],
  accepted_tokens: [],
  restrict_to_accepted: false,
  cancelled_by: null,
  failure_reason: null,
  confirmed_at: '2026-11-21T09:10:00Z',
  refund_address: null,
  transactions: [],
  refunds: [],
  metadata: {},
  payment_link_id: null,
  invoice_id: null,
};

const envelope = (event: string, data: unknown) => ({
  id: 'evt_8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
  event,
  created_at: '2026-11-21T09:10:00Z',
  data,
});

describe('webhook events', () => {
  it('lists the 13 payment and 5 invoice events of docs/webhooks.md, plus payment.received_after_close and payment.reverted, and the 2 stray-funds events', () => {
    expect(WEBHOOK_EVENT_NAMES.filter((e) => e.startsWith('payment.'))).toHaveLength(15);
    expect(WEBHOOK_EVENT_NAMES.filter((e) => e.startsWith('invoice.'))).toHaveLength(5);
    expect(WEBHOOK_EVENT_NAMES.filter((e) => e.startsWith('stray_funds.'))).toEqual([
      'stray_funds.found',
      'stray_funds.resolved',
    ]);
    expect(new Set(WEBHOOK_EVENT_NAMES).size).toBe(22);
    expect(WEBHOOK_EVENT_NAMES).toContain('payment.received_after_close');
    expect(WEBHOOK_EVENT_NAMES).toContain('payment.reverted');
  });

  it('requires previous_status, a payment status, on payment.reverted', () => {
    const schema = WEBHOOK_EVENT_SCHEMAS['payment.reverted'];
    const back = { ...payment, status: 'awaiting_payment', overpaid: false, confirmed_at: null };
    expect(schema.safeParse(envelope('payment.reverted', { payment: back })).success).toBe(false);
    const data = { payment: back, previous_status: 'confirming' };
    expect(schema.safeParse(envelope('payment.reverted', data)).success).toBe(true);
    expect(WebhookEventSchema.safeParse(envelope('payment.reverted', data)).success).toBe(true);
    expect(
      schema.safeParse(envelope('payment.reverted', { ...data, previous_status: 'reorged' })).success,
    ).toBe(false);
  });

  it('requires the transfer on payment.received_after_close', () => {
    const schema = WEBHOOK_EVENT_SCHEMAS['payment.received_after_close'];
    const cancelled = {
      ...payment,
      status: 'cancelled',
      cancelled_by: 'customer',
      amount_received: '31250000',
      amount_received_after_close: '31250000',
    };
    expect(schema.safeParse(envelope('payment.received_after_close', { payment: cancelled })).success).toBe(
      false,
    );
    const data = {
      payment: cancelled,
      chain_id: 'LTC_REGTEST',
      coin_symbol: 'LTC',
      tx_id: 'ab'.repeat(32),
      output_index: 1,
      amount: '31250000',
      display_amount: '0.3125',
    };
    expect(schema.safeParse(envelope('payment.received_after_close', data)).success).toBe(true);
    expect(WebhookEventSchema.safeParse(envelope('payment.received_after_close', data)).success).toBe(true);
    expect(schema.safeParse(envelope('payment.received_after_close', { ...data, amount: 1 })).success).toBe(
      false,
    );
  });

  it('requires the stray transfer on stray_funds.found and stray_funds.resolved', () => {
    const stray = {
      id: '6c1d3b2f-9a4e-4d7c-8b8f-3e2a1f0d9c8b',
      kind: 'missing_tag',
      status: 'open',
      chain_id: 'XRP_TESTNET',
      coin_symbol: 'XRP',
      tx_id: 'AB'.repeat(32),
      output_index: -1,
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      tag: null,
      amount: '25000000',
      display_amount: '25',
      payment_id: null,
      attached_payment_id: null,
      note: null,
      found_at: '2026-11-21T09:10:00Z',
      resolved_at: null,
    };
    const found = envelope('stray_funds.found', { stray_funds: stray });
    expect(WEBHOOK_EVENT_SCHEMAS['stray_funds.found'].safeParse(found).success).toBe(true);
    expect(WebhookEventSchema.safeParse(found).success).toBe(true);
    expect(WebhookEventSchema.safeParse(envelope('stray_funds.found', { payment })).success).toBe(false);
    const resolved = { ...stray, status: 'refunded', note: 'sent back', resolved_at: '2026-11-21T10:00:00Z' };
    expect(
      WebhookEventSchema.safeParse(envelope('stray_funds.resolved', { stray_funds: resolved })).success,
    ).toBe(true);
    expect(
      WebhookEventSchema.safeParse(envelope('stray_funds.resolved', { stray_funds: { ...stray, kind: 'x' } }))
        .success,
    ).toBe(false);
  });

  it('requires the excess on payment.overpaid', () => {
    const schema = WEBHOOK_EVENT_SCHEMAS['payment.overpaid'];
    expect(schema.safeParse(envelope('payment.overpaid', { payment })).success).toBe(false);
    const data = {
      payment,
      chain_id: 'BTC_TESTNET',
      coin_symbol: 'BTC',
      excess_amount: '400',
      excess_display_amount: '0.000004',
    };
    expect(schema.safeParse(envelope('payment.overpaid', data)).success).toBe(true);
  });

  it('requires cancelled_by on payment.cancelled and failure_reason on payment.failed', () => {
    expect(WebhookEventSchema.safeParse(envelope('payment.cancelled', { payment })).success).toBe(false);
    expect(
      WebhookEventSchema.safeParse(envelope('payment.cancelled', { payment, cancelled_by: 'customer' }))
        .success,
    ).toBe(true);
    expect(
      WebhookEventSchema.safeParse(envelope('payment.failed', { payment, failure_reason: 'estimate_revert' }))
        .success,
    ).toBe(true);
    expect(
      WebhookEventSchema.safeParse(envelope('payment.failed', { payment, failure_reason: 'out_of_gas' }))
        .success,
    ).toBe(false);
  });

  it('rejects an id that is not evt_<uuid> and an unknown event', () => {
    expect(
      WebhookEventSchema.safeParse({ ...envelope('payment.confirmed', { payment }), id: 'evt_1' }).success,
    ).toBe(false);
    expect(WebhookEventSchema.safeParse(envelope('payment.paid', { payment })).success).toBe(false);
  });
});

describe('statuses and error codes', () => {
  it('has the 13 statuses and 5 terminal ones of docs/lifecycle.md', () => {
    expect(PAYMENT_STATUSES).toHaveLength(13);
    expect([...TERMINAL_PAYMENT_STATUSES].sort()).toEqual(
      ['cancelled', 'confirmed', 'expired_reorged', 'failed', 'refunded'].sort(),
    );
  });

  it('gives the named codes the HTTP statuses of docs/api.md', () => {
    expect(ERROR_CODES.UNAUTHORIZED.status).toBe(401);
    expect(ERROR_CODES.RATE_LIMITED.status).toBe(429);
    expect(ERROR_CODES.COIN_NOT_IN_ACCEPTED_SET.status).toBe(422);
    expect(ERROR_CODES.RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST.status).toBe(422);
    expect(ERROR_CODES.PAYMENT_NOT_CANCELLABLE.status).toBe(409);
    expect(ERROR_CODES.INVALID_REQUEST.status).toBe(400);
    expect(ERROR_CODES.VALIDATION_ERROR.status).toBe(422);
    expect(ERROR_CODES.NOT_FOUND.status).toBe(404);
    expect(ERROR_CODES.INSUFFICIENT_CREDIT.status).toBe(402);
    expect(ERROR_CODES.IDEMPOTENCY_KEY_REUSED.status).toBe(409);
    expect(ERROR_CODES.RATE_UNAVAILABLE.status).toBe(503);
    expect(ERROR_CODES.CURRENCY_NOT_SUPPORTED.status).toBe(422);
  });
});
