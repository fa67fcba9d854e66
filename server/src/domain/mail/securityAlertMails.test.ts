import { describe, expect, it } from 'vitest';
import { describeSecurityEvent } from '../accounts/describeSecurityEvent.js';
import { describeOrigin } from '../accounts/sendSecurityAlert.js';
import { securityAlertMail } from './securityAlertMails.js';

const lockLink = 'https://pay.example.com/dashboard/lock-account?token=abc';

describe('securityAlertMail', () => {
  it('says what, when (UTC), from where, and carries the lock link', () => {
    const event = describeSecurityEvent({
      kind: 'business',
      business: 'Tea House',
      change: {
        kind: 'webhook_url',
        key: 'pk_live_…abcd',
        from: 'https://old.example/hook',
        to: 'https://new.example/hook',
      },
    });
    const mail = securityAlertMail('owner@shop.test', {
      ...event,
      at: new Date('2026-11-27T10:15:03.456Z'),
      from: describeOrigin({
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      }),
      lockLink,
      lockValidDays: 7,
    });
    expect(mail.kind).toBe('security_alert');
    expect(mail.subject).toBe('Cairn security alert: A webhook URL was changed');
    expect(mail.text).toContain(
      'The webhook URL of the API key pk_live_…abcd in the business “Tea House” was changed',
    );
    expect(mail.text).toContain('Old URL: https://old.example/hook\nNew URL: https://new.example/hook\n');
    expect(mail.text).toContain('When: 2026-11-27 10:15:03 UTC\nFrom: 203.0.113.7, Firefox on Linux\n');
    expect(mail.text).toContain(`This was not me, lock my account:\n${lockLink}\n`);
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain(`<a href="${lockLink}">This was not me, lock my account</a>`);
  });

  it('escapes what the merchant typed in the HTML part', () => {
    const event = describeSecurityEvent({
      kind: 'business',
      business: '<img src=x onerror=alert(1)>',
      change: { kind: 'api_key_created', mode: 'live', key: 'pk_live_…abcd (<b>)' },
    });
    const mail = securityAlertMail('owner@shop.test', {
      ...event,
      at: new Date(0),
      from: describeOrigin({ via: 'operator CLI' }),
      lockLink,
      lockValidDays: 7,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('(<b>)');
    expect(mail.text).toContain('From: operator CLI');
  });

  it('names every kind of event', () => {
    expect(describeSecurityEvent({ kind: 'sign_in', newAddress: true, newDevice: false }).what).toBe(
      'Your Cairn account was signed in to from a new IP address.',
    );
    expect(describeSecurityEvent({ kind: 'passkey_removed', name: 'Phone' }).subject).toBe(
      'A passkey was removed',
    );
    expect(
      describeSecurityEvent({
        kind: 'business',
        business: 'B',
        change: { kind: 'wallet_removed', mode: 'live', chain: 'ETH', address: '0xabc' },
      }).facts,
    ).toEqual([['Removed wallet', '0xabc']]);
  });
});
