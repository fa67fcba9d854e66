import { describe, expect, it } from 'vitest';
import {
  amountFor,
  isTriggerEvent,
  PAYING_TRIGGER_EVENTS,
  payingPlanOf,
  TRIGGER_EVENTS,
} from './triggerEvents.js';

describe('trigger events', () => {
  it("lists every event of the issue's list, once each", () => {
    expect([...TRIGGER_EVENTS].sort()).toEqual(
      [
        'invoice.paid',
        'payment.awaiting',
        'payment.cancelled',
        'payment.confirmed',
        'payment.confirming',
        'payment.detected',
        'payment.expired',
        'payment.overpaid',
        'payment.refund_requested',
        'payment.refunded',
        'payment.underpaid',
      ].sort(),
    );
    expect(new Set(TRIGGER_EVENTS).size).toBe(TRIGGER_EVENTS.length);
  });

  it('the events that need no payment are awaiting, cancelled and expired', () => {
    expect(TRIGGER_EVENTS.filter((e) => !PAYING_TRIGGER_EVENTS.has(e))).toEqual([
      'payment.awaiting',
      'payment.cancelled',
      'payment.expired',
    ]);
  });

  it.each([
    ['payment.detected', 'exact', 'payment.detected', false],
    ['payment.confirming', 'exact', 'payment.confirming', false],
    ['payment.confirmed', 'exact', 'payment.confirmed', false],
    ['payment.underpaid', 'short', 'payment.underpaid', false],
    ['payment.overpaid', 'over', 'payment.overpaid', false],
    ['payment.refund_requested', 'short', 'payment.underpaid', false],
    ['payment.refunded', 'short', 'payment.underpaid', false],
    ['invoice.paid', 'exact', 'invoice.paid', true],
  ] as const)('%s pays %s, waits for %s (invoice: %s)', (event, size, waitFor, invoice) => {
    expect(payingPlanOf(event)).toEqual({ size, waitFor, invoice });
  });

  it('pays the amount due, half of it, or 10 % more, in exact smallest units', () => {
    const due = 3_000_000_000_000_001n;
    expect(amountFor('exact', due)).toBe(due);
    expect(amountFor('short', due)).toBe(1_500_000_000_000_000n);
    expect(amountFor('over', due)).toBe(3_300_000_000_000_001n);
  });

  it('knows its events and nothing else', () => {
    expect(isTriggerEvent('invoice.paid')).toBe(true);
    expect(isTriggerEvent('payment.teleported')).toBe(false);
    expect(isTriggerEvent('invoice.sent')).toBe(false);
  });
});
