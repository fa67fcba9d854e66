import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { ROLE_MATRIX } from '../../src/domain/members/roleMatrix.generated.js';
import { isPermission, MEMBER_ROLES } from '../../src/domain/members/roles.js';
import { BusinessMember, type MemberRole } from '../../src/platform/db/entities/index.js';
import { DashboardClient } from '../dashboard/DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from '../dashboard/dashboardTestGateway.js';

// Every route of the dashboard's business scope (as Fastify registered them: its onRoute list, not a
// hand-kept one) × every role, over HTTP: a role the matrix (docs/roles.md) allows is not refused,
// any other gets 403. Ids in paths are random (an allowed role then meets a 404 or a form error).

let gw: DashboardTestGateway;
const LIFETIME = { absoluteMs: 86_400_000, idleMs: 86_400_000 };
const clients = new Map<MemberRole, DashboardClient>();

beforeAll(async () => {
  gw = await startDashboardGateway({});
  const { gateway } = gw.running;
  const em = gateway.orm.em.fork();
  for (const role of MEMBER_ROLES) {
    if (role === 'owner') continue;
    const user = await createUser(em, gateway.clock, {
      email: `${role}-${randomUUID()}@shop.test`,
      verified: true,
    });
    em.create(BusinessMember, {
      businessId: gw.businessId,
      userId: user.id,
      role,
      createdAt: gateway.clock.now(),
    });
    await em.flush();
    clients.set(role, await signedInAs(user.id));
  }
  const owner = await em.findOneOrFail(BusinessMember, { businessId: gw.businessId, role: 'owner' });
  clients.set('owner', await signedInAs(owner.userId));
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

/** A client with a fresh session of the login, on the seeded business (fresh: no step-up page). */
async function signedInAs(userId: string): Promise<DashboardClient> {
  const { gateway } = gw.running;
  const em = gateway.orm.em.fork();
  const { token } = await createSession(em, gateway.clock, { userId, lifetime: LIFETIME });
  const client = new DashboardClient(gw.baseUrl);
  client.cookies.set('cairn_session', token);
  return client;
}

const routes = () =>
  gw.running.app.dashboardBusinessRoutes.filter((r) => r.method === 'GET' || r.method === 'POST');

describe('the business scope', () => {
  it('names a permission of docs/roles.md on every route', () => {
    expect(routes().length).toBeGreaterThan(40);
    const unnamed = routes().filter((r) => r.permission === undefined || !isPermission(r.permission));
    expect(unnamed).toEqual([]);
  });

  it('lets each role use exactly the routes the matrix gives it', async () => {
    const outcomes: string[] = [];
    let refusals = 0;
    for (const route of routes()) {
      const path = route.url.replace(/:id/g, randomUUID());
      const allowed = ROLE_MATRIX[route.permission as keyof typeof ROLE_MATRIX] as readonly MemberRole[];
      for (const role of MEMBER_ROLES) {
        const client = clients.get(role)!;
        await client.get('/dashboard/sign-in'); // a page with a CSRF token for the POSTs
        const answer = route.method === 'GET' ? await client.get(path) : await client.post(path, {});
        const refused = answer.status === 403;
        if (refused) refusals++;
        if (refused && !/Not allowed for your role|^\{\}$/.test(answer.body)) {
          outcomes.push(`${route.method} ${route.url} ${role}: 403 for another reason`);
        }
        if (refused === allowed.includes(role)) {
          outcomes.push(
            `${route.method} ${route.url} ${role}: ${answer.status}, expected ${allowed.includes(role) ? 'allowed' : '403'}`,
          );
        }
      }
    }
    expect(outcomes).toEqual([]);
    // The matrix refuses something on most routes: the check above saw those refusals happen.
    const expected = routes().reduce(
      (sum, r) => sum + MEMBER_ROLES.length - ROLE_MATRIX[r.permission as keyof typeof ROLE_MATRIX].length,
      0,
    );
    expect(refusals).toBe(expected);
    expect(refusals).toBeGreaterThan(50);
  }, 300_000);

  it('shows each role only the navigation entries it may open', async () => {
    const entries = {
      Payments: 'payments.read',
      Invoices: 'invoices.read',
      'Payment links': 'links.read',
      'Stray funds': 'stray_funds.read',
      Reports: 'reports.read',
      'API keys &amp; webhook endpoints': 'keys.read',
      'Webhook deliveries': 'webhooks.read',
      Wallets: 'wallets.read',
      'Prepaid Credit': 'credit.read',
      Members: 'members.read',
      'Audit log': 'audit.read',
    } as const;
    for (const role of MEMBER_ROLES) {
      const page = await clients.get(role)!.get('/dashboard/');
      expect(page.status, role).toBe(200);
      const nav = /<nav class="side"[\s\S]*?<\/nav>/.exec(page.body)?.[0] ?? '';
      for (const [label, permission] of Object.entries(entries)) {
        const shown = new RegExp(`>${label}</a>`).test(nav);
        expect(shown, `${role}: ${label}`).toBe(
          (ROLE_MATRIX[permission] as readonly string[]).includes(role),
        );
      }
    }
  });
});
