import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import {
  AuditEvent,
  Business,
  BusinessMember,
  DashboardSession,
  MailMessage,
  type MemberRole,
} from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { DashboardClient } from '../dashboard/DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from '../dashboard/dashboardTestGateway.js';

// The owner changes a member's role, removes a member and hands ownership, over HTTP: each needs a
// fresh authentication, is audited with the acting member and mailed to the owner; a removed member's
// next request no longer reaches the business.

const MINUTE = 60_000;
const LIFETIME = { absoluteMs: 86_400_000, idleMs: 86_400_000 };
const clock = new ManualClock(new Date('2026-11-28T10:00:00Z'));
let gw: DashboardTestGateway;
let ownerId: string;
let ownerEmail: string;
let businessId: string;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
  const em = gw.running.gateway.orm.em.fork();
  ownerEmail = `owner-${randomUUID()}@shop.test`;
  ownerId = (await createUser(em, clock, { email: ownerEmail, verified: true })).id;
  const grants = { testUsd: '0', liveUsd: '0' };
  businessId = (await createBusiness(em, clock, { userId: ownerId, name: 'Team Shop', grants })).id;
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

async function newMember(role: MemberRole): Promise<{ userId: string; email: string }> {
  const em = gw.running.gateway.orm.em.fork();
  const email = `${role}-${randomUUID()}@shop.test`;
  const user = await createUser(em, clock, { email, verified: true });
  em.create(BusinessMember, { businessId: businessId, userId: user.id, role, createdAt: clock.now() });
  await em.flush();
  return { userId: user.id, email };
}

async function clientOf(userId: string): Promise<DashboardClient> {
  const { token } = await createSession(gw.running.gateway.orm.em.fork(), clock, {
    userId,
    lifetime: LIFETIME,
  });
  const client = new DashboardClient(gw.baseUrl);
  client.cookies.set('cairn_session', token);
  return client;
}

const em = () => gw.running.gateway.orm.em.fork();

describe('members', () => {
  it('lists the members; the owner changes a role, audited and mailed, after confirming who they are', async () => {
    const owner = await clientOf(ownerId);
    const support = await newMember('support');
    const page = await owner.get('/dashboard/members');
    expect(page.status).toBe(200);
    expect(page.body).toContain(support.email);
    expect(page.body).toContain('Change role');

    clock.advance(11 * MINUTE);
    const asked = await owner.post(`/dashboard/members/${support.userId}/role`, { role: 'developer' });
    expect(asked.status).toBe(401);
    expect(asked.body).toContain('Confirm it’s you');
    expect((await em().findOneOrFail(BusinessMember, { userId: support.userId })).role).toBe('support');

    const fresh = await clientOf(ownerId);
    await fresh.get('/dashboard/members');
    const changed = await fresh.post(`/dashboard/members/${support.userId}/role`, { role: 'developer' });
    expect(changed.status).toBe(303);
    expect((await em().findOneOrFail(BusinessMember, { userId: support.userId })).role).toBe('developer');
    const audit = await em().findOneOrFail(AuditEvent, {
      businessId: businessId,
      action: 'member.role_changed',
    });
    expect(audit.actorUserId).toBe(ownerId);
    expect(audit.target).toBe(support.email);
    expect(audit.details).toEqual({ from: 'support', to: 'developer' });
    const mail = await em().findOne(MailMessage, {
      subject: 'Cairn security alert: A member’s role was changed',
    });
    expect(mail?.textBody ?? '').toContain(support.email);
  });

  it('refuses the members page’s changes to every other role, and the owner’s own removal', async () => {
    const admin = await newMember('admin');
    const other = await newMember('viewer');
    const client = await clientOf(admin.userId);
    const page = await client.get('/dashboard/members');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Change role');
    const refused = await client.post(`/dashboard/members/${other.userId}/remove`);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Your role in');
    const owner = await clientOf(ownerId);
    await owner.get('/dashboard/members');
    const self = await owner.post(`/dashboard/members/${ownerId}/remove`);
    expect(self.status).toBe(409);
    expect(await em().count(BusinessMember, { userId: ownerId })).toBe(1);
  });

  it('ends a removed member’s access to the business at once', async () => {
    const removed = await newMember('support');
    const member = await clientOf(removed.userId);
    expect((await member.get('/dashboard/payments')).status).toBe(200);
    const owner = await clientOf(ownerId);
    await owner.get('/dashboard/members');
    expect((await owner.post(`/dashboard/members/${removed.userId}/remove`)).status).toBe(303);

    const next = await member.get('/dashboard/payments');
    expect(next.status).toBe(303);
    expect(next.location).toBe(`${gw.dashboardUrl}/businesses/new`);
    const sessions = await em().find(DashboardSession, { userId: removed.userId });
    expect(sessions.map((s) => s.businessId)).toEqual([null]);
    const audit = await em().findOneOrFail(AuditEvent, { action: 'member.removed', target: removed.email });
    expect(audit.actorUserId).toBe(ownerId);
    expect(await em().count(MailMessage, { subject: 'Cairn security alert: A member was removed' })).toBe(1);
  });

  it('hands ownership to a member: the former owner becomes an admin', async () => {
    const next = await newMember('developer');
    const owner = await clientOf(ownerId);
    await owner.get('/dashboard/members');
    expect((await owner.post(`/dashboard/members/${next.userId}/owner`)).status).toBe(303);
    expect((await em().findOneOrFail(Business, { id: businessId })).userId).toBe(next.userId);
    const roles = await em().find(BusinessMember, {
      businessId: businessId,
      userId: { $in: [ownerId, next.userId] },
    });
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [ownerId]: 'admin',
      [next.userId]: 'owner',
    });
    expect(await em().count(BusinessMember, { businessId: businessId, role: 'owner' })).toBe(1);
    const mails = await em().find(MailMessage, {
      subject: 'Cairn security alert: Ownership of a business was handed over',
    });
    expect(mails.map((m) => m.toAddress).sort()).toEqual([next.email, ownerEmail].sort());
    // The former owner may no longer manage members.
    const former = await clientOf(ownerId);
    await former.get('/dashboard/members');
    expect((await former.post(`/dashboard/members/${next.userId}/remove`)).status).toBe(403);
  });
});
