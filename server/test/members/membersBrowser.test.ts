import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { ROLE_MATRIX } from '../../src/domain/members/roleMatrix.generated.js';
import { BusinessMember, MailMessage, type MemberRole } from '../../src/platform/db/entities/index.js';
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
// a support member's refused change (the 403 page names their role), and an invitation end to end:
// the owner invites, the invitee signs up in a second browser context with the invited address,
// confirms it, follows the link, joins, sees their role's navigation and is refused another role's
// page; the owner removes them and their next page no longer shows the business. And each of the five
// roles: the navigation it sees (from docs/roles.md's matrix) and one change it is refused.

const LIFETIME = { absoluteMs: 86_400_000, idleMs: 86_400_000 };
const DIR = screenshotDirFor(import.meta.url);
let gw: DashboardTestGateway;
let browser: Browser;
const tokens = new Map<MemberRole, string>();
let ownerId: string;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  [gw, browser] = await Promise.all([startDashboardGateway({}), launchChromium()]);
  const em = gw.running.gateway.orm.em.fork();
  const clock = gw.running.gateway.clock;
  const owner = await createUser(em, clock, { email: 'owner@tea-and-cake.test', verified: true });
  const grants = { testUsd: '0', liveUsd: '0' };
  const business = await createBusiness(em, clock, { userId: owner.id, name: 'Tea & Cake', grants });
  ownerId = owner.id;
  tokens.set('owner', (await createSession(em, clock, { userId: owner.id, lifetime: LIFETIME })).token);
  for (const role of ['admin', 'developer', 'support', 'viewer'] as const) {
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
      // Every member but the owner: admin, developer, support and viewer.
      expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(4);
      await openDashboardMenu(page);
      expect(await page.getByRole('link', { name: 'Members' }).count()).toBe(1);
      await expectNothingWiderThanViewport(page, `members ${viewport}`);
      await snap(page, 'members', viewport, DIR);
      await page.context().close();
    });
  }

  /** The side navigation's entries and the permission each needs (renderDashboardPage.ts). */
  const NAV = {
    Home: 'overview.read',
    Payments: 'payments.read',
    Invoices: 'invoices.read',
    'Payment links': 'links.read',
    'Stray funds': 'stray_funds.read',
    Reports: 'reports.read',
    'API keys & webhook endpoints': 'keys.read',
    'Webhook deliveries': 'webhooks.read',
    Wallets: 'wallets.read',
    'Prepaid Credit': 'credit.read',
    Members: 'members.read',
    Settings: 'settings.read',
    Businesses: 'settings.read',
    'Audit log': 'audit.read',
  } as const;

  /** One change each role may not make: a form the browser submits with the page's CSRF token. */
  const REFUSED: Record<
    Exclude<MemberRole, 'owner'>,
    { what: string; action: () => string; fields: object }
  > = {
    admin: {
      what: 'change the owner’s role',
      action: () => `/members/${ownerId}/role`,
      fields: { role: 'viewer' },
    },
    developer: { what: 'create an invoice', action: () => '/invoices', fields: {} },
    support: { what: 'create an API key', action: () => '/keys', fields: { label: 'Support key' } },
    viewer: { what: 'create a payment link', action: () => '/links', fields: {} },
  };

  for (const role of ['owner', 'admin', 'developer', 'support', 'viewer'] as const) {
    it(`shows ${role} the navigation of its role${role === 'owner' ? '' : ' and refuses one change'}`, async () => {
      const page = await pageAs(role, 'desktop');
      await page.goto(`${gw.dashboardUrl}/`);
      const shown = (await page.locator('nav.side a').allTextContents()).map((t) => t.trim());
      const expected = Object.entries(NAV)
        .filter(([, permission]) => (ROLE_MATRIX[permission] as readonly string[]).includes(role))
        .map(([label]) => label);
      expect(shown.filter((label) => label in NAV)).toEqual(expected);
      if (role !== 'owner') {
        const refused = REFUSED[role];
        const csrf = await page.locator('input[name="_csrf"]').first().getAttribute('value');
        expect(csrf, 'a CSRF token on the page').toBeTruthy();
        // Submitted as the page's own forms are: a real form POST with the session's CSRF token.
        const [answer] = await Promise.all([
          page.waitForNavigation(),
          page.evaluate(
            ({ action, fields, token }) => {
              const form = document.createElement('form');
              form.method = 'post';
              form.action = action;
              for (const [name, value] of Object.entries({ ...fields, _csrf: token })) {
                const input = document.createElement('input');
                input.type = 'hidden';
                input.name = name;
                input.value = String(value);
                form.append(input);
              }
              document.body.append(form);
              form.submit();
            },
            { action: `${gw.dashboardUrl}${refused.action()}`, fields: refused.fields, token: csrf! },
          ),
        ]);
        expect(answer?.status(), `${role} may not ${refused.what}`).toBe(403);
        expect(await page.locator('main').textContent()).toContain(
          `Your role in “Tea & Cake” is ${role[0]!.toUpperCase()}${role.slice(1)}`,
        );
      }
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

  it('invites someone who signs up, joins as a developer, and loses the business when removed', async () => {
    const invitee = `dev-${randomUUID().slice(0, 8)}@elsewhere.test`;
    const mailTo = async (subject: string) => {
      const em = gw.running.gateway.orm.em.fork();
      const mail = await em.findOneOrFail(MailMessage, {
        toAddress: invitee,
        subject: { $like: `${subject}%` },
      });
      return mail.textBody;
    };
    const owner = await pageAs('owner', 'desktop');
    owner.on('dialog', (dialog) => void dialog.accept());
    await owner.goto(`${gw.dashboardUrl}/members`);
    await owner.getByLabel('Email address').fill(invitee);
    await owner.getByLabel('Role', { exact: true }).selectOption('developer');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Invitation sent').waitFor();
    const pending = owner.getByRole('region', { name: 'Pending invitations' });
    expect(await pending.textContent()).toContain(invitee);
    expect(await pending.textContent()).toContain('Developer');
    await expectNothingWiderThanViewport(owner, 'members with an invitation desktop');
    await snap(owner, 'members-invitation', 'desktop', DIR);
    await owner.setViewportSize(VIEWPORTS.phone.viewport);
    await expectNothingWiderThanViewport(owner, 'members with an invitation phone');
    await snap(owner, 'members-invitation', 'phone', DIR);
    await owner.setViewportSize(VIEWPORTS.desktop.viewport);

    const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]{43}/.exec(await mailTo('Join Tea & Cake'))?.[0];
    expect(link).toBeDefined();
    const context = await browser.newContext(VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Sign in to see the invitation' }).waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email address').fill(invitee);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const verify = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(await mailTo('Confirm your email'))?.[0];
    await page.goto(verify!);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await page.getByText('Your email address is confirmed').waitFor();
    await page.getByLabel('Email address').fill(invitee);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back at the invitation after signing in.
    await page.getByRole('heading', { name: 'Join Tea & Cake' }).waitFor();
    const facts = await page.locator('main').textContent();
    expect(facts).toContain('Developer');
    expect(facts).toContain('owner@tea-and-cake.test');
    await expectNothingWiderThanViewport(page, 'invitation desktop');
    await snap(page, 'invitation', 'desktop', DIR);
    await page.setViewportSize(VIEWPORTS.phone.viewport);
    await expectNothingWiderThanViewport(page, 'invitation phone');
    await snap(page, 'invitation', 'phone', DIR);
    await page.setViewportSize(VIEWPORTS.desktop.viewport);
    await page.getByRole('button', { name: 'Join Tea & Cake' }).click();
    await page.getByText('you are now a member of this business').waitFor();

    await openDashboardMenu(page);
    expect(await page.getByRole('link', { name: 'API keys & webhook endpoints' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Invoices' }).count()).toBe(0);
    const refused = await page.goto(`${gw.dashboardUrl}/invoices`);
    expect(refused?.status()).toBe(403);
    expect(await page.locator('main').textContent()).toContain('Your role in “Tea & Cake” is Developer');

    await owner.goto(`${gw.dashboardUrl}/members`);
    const row = owner.getByRole('row').filter({ hasText: invitee });
    await row.getByRole('button', { name: 'Remove' }).click();
    await owner.getByText('Member removed').waitFor();
    await page.goto(`${gw.dashboardUrl}/payments`);
    await page.getByRole('heading', { name: 'Name your business' }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Tea & Cake');
    await context.close();
    await owner.context().close();
  }, 120_000);
});
