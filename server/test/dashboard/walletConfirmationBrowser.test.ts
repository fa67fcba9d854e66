import { randomBytes } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { Wallet } from '../../src/platform/db/entities/index.js';
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
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const chromiumReady = chromiumAvailable();
vi.setConfig({ testTimeout: 180_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const PASSWORD = 'correct horse battery staple';
const HOUR = 3_600_000;

/**
 * A new live wallet in Debian's Chromium against the real gateway with the dev mailbox (no SMTP
 * server): added, it is pending confirmation and says where the link went; the mail in the dev mailbox
 * names the chain and the full wallet; its link opens a page showing both, and only its button
 * confirms. With CAIRN_LIVE_WALLET_DELAY_HOURS the wallets page then says from when it is usable.
 * Every page is checked with axe-core and captured at desktop and phone width (`screenshots/`).
 */
describe.runIf(chromiumReady)('live wallet confirmation in a real browser', () => {
  const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  let gw: DashboardTestGateway;
  let delayed: DashboardTestGateway;
  let browser: Browser;

  beforeAll(async () => {
    [gw, delayed, browser] = await Promise.all([
      // Live mode without two-factor here: passkeysBrowser.test.ts walks two-factor before live.
      startDashboardGateway({ clock, env: { CAIRN_REQUIRE_2FA_FOR_LIVE: 'false' } }),
      startDashboardGateway({
        clock,
        env: { CAIRN_LIVE_WALLET_DELAY_HOURS: '48', CAIRN_REQUIRE_2FA_FOR_LIVE: 'false' },
      }),
      launchChromium(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await gw?.stop();
    await delayed?.stop();
  });

  /** A signed-in owner of a new business on `on`, in live mode, in a fresh browser context. */
  async function liveOwner(on: DashboardTestGateway, viewport: ViewportName) {
    // Its own name: every test's mail is in the one dev mailbox, and the test clock does not order them.
    const name = `Tea House ${viewport}`;
    const email = `owner-${viewport}@shop.test`;
    const em = on.running.gateway.orm.em.fork();
    const user = await createUser(em, clock, {
      email,
      verified: true,
      passwordHash: await hashPassword(PASSWORD),
    });
    await createBusiness(em, clock, {
      userId: user.id,
      name,
      grants: { testUsd: '1', liveUsd: '1' },
    });
    const context = await browser.newContext({ ...VIEWPORTS[viewport] });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const watch = watchPage(page);
    await page.goto(`${on.dashboardUrl}/sign-in`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('switch', { name: 'Live mode' }).click();
    await expect.poll(() => page.locator('#mode-badge').textContent()).toBe('Live mode');
    const capture = (state: string) =>
      checkDashboardPage(page, watch, { state, viewport, origins: [on.baseUrl], dir: SCREENS });
    /** Adds a live BTC wallet and returns it as typed. */
    const addBtc = async () => {
      const value = deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC', 'p2wpkh');
      await page.goto(`${on.dashboardUrl}/wallets/new?chain=BTC`);
      await page.getByLabel('Account extended public key').fill(value);
      await page.getByRole('button', { name: 'Add wallet' }).click();
      await page.getByText('BTC wallet added').waitFor();
      return value;
    };
    /** Opens the newest wallet confirmation mail in the dev mailbox, then its link. */
    const openMailedLink = async (what?: string) => {
      await page.goto(`${on.dashboardUrl}/mailbox`);
      await page
        .getByRole('link', { name: `Confirm the new Bitcoin (BTC) wallet for ${name}` })
        .first()
        .click();
      if (what) await capture(what);
      await page.getByRole('link', { name: /\/wallets\/confirm\?token=/ }).click();
      await page.getByRole('heading', { name: 'Confirm the new live wallet' }).waitFor();
    };
    const row = (value: string) => on.running.gateway.orm.em.fork().findOneOrFail(Wallet, { value });
    return { email, name, context, page, capture, addBtc, openMailedLink, row };
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`live wallet pending until the mailed link is opened (${viewport})`, async () => {
      const o = await liveOwner(gw, viewport);
      const value = await o.addBtc();
      await o.page.getByText(`It is pending confirmation: we mailed a link to ${o.email}`).waitFor();
      await o.page.goto(`${gw.dashboardUrl}/wallets`);
      await o.page.getByText('Pending confirmation').waitFor();
      await o.page.getByText(`We mailed a link to ${o.email}`).waitFor();
      await o.capture('wallets-pending-confirmation');
      await o.page.goto(`${gw.dashboardUrl}/`);
      await o.page.getByText('BTC wallet pending confirmation').waitFor();
      await o.capture('home-wallet-pending');
      expect((await o.row(value)).confirmedAt).toBeNull();

      // The mail names the chain and the full wallet; its page shows both and changes nothing.
      await o.openMailedLink('wallet-confirmation-mail');
      await expect.poll(() => o.page.locator('#wallet-to-confirm').textContent()).toBe(value);
      await o.page.getByText('Bitcoin (BTC)').waitFor();
      await o.capture('confirm-wallet');
      expect((await o.row(value)).confirmedAt).toBeNull();
      await o.page.goto(`${gw.dashboardUrl}/wallets`);
      await o.page.getByText('Pending confirmation').waitFor();

      // Only the button confirms.
      await o.openMailedLink();
      await o.page.getByRole('button', { name: 'Confirm this wallet' }).click();
      await o.page.getByRole('heading', { name: 'Wallet confirmed' }).waitFor();
      await o.page.getByText('New payments offer its chain from now on.').waitFor();
      await o.capture('wallet-confirmed');
      expect((await o.row(value)).confirmedAt).toEqual(clock.now());
      await o.page.getByRole('link', { name: 'Wallets' }).last().click();
      await o.page.getByRole('heading', { name: 'Wallets (live mode)' }).waitFor();
      expect(await o.page.getByText('Pending confirmation').count()).toBe(0);

      // The link works once.
      await o.page.goto(`${gw.dashboardUrl}/mailbox`);
      await o.page
        .getByRole('link', { name: `Confirm the new Bitcoin (BTC) wallet for ${o.name}` })
        .first()
        .click();
      await o.page.getByRole('link', { name: /\/wallets\/confirm\?token=/ }).click();
      await o.page.getByText('This link has already been used').waitFor();
      await o.capture('wallet-link-used');
      await o.context.close();
    });

    it(`live wallet usable only after the operator's delay (${viewport})`, async () => {
      const o = await liveOwner(delayed, viewport);
      const value = await o.addBtc();
      await o.openMailedLink();
      await o.page.getByText('this gateway waits 48 more hours before payments use it').waitFor();
      await o.page.getByRole('button', { name: 'Confirm this wallet' }).click();
      await o.page.getByText('once the waiting time this gateway sets is over').waitFor();
      await o.capture('wallet-confirmed-delayed');
      await o.page.goto(`${delayed.dashboardUrl}/wallets`);
      const usableFrom = new Date(clock.now().getTime() + 48 * HOUR);
      await o.page
        .getByText(`Usable from ${usableFrom.toISOString().slice(0, 19).replace('T', ' ')} UTC`)
        .waitFor();
      await o.capture('wallets-usable-from');
      expect((await o.row(value)).usableFrom).toEqual(usableFrom);
      await o.context.close();
    });
  }
});
