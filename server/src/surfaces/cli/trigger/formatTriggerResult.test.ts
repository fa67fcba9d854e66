import type { Invoice, Payment, WebhookEvent } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { formatTriggerResult } from './formatTriggerResult.js';

const payment = {
  id: '0b6f4c1e-0000-4000-8000-000000000001',
  status: 'refunded',
  checkout_url: 'http://localhost:3000/checkout/0b6f4c1e-0000-4000-8000-000000000001',
} as Payment;
const event = (name: string, id: string) =>
  ({ event: name, id, created_at: '2026-04-01T09:00:00Z' }) as unknown as WebhookEvent;

describe('formatTriggerResult', () => {
  it('prints the payment, its checkout and its events, oldest first', () => {
    expect(formatTriggerResult({ payment, events: [event('payment.expired', 'evt_1')] })).toEqual([
      `payment   ${payment.id}  refunded`,
      `checkout  ${payment.checkout_url}`,
      'event     payment.expired  evt_1  2026-04-01T09:00:00Z',
    ]);
  });

  it('adds the invoice and its page, and the refund transaction, when the trigger made them', () => {
    const invoice = {
      id: '7d1e0a52-0000-4000-8000-000000000002',
      status: 'paid',
      hosted_url: 'http://localhost:3000/checkout/invoices/7d1e0a52-0000-4000-8000-000000000002',
    } as Invoice;
    const lines = formatTriggerResult({
      payment,
      invoice,
      refundTxId: `0x${'ab'.repeat(32)}`,
      events: [event('invoice.sent', 'evt_1'), event('invoice.paid', 'evt_2')],
    });
    expect(lines).toEqual([
      `payment   ${payment.id}  refunded`,
      `checkout  ${payment.checkout_url}`,
      `invoice   ${invoice.id}  paid`,
      `page      ${invoice.hosted_url}`,
      `refund    0x${'ab'.repeat(32)}`,
      'event     invoice.sent  evt_1  2026-04-01T09:00:00Z',
      'event     invoice.paid  evt_2  2026-04-01T09:00:00Z',
    ]);
  });
});
