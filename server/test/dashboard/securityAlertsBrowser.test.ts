import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import {
  chromiumAvailable,
  launchChromium,
  screenshotDirFor,
  VIEWPORTS,
  type ViewportName,
  watchPage,
} from '../checkoutPage/browser.js';
import { checkDashboardPage } from './checkDashboardPage.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const chromiumReady = chromiumAvailable();
vi.setConfig({ testTimeout: 240_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const PASSWORD = 'correct horse battery staple';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * A security alert in Debian's Chromium, on a gateway without SMTP (the dev mailbox): the owner signs
 * in, someone signs in from another device, the alert is read in the dev mailbox, and its "this was
 * not me" link locks the account (the other device is signed out, the password refused until reset).
 * Every page is checked with axe-core and captured at desktop and phone width (`screenshots/`).
 */
describe.runIf(chromiumReady)('a security alert and its lock link in a real browser', () => {
  const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  let gw: DashboardTestGateway;
  let browser: Browser;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startDashboardGateway({ clock }), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await gw?.stop();
  });

  async function capture(
    page: Page,
    watch: ReturnType<typeof watchPage>,
    state: string,
    viewport: ViewportName,
  ) {
    await checkDashboardPage(page, watch, { state, viewport, origins: [gw.baseUrl], dir: SCREENS });
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`mails a sign-in from a new device, and "this was not me" locks the account (${viewport})`, async () => {
      const email = `owner-${viewport}@shop.test`;
      await createUser(gw.running.gateway.orm.em.fork(), clock, {
        email,
        verified: true,
        passwordHash: await hashPassword(PASSWORD),
      });
      const context = await browser.newContext({ ...VIEWPORTS[viewport] });
      const page = await context.newPage();
      const watch = watchPage(page);
      const url = (path: string) => `${gw.dashboardUrl}${path}`;
      const signIn = async () => {
        await page.goto(url('/sign-in'));
        await page.getByLabel('Email address').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
      };

      // The owner's first sign-in: nothing to compare it with, no alert.
      await signIn();
      await page.getByRole('heading', { name: 'Name your business' }).waitFor();
      // Someone else, on an iPhone.
      clock.advance(60_000);
      const thief = new DashboardClient(gw.baseUrl);
      await thief.get('/dashboard/sign-in');
      const stolen = await thief.request(
        'POST',
        '/dashboard/sign-in',
        { _csrf: thief.csrf(), email, password: PASSWORD },
        { 'user-agent': SAFARI },
      );
      expect(stolen.status).toBe(303);

      await page.goto(url('/mailbox'));
      await page
        .getByRole('link', { name: /New sign-in to your Cairn account/ })
        .first()
        .click();
      await page.getByText('signed in to from a new device.').waitFor();
      expect(await page.locator('pre.mail').textContent()).toContain('Safari on iPhone');
      await capture(page, watch, 'security-alert-mail', viewport);

      await page.locator('pre.mail a[href*="/lock-account?token="]').click();
      await page.getByRole('heading', { name: 'Lock your account' }).waitFor();
      await capture(page, watch, 'lock-account', viewport);
      // Opening the link changed nothing: the other device is still signed in.
      expect((await thief.get('/dashboard/account/security')).status).toBe(200);

      await page.getByRole('button', { name: 'Lock my account' }).click();
      await page.getByRole('heading', { name: 'Your account is locked' }).waitFor();
      await capture(page, watch, 'account-locked', viewport);
      expect((await thief.get('/dashboard/account/security')).location).toBe(`${gw.dashboardUrl}/sign-in`);

      await signIn();
      await page.getByText('This account was locked from a security alert').waitFor();
      await capture(page, watch, 'sign-in-locked', viewport);
      await context.close();
    });
  }
});
