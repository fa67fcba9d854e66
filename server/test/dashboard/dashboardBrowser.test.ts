import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { Cairn } from '@cairn/sdk';
import { verifyWebhook } from '@cairn/webhook-verifier';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCodeAt } from '../../src/domain/accounts/totpCodes.js';
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
import { startOidcProvider, type TestOidcProvider } from '../harness/startOidcProvider.js';
import { startSmtpServer, type TestSmtpServer } from '../harness/startSmtpServer.js';
import { checkDashboardPage } from './checkDashboardPage.js';
import { linkIn } from './DashboardClient.js';
import { openDashboardMenu } from './dashboardMenu.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const chromiumReady = chromiumAvailable();
vi.setConfig({ testTimeout: 240_000 });
const SCREENS = screenshotDirFor(import.meta.url);
const PASSWORD = 'correct horse battery staple';
const OIDC_SECRET = 'a-client-secret-for-the-local-provider';
const MINUTE = 60_000;
const seed = () => randomBytes(64).toString('hex');

/**
 * The merchant dashboard in Debian's Chromium against the real gateway (real HTTP, PostgreSQL, job
 * workers and webhook delivery) and a real SMTP server: a merchant signs up, confirms the address
 * from the mail, adds wallets, creates keys, uses one with the SDK, configures a webhook to a local
 * verifying receiver and sends a test, goes live, and revokes. Every page is checked with axe-core
 * (no serious or critical WCAG A/AA violation) and captured at desktop and phone width
 * (`screenshots/`, see docs/operating/testing.md).
 */
describe.runIf(chromiumReady)('merchant dashboard in a real browser', () => {
  const clock = new ManualClock(new Date());
  let smtp: TestSmtpServer;
  let oidc: TestOidcProvider;
  let gw: DashboardTestGateway;
  /** A second gateway with no SMTP server: the quick start's dev mailbox. */
  let devGw: DashboardTestGateway;
  let browser: Browser;
  let receiver: Server;
  const hooks: { body: string; header: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        hooks.push({
          body: Buffer.concat(chunks).toString('utf8'),
          header: String(request.headers['x-webhook-signature'] ?? ''),
        });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    smtp = await startSmtpServer();
    const port = await freePort();
    oidc = await startOidcProvider({
      clients: [
        {
          clientId: 'cairn',
          clientSecret: OIDC_SECRET,
          redirectUris: [`http://127.0.0.1:${port}/dashboard/oidc/local/callback`],
        },
      ],
      accounts: { unverified: { email: 'unverified@example.test', emailVerified: false } },
    });
    [gw, devGw, browser] = await Promise.all([
      startDashboardGateway({
        clock,
        port,
        workers: true,
        env: {
          CAIRN_SMTP_URL: smtp.url,
          CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
          CAIRN_SIGNIN_FAILURES_PER_ACCOUNT: '3',
          CAIRN_OIDC_LOCAL_ISSUER: oidc.issuer,
          CAIRN_OIDC_LOCAL_CLIENT_ID: 'cairn',
          CAIRN_OIDC_LOCAL_CLIENT_SECRET: OIDC_SECRET,
          CAIRN_OIDC_LOCAL_LABEL: 'Local ID',
          // The live part of this walk predates two-factor; passkeysBrowser.test.ts walks two-factor before live.
          CAIRN_REQUIRE_2FA_FOR_LIVE: 'false',
        },
      }),
      startDashboardGateway({}),
      launchChromium(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await gw?.stop();
    await devGw?.stop();
    await smtp?.stop();
    await oidc?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** Checks the page (axe, no foreign requests, no console errors) and captures it. */
  async function capture(
    page: Page,
    watch: ReturnType<typeof watchPage>,
    state: string,
    viewport: ViewportName,
  ) {
    await checkDashboardPage(page, watch, {
      state,
      viewport,
      origins: [gw.baseUrl, devGw.baseUrl, oidc.issuer],
      dir: SCREENS,
    });
  }

  async function newPage(viewport: ViewportName) {
    const context = await browser.newContext({ ...VIEWPORTS[viewport] });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    return { context, page, watch: watchPage(page) };
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`takes a merchant from sign-up to a live key (${viewport})`, async () => {
      const email = `owner-${viewport}@shop.test`;
      const { context, page, watch } = await newPage(viewport);
      const url = (path: string) => `${gw.dashboardUrl}${path}`;

      await page.goto(url('/sign-up'));
      await capture(page, watch, 'sign-up', viewport);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('too short');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => page.locator('#f-password-error').textContent()).toContain('at least 12');
      await capture(page, watch, 'sign-up-refused', viewport);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      await capture(page, watch, 'check-inbox', viewport);

      const mail = await smtp.waitFor(email, 'Confirm your email');
      await page.goto(linkIn(mail.text, `${gw.dashboardUrl}/verify-email`));
      await page.getByLabel('Password').fill(PASSWORD);
      await capture(page, watch, 'confirm-email', viewport);
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await page.getByText('Your email address is confirmed').waitFor();
      await capture(page, watch, 'sign-in', viewport);

      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Name your business' }).waitFor();
      await capture(page, watch, 'new-business', viewport);
      await page.getByLabel('Business name').fill(`Tea House ${viewport}`);
      await page.getByRole('button', { name: 'Create business' }).click();
      await page.getByRole('heading', { name: `Tea House ${viewport}` }).waitFor();
      expect(await page.locator('#mode-badge').textContent()).toBe('Test mode');
      await capture(page, watch, 'overview', viewport);

      await page.goto(url('/wallets'));
      await capture(page, watch, 'wallets-empty', viewport);
      await page.goto(url('/keys'));
      await capture(page, watch, 'keys-no-wallet', viewport);

      // A mainnet key on a testnet chain: refused, naming the variants the chain expects.
      await page.goto(url('/wallets/new?chain=BTC_TESTNET'));
      await capture(page, watch, 'add-wallet', viewport);
      await page.getByLabel('Account extended public key').fill(deriveAccountXpub(seed(), 'BTC', 'p2wpkh'));
      await page.getByRole('button', { name: 'Add wallet' }).click();
      await expect.poll(() => page.locator('#f-value-error').textContent()).toMatch(/vpub|tpub/);
      await capture(page, watch, 'add-wallet-refused', viewport);
      await page
        .getByLabel('Account extended public key')
        .fill(deriveAccountXpub(seed(), 'BTC_TESTNET', 'p2wpkh'));
      await page.getByRole('button', { name: 'Add wallet' }).click();
      await page.getByText('BTC_TESTNET wallet added').waitFor();
      await page.goto(url('/wallets/new?chain=LTC_TESTNET'));
      await page
        .getByLabel('Account extended public key')
        .fill(deriveAccountXpub(seed(), 'LTC_TESTNET', 'p2wpkh'));
      await page.getByRole('button', { name: 'Add wallet' }).click();
      await page.getByText('LTC_TESTNET wallet added').waitFor();
      await capture(page, watch, 'wallets', viewport);

      // A key with LTC deselected, shown once with a copy button.
      await page.goto(url('/keys/new'));
      await capture(page, watch, 'new-key', viewport);
      await page.getByLabel('Label').fill('shop server');
      await page.getByLabel('LTC_TESTNET · LTC').uncheck();
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.locator('#full-key').textContent())!.trim();
      expect(key).toMatch(/^pk_test_/);
      await expect.poll(() => page.getByRole('button', { name: 'Copy' }).first().isVisible()).toBe(true);
      await capture(page, watch, 'key-created', viewport);
      const keyId = (await page.locator('form[action$="/deactivate"]').getAttribute('action'))!.split(
        '/',
      )[3]!;

      const cairn = new Cairn({ apiKey: key, baseUrl: gw.baseUrl, maxRetries: 0 });
      const payment = await cairn.payments.create({ fiat_amount: '9.99', fiat_currency: 'USD' });
      await expect(cairn.checkout.selectChain(payment.id, { token: 'LTC_TESTNET:LTC' })).rejects.toBeTruthy();

      // The webhook endpoint, its secret once, and Send test's outcome inline.
      await page.goto(url(`/keys/${keyId}`));
      await page
        .getByLabel('Endpoint URL')
        .fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${viewport}`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.locator('#webhook-secret').textContent())!.trim();
      await capture(page, watch, 'webhook-saved', viewport);
      await page.getByRole('button', { name: 'Send test' }).click();
      await page.locator('#test-outcome').getByText('delivered').first().waitFor();
      // The outcome comes back right under the button, and the page is scrolled to it.
      expect(new URL(page.url()).hash).toBe('#test-outcome');
      const sendTest = (await page.getByRole('button', { name: 'Send test' }).boundingBox())!;
      const outcome = (await page.locator('#test-outcome').boundingBox())!;
      expect(outcome.y).toBeGreaterThan(sendTest.y);
      expect(outcome.y - (sendTest.y + sendTest.height)).toBeLessThan(viewport === 'desktop' ? 40 : 120);
      expect(outcome.y).toBeGreaterThanOrEqual(0);
      expect(outcome.y + outcome.height).toBeLessThanOrEqual(VIEWPORTS[viewport].viewport.height);
      await capture(page, watch, 'webhook-test-sent', viewport);
      const hook = [...hooks].reverse().find((h) => h.body.includes('webhook.test'))!;
      expect(
        verifyWebhook({ payload: hook.body, header: hook.header, secret, now: () => clock.now() }),
      ).toBeTruthy();
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await page.getByText('The previous secret keeps working until').waitFor();
      await capture(page, watch, 'webhook-secret-rotated', viewport);

      await page.goto(url('/keys'));
      await capture(page, watch, 'keys', viewport);
      await page.goto(url('/audit'));
      await page.getByText('api_key.created').waitFor();
      await capture(page, watch, 'audit', viewport);
      await page.goto(url('/settings'));
      await capture(page, watch, 'settings', viewport);
      await page.goto(url('/businesses'));
      await capture(page, watch, 'businesses', viewport);

      // Live mode: its own wallet and key, which cannot see the test payment.
      await page.goto(url('/'));
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await expect.poll(() => page.locator('#mode-badge').textContent()).toBe('Live mode');
      await capture(page, watch, 'overview-live', viewport);
      await page.goto(url('/wallets/new?chain=BTC'));
      await page.getByLabel('Account extended public key').fill(deriveAccountXpub(seed(), 'BTC', 'p2wpkh'));
      await page.getByRole('button', { name: 'Add wallet' }).click();
      await page.getByText('BTC wallet added').waitFor();
      await page.goto(url('/keys/new'));
      await page.getByLabel('Label').fill('live server');
      await page.getByRole('button', { name: 'Create key' }).click();
      const liveKey = (await page.locator('#full-key').textContent())!.trim();
      expect(liveKey).toMatch(/^pk_live_/);
      const live = new Cairn({ apiKey: liveKey, baseUrl: gw.baseUrl, maxRetries: 0 });
      await expect(live.payments.retrieve(payment.id)).rejects.toMatchObject({ status: 404 });

      // Revoke the test key: the very next call is 401.
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await page.goto(url(`/keys/${keyId}`));
      await page.getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Key revoked').waitFor();
      await capture(page, watch, 'key-revoked', viewport);
      await expect(cairn.payments.retrieve(payment.id)).rejects.toMatchObject({ status: 401 });

      // A forged form is refused.
      await page.goto(url('/settings'));
      await page.locator('form[action$="/settings"] input[name="_csrf"]').evaluate((input) => {
        (input as HTMLInputElement).value = 'forged';
      });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'This form has expired' }).waitFor();
      await capture(page, watch, 'form-refused', viewport);

      // Two-factor sign-in: set up from the QR code's key with a code from the (test) clock, then
      // asked for at the next sign-in, and turned off again with a recovery code.
      await page.goto(url('/settings'));
      await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
      await page.getByRole('heading', { name: 'Security' }).waitFor();
      await capture(page, watch, 'security-off', viewport);
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      await capture(page, watch, 'two-factor-setup', viewport);
      const totpSecret = (await page.locator('#totp-secret').textContent())!.replace(/\s/g, '');
      await page.getByLabel('Code from your app').fill(totpCodeAt(totpSecret, clock.now()));
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
      await capture(page, watch, 'recovery-codes', viewport);
      const recovery = (await page.locator('#recovery-codes code').allTextContents()).map((c) => c.trim());
      expect(recovery).toHaveLength(10);
      await page.getByRole('link', { name: 'I have saved them' }).click();
      await capture(page, watch, 'security-on', viewport);
      await openDashboardMenu(page);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      await capture(page, watch, 'sign-in-two-factor', viewport);
      clock.advance(30_000);
      await page.getByLabel('Code from your authenticator app').fill(totpCodeAt(totpSecret, clock.now()));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: `Tea House ${viewport}` }).waitFor();
      await page.goto(url('/account/security'));
      await page.locator('#f-off-password').fill(PASSWORD);
      await page.locator('#f-off-code').fill(recovery[0]!);
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByText('Two-factor sign-in is off').first().waitFor();

      await page.goto(url('/settings'));
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByText('You are signed out on every device').waitFor();
      await context.close();
    });

    it(`signs up through the dev mailbox when there is no mail server (${viewport})`, async () => {
      const email = `quick-${viewport}@shop.test`;
      const { context, page, watch } = await newPage(viewport);
      await page.goto(`${devGw.dashboardUrl}/sign-up`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('link', { name: 'dev mailbox' }).click();
      await page.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
      await capture(page, watch, 'dev-mailbox', viewport);
      await page.getByRole('link', { name: 'Confirm your email address for Cairn' }).first().click();
      await capture(page, watch, 'dev-mailbox-message', viewport);
      await page.getByRole('link', { name: /verify-email\?token=/ }).click();
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Name your business' }).waitFor();
      await context.close();
    });

    it(`signs in with OpenID Connect against a local provider (${viewport})`, async () => {
      const login = `olga-${viewport}`;
      const { context, page, watch } = await newPage(viewport);
      await page.goto(`${gw.dashboardUrl}/sign-in`);
      await page.getByRole('link', { name: 'Continue with Local ID' }).click();
      await page.waitForURL(`${oidc.issuer}/**`);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('any password');
      // The provider's own form (not the dashboard): keep the callback to replay it below.
      let callback = '';
      page.on('request', (request) => {
        if (request.url().includes('/dashboard/oidc/local/callback')) callback = request.url();
      });
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('heading', { name: 'Name your business' }).waitFor();
      // The provider's development login page loads a web font from Google: its requests are not ours.
      watch.requests.length = 0;
      watch.errors.length = 0;
      await capture(page, watch, 'oidc-new-business', viewport);
      const row = await gw.running.gateway.orm.em
        .fork()
        .getConnection()
        .execute<{ verified: boolean }[]>(
          'select email_verified_at is not null as verified from users where email = ?',
          [`${login}@example.test`],
        );
      expect(row[0]?.verified).toBe(true);
      // The same callback again (the code is spent, the flow's row is gone): refused.
      await page.goto(callback);
      await page.getByRole('heading', { name: 'Sign-in did not work' }).waitFor();
      await capture(page, watch, 'oidc-refused', viewport);
      await context.close();

      // An account someone opened with this address but never confirmed is joined, and its password
      // cleared: whoever set it cannot sign in as the address's owner.
      const squatter = `sam-${viewport}`;
      const squat = await newPage(viewport);
      await squat.page.goto(`${gw.dashboardUrl}/sign-up`);
      await squat.page.getByLabel('Email address').fill(`${squatter}@example.test`);
      await squat.page.getByLabel('Password').fill(PASSWORD);
      await squat.page.getByRole('button', { name: 'Create account' }).click();
      await squat.page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      const owner = await newPage(viewport);
      await owner.page.goto(`${gw.dashboardUrl}/sign-in`);
      await owner.page.getByRole('link', { name: 'Continue with Local ID' }).click();
      await owner.page.locator('input[name="login"]').fill(squatter);
      await owner.page.locator('input[name="password"]').fill('any password');
      await owner.page.getByRole('button', { name: 'Sign-in' }).click();
      await owner.page.getByRole('heading', { name: 'Name your business' }).waitFor();
      await squat.page.goto(`${gw.dashboardUrl}/sign-in`);
      await squat.page.getByLabel('Email address').fill(`${squatter}@example.test`);
      await squat.page.getByLabel('Password').fill(PASSWORD);
      await squat.page.getByRole('button', { name: 'Sign in' }).click();
      await squat.page.getByText('The email address or the password is wrong').waitFor();
      await squat.context.close();
      await owner.context.close();

      // A provider that does not vouch for the address: no account.
      const second = await newPage(viewport);
      await second.page.goto(`${gw.dashboardUrl}/sign-in`);
      await second.page.getByRole('link', { name: 'Continue with Local ID' }).click();
      await second.page.locator('input[name="login"]').fill('unverified');
      await second.page.locator('input[name="password"]').fill('any password');
      await second.page.getByRole('button', { name: 'Sign-in' }).click();
      await second.page.getByText('did not share a verified email address').waitFor();
      await second.context.close();
    });

    it(`resets a password and throttles guessing (${viewport})`, async () => {
      const email = `owner-${viewport}@shop.test`;
      const { context, page, watch } = await newPage(viewport);
      const url = (path: string) => `${gw.dashboardUrl}${path}`;
      await page.goto(url('/sign-in'));
      for (let i = 0; i < 3; i += 1) {
        await page.getByLabel('Email address').fill(email);
        await page.getByLabel('Password').fill(`wrong guess ${i}!`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('The email address or the password is wrong').waitFor();
      }
      await capture(page, watch, 'sign-in-refused', viewport);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Too many failed sign-ins').waitFor();
      await capture(page, watch, 'sign-in-throttled', viewport);

      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await capture(page, watch, 'reset-password', viewport);
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      const mail = await smtp.waitFor(email, 'Choose a new password');
      await page.goto(linkIn(mail.text, `${gw.dashboardUrl}/reset-password/confirm`));
      await capture(page, watch, 'new-password', viewport);
      await page.getByLabel('New password').fill('an entirely new passphrase');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('Your password is changed').waitFor();
      // The throttle counts failures for the address, not successes with a reset: it still holds.
      clock.advance(15 * MINUTE + 1000);
      // By keyboard only: Tab from the top of the page to the address, type, Tab, type, Enter.
      await page.locator('body').focus();
      for (
        let i = 0;
        i < 10 && (await page.evaluate(() => document.activeElement?.id)) !== 'f-email';
        i += 1
      ) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('an entirely new passphrase');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: `Tea House ${viewport}` }).waitFor();
      await page.goto(url('/verify-email/resend'));
      await capture(page, watch, 'resend-confirmation', viewport);
      await page.goto(url('/no-such-page'));
      await capture(page, watch, 'not-found', viewport);
      await context.close();
    });
  }
});
