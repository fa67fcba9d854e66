import { type StrayFunds, WebhookEventSchema } from '@cairn/contract';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import type { Client } from '../api/apiHelpers.js';
import { screenshotDirFor, VIEWPORTS, type ViewportName, watchPage } from '../checkoutPage/browser.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import { checkDashboardPage } from './checkDashboardPage.js';
import { DashboardClient } from './DashboardClient.js';

const SCREENS = screenshotDirFor(import.meta.url);

/** A fresh dashboard session of the login owning `businessId` (the test gateway's by default). */
export async function sessionFor(test: TestGateway, businessId = test.businessId): Promise<string> {
  const gateway = test.running.gateway;
  const em = gateway.orm.em.fork();
  const business = await em.findOneOrFail(Business, { id: businessId });
  const { token } = await createSession(em, gateway.clock, {
    userId: business.userId,
    lifetime: { absoluteMs: 30 * 86_400_000, idleMs: 30 * 86_400_000 },
  });
  return token;
}

/** A dashboard client signed in (just now: no step-up) as the owner of `businessId`. */
export async function signedInDashboard(test: TestGateway, businessId?: string): Promise<DashboardClient> {
  const dash = new DashboardClient(test.baseUrl);
  dash.cookies.set('cairn_session', await sessionFor(test, businessId));
  return dash;
}

/** The page's text as a person reads it (tags dropped, entities of the amounts and names decoded). */
export const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#39;', "'")
    .replace(/\s+/g, ' ');

/**
 * Opens the stray-funds page in Chromium at desktop and phone width, checks it as every dashboard
 * browser test does (axe-core, origins, console) and saves `<state>-<viewport>.png`.
 */
export async function captureStrayFunds(browser: Browser, test: TestGateway, state: string): Promise<void> {
  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    const context = await browser.newContext({ ...VIEWPORTS[viewport] });
    try {
      const url = new URL(test.baseUrl);
      await context.addCookies([
        { name: 'cairn_session', value: await sessionFor(test), domain: url.hostname, path: '/' },
      ]);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(`${test.baseUrl}/dashboard/stray-funds`);
      await page.getByRole('heading', { name: 'Stray funds', level: 1 }).waitFor();
      expect(await page.locator('[data-stray]').count()).toBeGreaterThan(0);
      await checkDashboardPage(page, watch, { state, viewport, origins: [test.baseUrl], dir: SCREENS });
    } finally {
      await context.close();
    }
  }
}

/**
 * The stray funds of every `type` event (`stray_funds.found`, `stray_funds.resolved`) the events API
 * lists, newest first; each event is checked against the contract (what the SDK validates).
 */
export async function strayEventsOf(client: Client, type: string): Promise<StrayFunds[]> {
  const response = await client.get(`/events?type=${type}`);
  expect(response.status, response.text).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: API body
  return response.body.data.map((event: any) => {
    const parsed = WebhookEventSchema.parse(event);
    expect(parsed.event).toBe(type);
    return event.data.stray_funds as StrayFunds;
  });
}
