import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import {
  AuditEvent,
  BusinessInvitation,
  BusinessMember,
  DashboardSession,
  MailMessage,
  type MemberRole,
} from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { DashboardClient } from '../dashboard/DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from '../dashboard/dashboardTestGateway.js';

// Invitations over HTTP (docs/roles.md#invitations): the owner invites by email (step-up, audited,
// mailed through the queue with the link, alerted); the invited address joins once; another address,
// an expired, revoked or used link, and an address already a member are refused; other roles may not
// invite or revoke.

const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;
const DAY = 86_400_000;
const LIFETIME = { absoluteMs: 30 * DAY, idleMs: 30 * DAY };
const clock = new ManualClock(new Date('2026-11-28T10:00:00Z'));
let gw: DashboardTestGateway;
let ownerId: string;
let businessId: string;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
  const em = gw.running.gateway.orm.em.fork();
  ownerId = (await createUser(em, clock, { email: `owner-${randomUUID()}@shop.test`, verified: true })).id;
  const grants = { testUsd: '0', liveUsd: '0' };
  businessId = (await createBusiness(em, clock, { userId: ownerId, name: 'Invite Shop', grants })).id;
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

const em = () => gw.running.gateway.orm.em.fork();

async function login(
  email = `person-${randomUUID()}@elsewhere.test`,
): Promise<{ userId: string; email: string }> {
  const user = await createUser(em(), clock, { email, verified: true });
  return { userId: user.id, email };
}

async function clientOf(userId: string): Promise<DashboardClient> {
  const { token } = await createSession(em(), clock, { userId, lifetime: LIFETIME });
  const client = new DashboardClient(gw.baseUrl);
  client.cookies.set('cairn_session', token);
  await client.get('/dashboard/account/security'); // a page with a CSRF token for the posts
  return client;
}

/** The invitation mails already read: a second invitation of an address is the mail not read yet. */
const readMails = new Set<string>();

/** The owner (a fresh session) invites the address; returns the link's path from the queued mail. */
async function invite(email: string, role: MemberRole = 'support'): Promise<string> {
  const owner = await clientOf(ownerId);
  await owner.get('/dashboard/members');
  const answer = await owner.post('/dashboard/members/invitations', { email, role });
  expect(answer.status).toBe(303);
  // Not "the newest": the test clock stands still, so two mails of one address share created_at
  // (and their random ids do not order them).
  const mails = await em().find(MailMessage, { toAddress: email, kind: 'member_invitation' });
  const unread = mails.filter((m) => !readMails.has(m.id));
  expect(unread).toHaveLength(1);
  const mail = unread[0]!;
  readMails.add(mail.id);
  const link = /https?:\/\/\S+\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)?.[1];
  expect(link).toBeDefined();
  return `/dashboard/invitations/${link}`;
}

describe('invitations', () => {
  it('invites after a fresh authentication: stored as a hash, mailed with the link, audited, alerted', async () => {
    const invitee = `new-${randomUUID()}@elsewhere.test`;
    const stale = await clientOf(ownerId);
    clock.advance(11 * MINUTE);
    const asked = await stale.post('/dashboard/members/invitations', { email: invitee, role: 'developer' });
    expect(asked.status).toBe(401);
    expect(asked.body).toContain('Confirm it’s you');
    expect(await em().count(BusinessInvitation, { email: invitee })).toBe(0);

    const path = await invite(invitee, 'developer');
    const token = path.split('/').pop()!;
    const row = await em().findOneOrFail(BusinessInvitation, { email: invitee });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(token);
    expect(row.role).toBe('developer');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * DAY);
    const audit = await em().findOneOrFail(AuditEvent, { action: 'member.invited', target: invitee });
    expect(audit.actorUserId).toBe(ownerId);
    expect(audit.details).toEqual({ role: 'developer' });
    expect(
      await em().count(MailMessage, { subject: 'Cairn security alert: Someone was invited to a business' }),
    ).toBeGreaterThan(0);
    const page = await (await clientOf(ownerId)).get('/dashboard/members');
    expect(page.body).toContain('Pending invitations');
    expect(page.body).toContain(invitee);
  });

  it('lets the invited address join once, selecting the business; audited and alerted', async () => {
    const person = await login();
    const path = await invite(person.email, 'support');
    const client = await clientOf(person.userId);
    const page = await client.get(path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Invite Shop');
    expect(page.body).toContain('Support');
    const joined = await client.post(path, {});
    expect(joined.status).toBe(303);
    expect(joined.location).toContain('notice=member-joined');
    expect((await em().findOneOrFail(BusinessMember, { businessId, userId: person.userId })).role).toBe(
      'support',
    );
    const sessions = await em().find(DashboardSession, { userId: person.userId });
    expect(sessions.map((s) => s.businessId)).toEqual([businessId]);
    expect((await client.get('/dashboard/payments')).status).toBe(200);
    const audit = await em().findOneOrFail(AuditEvent, { action: 'member.joined', target: person.email });
    expect(audit.actorUserId).toBe(person.userId);
    expect(
      await em().count(MailMessage, { subject: 'Cairn security alert: A member joined a business' }),
    ).toBe(1);

    // Single use: the same link now gets the one page of a link that does not work.
    const again = await client.get(path);
    expect(again.status).toBe(410);
    expect(again.body).toContain('This invitation does not work');
    expect((await client.post(path, {})).status).toBe(410);
  });

  it('refuses another address, saying so and offering to sign out', async () => {
    const invited = `someone-${randomUUID()}@elsewhere.test`;
    const path = await invite(invited);
    const other = await login();
    const client = await clientOf(other.userId);
    const page = await client.get(path);
    expect(page.status).toBe(403);
    expect(page.body).toContain('This invitation is for another address');
    expect(page.body).toContain('Sign out');
    const refused = await client.post(path, {});
    expect(refused.status).toBe(403);
    expect(await em().count(BusinessMember, { businessId, userId: other.userId })).toBe(0);
    expect((await em().findOneOrFail(BusinessInvitation, { email: invited })).acceptedAt).toBeNull();
  });

  it('refuses an address already a member, and replaces a pending invitation (the old link dies)', async () => {
    const member = await login();
    const first = await invite(member.email);
    await (await clientOf(member.userId)).post(first, {});
    const owner = await clientOf(ownerId);
    await owner.get('/dashboard/members');
    const again = await owner.post('/dashboard/members/invitations', {
      email: member.email.toUpperCase(),
      role: 'viewer',
    });
    expect(again.status).toBe(409);
    expect(again.body).toContain('is already a member of this business');

    const person = await login();
    const old = await invite(person.email, 'viewer');
    const replacement = await invite(person.email, 'admin');
    expect(old).not.toBe(replacement);
    const client = await clientOf(person.userId);
    expect((await client.get(old)).status).toBe(410);
    expect((await client.post(old, {})).status).toBe(410);
    const rows = await em().find(BusinessInvitation, { email: person.email, revokedAt: null });
    expect(rows.map((r) => r.role)).toEqual(['admin']);
    expect((await client.post(replacement, {})).status).toBe(303);
    expect((await em().findOneOrFail(BusinessMember, { businessId, userId: person.userId })).role).toBe(
      'admin',
    );
  });

  it('revokes a pending invitation after a fresh authentication, audited; its link dies', async () => {
    const person = await login();
    const path = await invite(person.email);
    const row = await em().findOneOrFail(BusinessInvitation, { email: person.email });
    const stale = await clientOf(ownerId);
    clock.advance(11 * MINUTE);
    expect((await stale.post(`/dashboard/members/invitations/${row.id}/revoke`)).status).toBe(401);
    const owner = await clientOf(ownerId);
    const revoked = await owner.post(`/dashboard/members/invitations/${row.id}/revoke`);
    expect(revoked.status).toBe(303);
    expect((await em().findOneOrFail(BusinessInvitation, { id: row.id })).revokedAt).not.toBeNull();
    const audit = await em().findOneOrFail(AuditEvent, {
      action: 'member.invitation_revoked',
      target: person.email,
    });
    expect(audit.actorUserId).toBe(ownerId);
    expect((await owner.get('/dashboard/members')).body).not.toContain(person.email);
    const client = await clientOf(person.userId);
    expect((await client.get(path)).status).toBe(410);
    expect((await client.post(path, {})).status).toBe(410);
    expect(await em().count(BusinessMember, { businessId, userId: person.userId })).toBe(0);
    // Revoking it again: no longer pending.
    expect((await owner.post(`/dashboard/members/invitations/${row.id}/revoke`)).status).toBe(404);
  });

  it('refuses inviting and revoking to every role but the owner', async () => {
    for (const role of ['admin', 'developer', 'support', 'viewer'] as const) {
      const member = await login();
      const fork = em();
      fork.create(BusinessMember, { businessId, userId: member.userId, role, createdAt: clock.now() });
      await fork.flush();
      const client = await clientOf(member.userId);
      const page = await client.get('/dashboard/members');
      expect(page.status, role).toBe(200);
      expect(page.body, role).not.toContain('Send invitation');
      const refused = await client.post('/dashboard/members/invitations', {
        email: 'x@elsewhere.test',
        role: 'admin',
      });
      expect(refused.status, role).toBe(403);
      const revoke = await client.post(`/dashboard/members/invitations/${randomUUID()}/revoke`);
      expect(revoke.status, role).toBe(403);
    }
    expect(await em().count(BusinessInvitation, { email: 'x@elsewhere.test' })).toBe(0);
  });

  it('shows a signed-out visitor sign-in and brings them back to the link after signing in', async () => {
    const email = `out-${randomUUID()}@elsewhere.test`;
    await createUser(em(), clock, { email, verified: true, passwordHash: await hashPassword(PASSWORD) });
    const path = await invite(email);
    const visitor = new DashboardClient(gw.baseUrl);
    const page = await visitor.get(path);
    expect(page.status).toBe(401);
    expect(page.body).toContain('Sign in to see the invitation');
    expect(page.body).not.toContain('Invite Shop');
    expect(visitor.cookies.get('cairn_invitation')).toBe(path.split('/').pop());
    await visitor.get('/dashboard/sign-in');
    const signedIn = await visitor.post('/dashboard/sign-in', { email, password: PASSWORD });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(`${gw.baseUrl}${path}`);
    const back = await visitor.get(path);
    expect(back.status).toBe(200);
    expect(back.body).toContain('Join Invite Shop');
    expect(visitor.cookies.has('cairn_invitation')).toBe(false);
  });

  it('refuses a link after its 7 days, and an unknown one, with the same page', async () => {
    const person = await login();
    const path = await invite(person.email);
    clock.advance(7 * DAY);
    const client = await clientOf(person.userId);
    const expired = await client.get(path);
    expect(expired.status).toBe(410);
    expect((await client.post(path, {})).status).toBe(410);
    expect(await em().count(BusinessMember, { businessId, userId: person.userId })).toBe(0);
    const unknown = await client.get(`/dashboard/invitations/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(410);
    expect(unknown.body.replace(/<input[^>]*>/g, '')).toBe(expired.body.replace(/<input[^>]*>/g, ''));
    expect((await (await clientOf(ownerId)).get('/dashboard/members')).body).not.toContain(person.email);
  });
});
