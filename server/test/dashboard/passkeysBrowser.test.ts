import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import type { Browser, CDPSession, Page } from 'playwright-core';
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
import { freePort } from '../harness/freePort.js';
import { checkDashboardPage } from './checkDashboardPage.js';
import { openDashboardMenu } from './dashboardMenu.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const chromiumReady = chromiumAvailable();
vi.setConfig({ testTimeout: 240_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;

/**
 * Passkeys in Debian's Chromium with its virtual authenticator (DevTools protocol `WebAuthn` domain:
 * a platform authenticator that keeps discoverable credentials and verifies its user), against the
 * real gateway on `localhost` (WebAuthn refuses IP addresses as relying parties). A login adds a
 * passkey (its first second factor, so it gets recovery codes), signs in with it alone, switches to
 * live (refused before, with no second factor), confirms a wallet change with it after ten minutes,
 * and answers a password sign-in's second step with it. Refused answers (replayed, bent, another
 * login's) are provoked over HTTP in passkeys.test.ts, with a software authenticator.
 */
describe.runIf(chromiumReady)('passkeys in a real browser', () => {
  const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
  let gw: DashboardTestGateway;
  let origin: string;
  let browser: Browser;
  let passwordHash: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    [gw, browser, passwordHash] = await Promise.all([
      startDashboardGateway({ clock, port, env: { CAIRN_PUBLIC_URL: origin } }),
      launchChromium(),
      hashPassword(PASSWORD),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await gw?.stop();
  });

  const url = (path: string) => `${origin}/dashboard${path}`;

  /** A page with its own virtual authenticator (user verified, presence answered at once). */
  async function newPage(viewport: ViewportName) {
    const context = await browser.newContext({ ...VIEWPORTS[viewport] });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { context, page, cdp, authenticatorId, watch: watchPage(page) };
  }

  async function capture(
    page: Page,
    watch: ReturnType<typeof watchPage>,
    state: string,
    viewport: ViewportName,
  ) {
    await checkDashboardPage(page, watch, { state, viewport, origins: [origin], dir: SCREENS });
  }

  /** A confirmed login with a password and a business, signed in on the page. */
  async function signedIn(page: Page, viewport: ViewportName): Promise<string> {
    const email = `passkey-${viewport}-${randomUUID()}@shop.test`;
    await createUser(gw.running.gateway.orm.em.fork(), clock, { email, verified: true, passwordHash });
    await page.goto(url('/sign-in'));
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Business name').fill(`Passkey Shop ${viewport}`);
    await page.getByRole('button', { name: 'Create business' }).click();
    await page.getByRole('heading', { name: `Passkey Shop ${viewport}` }).waitFor();
    return email;
  }

  const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`adds a passkey, signs in with it alone, goes live and confirms a wallet with it (${viewport})`, async () => {
      const { context, page, cdp, authenticatorId, watch } = await newPage(viewport);
      const email = await signedIn(page, viewport);

      // No second factor: live mode is refused, and the Security page says why.
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await page.getByText('turn on two-factor sign-in').waitFor();
      expect(await page.locator('#mode-badge').textContent()).toBe('Test mode');
      expect(page.url()).toContain('/dashboard/account/security');
      await capture(page, watch, 'live-needs-two-factor', viewport);

      // Add a passkey (signed in a moment ago: no step-up). It is the first second factor: codes.
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('heading', { name: 'Add a passkey' }).waitFor();
      await capture(page, watch, 'add-passkey', viewport);
      await page.getByLabel('Name').fill('Test laptop');
      await page.getByRole('button', { name: 'Create the passkey' }).click();
      await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
      expect(await page.locator('#recovery-codes code').count()).toBe(10);
      const made = await credentialsOf(cdp, authenticatorId);
      expect(made).toHaveLength(1);
      expect(made[0]!.isResidentCredential).toBe(true);
      await page.getByRole('link', { name: 'I have saved them' }).click();
      await page.locator('#passkey-list').getByText('Test laptop').waitFor();
      await capture(page, watch, 'security-passkey', viewport);

      // Signed out, then in with the passkey alone: no address, no password.
      await openDashboardMenu(page);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in to Cairn' }).waitFor();
      await capture(page, watch, 'sign-in-passkey', viewport);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('heading', { name: `Passkey Shop ${viewport}` }).waitFor();
      expect((await credentialsOf(cdp, authenticatorId))[0]!.signCount).toBeGreaterThan(0);

      // A passkey is two-factor: live mode opens.
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await expect.poll(() => page.locator('#mode-badge').textContent()).toBe('Live mode');
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await expect.poll(() => page.locator('#mode-badge').textContent()).toBe('Test mode');

      // Eleven minutes later, adding a wallet asks to confirm it's you: the passkey answers, and the
      // wallet is added in the same step.
      clock.advance(11 * MINUTE);
      await page.goto(url('/wallets/new?chain=BTC_TESTNET'));
      await page
        .getByLabel('Account extended public key')
        .fill(deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC_TESTNET', 'p2wpkh'));
      await page.getByRole('button', { name: 'Add wallet' }).click();
      await page.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
      await capture(page, watch, 'step-up-passkey', viewport);
      await page.getByRole('button', { name: 'Confirm with a passkey' }).click();
      await page.getByText('BTC_TESTNET wallet added').waitFor();

      // A password sign-in now asks for the second factor; the passkey answers it.
      await openDashboardMenu(page);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      await capture(page, watch, 'sign-in-second-factor-passkey', viewport);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.getByRole('heading', { name: `Passkey Shop ${viewport}` }).waitFor();

      // Removing the last passkey (a fresh sign-in: no step-up) turns two-factor off; live mode closes.
      await page.goto(url('/account/security'));
      await page.locator('#passkey-list').getByRole('button', { name: 'Remove' }).click();
      await page.getByText('It was your last second factor').waitFor();
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await page.getByText('turn on two-factor sign-in').waitFor();
      await context.close();
    });
  }
});
