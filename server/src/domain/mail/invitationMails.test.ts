import { describe, expect, it } from 'vitest';
import { describeSecurityEvent } from '../accounts/describeSecurityEvent.js';
import { invitationMail } from './invitationMails.js';

describe('invitationMail', () => {
  it('names the inviter, the business, the role, the address and the link, escaped in HTML', () => {
    const link = 'https://pay.example.com/dashboard/invitations/abc';
    const mail = invitationMail({
      to: 'dev@shop.test',
      businessName: 'Tea & <Cake>',
      role: 'Developer',
      inviter: 'owner@shop.test',
      link,
      validDays: 7,
    });
    expect(mail.kind).toBe('member_invitation');
    expect(mail.subject).toBe('Join Tea & <Cake> on Cairn');
    expect(mail.text).toContain('owner@shop.test invites you to join Tea & <Cake> on Cairn as Developer.');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.text).toContain('(dev@shop.test)');
    expect(mail.html).toContain('Tea &amp; &lt;Cake&gt;');
    expect(mail.html).not.toContain('<Cake>');
  });
});

describe('the invitation alerts', () => {
  it('say who was invited, revoked or joined, and where', () => {
    const of = (change: Parameters<typeof describeSecurityEvent>[0] & { kind: 'business' }) =>
      describeSecurityEvent(change);
    const business = 'Tea House';
    expect(
      of({
        kind: 'business',
        business,
        change: { kind: 'member_invited', member: 'a@shop.test', role: 'support' },
      }).what,
    ).toBe(
      'a@shop.test was invited to join the business “Tea House” as support; the link is valid for 7 days.',
    );
    expect(
      of({ kind: 'business', business, change: { kind: 'invitation_revoked', member: 'a@shop.test' } })
        .subject,
    ).toBe('An invitation was revoked');
    expect(
      of({
        kind: 'business',
        business,
        change: { kind: 'member_joined', member: 'a@shop.test', role: 'viewer' },
      }).what,
    ).toBe('a@shop.test accepted an invitation and joined the business “Tea House” as viewer.');
  });
});
