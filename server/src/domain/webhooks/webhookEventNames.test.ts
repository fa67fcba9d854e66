import { describe, expect, it } from 'vitest';
import { classifyStatus } from '../../workers/webhookDelivery/classifyStatus.js';
import { DEFAULT_SUBSCRIBED_EVENTS, parseEventList } from './webhookEventNames.js';

describe('event lists and status classes', () => {
  it('parses names, groups and all; refuses unknown names', () => {
    expect(DEFAULT_SUBSCRIBED_EVENTS).toHaveLength(17);
    expect(DEFAULT_SUBSCRIBED_EVENTS).toContain('payment.received_after_close');
    expect(DEFAULT_SUBSCRIBED_EVENTS).toContain('payment.reverted');
    expect(DEFAULT_SUBSCRIBED_EVENTS.slice(15)).toEqual(['stray_funds.found', 'stray_funds.resolved']);
    expect(parseEventList('payment.*')).toEqual(DEFAULT_SUBSCRIBED_EVENTS.slice(0, 15));
    expect(parseEventList('stray_funds.*')).toEqual(['stray_funds.found', 'stray_funds.resolved']);
    expect(parseEventList('invoice.paid, payment.confirmed')).toEqual(['payment.confirmed', 'invoice.paid']);
    expect(parseEventList('all')).toHaveLength(22);
    expect(parseEventList('invoice.*')).toHaveLength(5);
    expect(() => parseEventList('payment.done')).toThrow(/Unknown event "payment.done"/);
    expect(() => parseEventList(' , ')).toThrow(/at least one event/);
  });

  it('classifies statuses: 2xx delivered, permanent 4xx, everything else retried', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(classifyStatus(status)).toBe('delivered');
    for (const status of [400, 401, 403, 404, 405, 410, 413, 422])
      expect(classifyStatus(status)).toBe('permanent');
    for (const status of [301, 302, 304, 408, 409, 425, 429, 451, 500, 502, 503, 504, 100])
      expect(classifyStatus(status)).toBe('retry');
  });
});
