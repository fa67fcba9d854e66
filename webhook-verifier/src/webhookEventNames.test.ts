import { WEBHOOK_EVENT_NAMES as CONTRACT_EVENT_NAMES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_NAMES } from './webhookEventNames.js';

describe('WEBHOOK_EVENT_NAMES', () => {
  it('lists the 13 payment and 5 invoice events, payment.received_after_close and payment.reverted, and the 2 stray-funds events, without duplicates', () => {
    expect(WEBHOOK_EVENT_NAMES).toHaveLength(22);
    expect(new Set(WEBHOOK_EVENT_NAMES).size).toBe(22);
    expect(WEBHOOK_EVENT_NAMES.slice(20)).toEqual(['stray_funds.found', 'stray_funds.resolved']);
    expect(WEBHOOK_EVENT_NAMES.filter((name) => name.startsWith('payment.'))).toHaveLength(15);
    expect(WEBHOOK_EVENT_NAMES).toContain('payment.received_after_close');
    expect(WEBHOOK_EVENT_NAMES).toContain('payment.reverted');
    expect(WEBHOOK_EVENT_NAMES.filter((name) => name.startsWith('invoice.'))).toHaveLength(5);
  });

  it('equals the list in @cairn/contract', () => {
    expect([...WEBHOOK_EVENT_NAMES]).toEqual([...CONTRACT_EVENT_NAMES]);
  });
});
