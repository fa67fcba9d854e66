import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { BusinessMember, type MemberRole } from '../../src/platform/db/entities/index.js';
import {
  chromiumAvailable,
  expectNothingWiderThanViewport,
  launchChromium,
  screenshotDirFor,
  snap,
  VIEWPORTS,
} from '../checkoutPage/browser.js';
import { openDashboardMenu } from '../dashboard/dashboardMenu.js';
import { type DashboardTestGateway, startDashboardGateway } from '../dashboard/dashboardTestGateway.js';

// The members page in real Chromium at desktop and phone widths (screenshots under screenshots/),
// and a support member's refused change: the 403 page names their role.

const LIFETIME = { absoluteMs: 86_400_000, idleMs: 86_400_000 };
const DIR = screenshotDirFor(import.meta.url);
let gw: DashboardTestGateway;
let browser: Browser;
const tokens = new Map<MemberRole, string>();

beforeAll(async () => {
  [gw, browser] = await Promise.all([startDashboardGateway({}), launchChromium()]);
  const em = gw.running.gateway.orm.em.fork();
  const clock = gw.running.gateway.clock;
  const owner = await createUser(em, clock, { email: 'owner@tea-and-cake.test', verified: true });
  const grants = { testUsd: '0', liveUsd: '0' };
  const business = await createBusiness(em, clock, { userId: owner.id, name: 'Tea & Cake', grants });
  tokens.set('owner', (await createSession(em, clock, { userId: owner.id, lifetime: LIFETIME })).token);
  for (const role of ['developer', 'support'] as const) {
    const user = await createUser(em, clock, {
      email: `${role}-${randomUUID().slice(0, 8)}@tea-and-cake.test`,
      verified: true,
    });
    em.create(BusinessMember, { businessId: business.id, userId: user.id, role, createdAt: clock.now() });
    await em.flush();
    tokens.set(role, (await createSession(em, clock, { userId: user.id, lifetime: LIFETIME })).token);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await gw?.stop();
});

async function pageAs(role: MemberRole, viewport: keyof typeof VIEWPORTS) {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  await context.addCookies([{ name: 'cairn_session', value: tokens.get(role)!, url: gw.baseUrl }]);
  return context.newPage();
}

describe.runIf(chromiumAvailable())('the members page in a real browser', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the owner the members and their actions (${viewport})`, async () => {
      const page = await pageAs('owner', viewport);
      await page.goto(`${gw.dashboardUrl}/members`);
      await expect(page.getByRole('heading', { name: 'Members' }).textContent()).resolves.toBe('Members');
      expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(2);
      await openDashboardMenu(page);
      expect(await page.getByRole('link', { name: 'Members' }).count()).toBe(1);
      await expectNothingWiderThanViewport(page, `members ${viewport}`);
      await snap(page, 'members', viewport, DIR);
      await page.context().close();
    });
  }

  it('refuses a support member’s change to a key, naming their role', async () => {
    const page = await pageAs('support', 'desktop');
    await page.goto(`${gw.dashboardUrl}/payments`);
    await openDashboardMenu(page);
    expect(await page.getByRole('link', { name: 'API keys & webhook endpoints' }).count()).toBe(0);
    const answer = await page.goto(`${gw.dashboardUrl}/keys/new`);
    expect(answer?.status()).toBe(403);
    expect(await page.locator('main').textContent()).toContain('Your role in “Tea & Cake” is Support');
    await snap(page, 'members-refused', 'desktop', DIR);
    await page.context().close();
  });
});
