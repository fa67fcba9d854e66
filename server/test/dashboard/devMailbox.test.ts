import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailboxEnabled } from '../../src/domain/mail/devMailboxEnabled.js';
import { testGatewaySettings } from '../harness/startTestGateway.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// The dev mailbox shows sign-in links: only a request from this machine may read it, whatever
// interface the gateway listens on.

/** An IPv4 address of this machine that is not a loopback one, if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
if (!outsideAddress)
  console.warn('SKIPPED: the real-socket cases: this machine has no non-loopback IPv4 address.');

let gw: DashboardTestGateway;
let port: string;
let messagePath: string;

beforeAll(async () => {
  // Listening on every interface, the dashboard on 127.0.0.1 (so CAIRN_DEV_MAILBOX=auto opens it).
  gw = await startDashboardGateway({ env: { HOST: '0.0.0.0' } });
  port = new URL(gw.baseUrl).port;
  const c = new DashboardClient(gw.baseUrl);
  await c.submit('/dashboard/sign-up', '/dashboard/sign-up', {
    email: 'owner@shop.test',
    password: 'a long enough passphrase',
  });
  const mailbox = await c.get('/dashboard/mailbox');
  expect(mailbox.status).toBe(200);
  messagePath = /href="(\/dashboard\/mailbox\/[^"]+)"/.exec(mailbox.body)![1]!;
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

describe('the dev mailbox over the network', () => {
  it('answers a loopback peer: the list and its messages', async () => {
    const c = new DashboardClient(`http://127.0.0.1:${port}`);
    expect((await c.get('/dashboard/mailbox')).body).toContain('owner@shop.test');
    const message = await c.get(messagePath);
    expect(message.status).toBe(200);
    expect(message.body).toContain('/dashboard/verify-email?token=');
  });

  it.runIf(outsideAddress)(
    'is not there (404) for a peer on another address, list and message alike',
    async () => {
      const c = new DashboardClient(`http://${outsideAddress}:${port}`);
      for (const path of ['/dashboard/mailbox', messagePath]) {
        const page = await c.get(path);
        expect(page.status, path).toBe(404);
        expect(page.body).not.toContain('owner@shop.test');
        expect(page.body).not.toContain('verify-email?token=');
      }
    },
  );

  it.runIf(outsideAddress)('is linked from "Check your inbox" only for a peer on this machine', async () => {
    for (const [host, linked] of [
      ['127.0.0.1', true],
      [outsideAddress!, false],
    ] as const) {
      const c = new DashboardClient(`http://${host}:${port}`);
      const page = await c.submit('/dashboard/verify-email/resend', '/dashboard/verify-email/resend', {
        email: 'someone@shop.test',
      });
      expect(page.body, host).toContain('Check your inbox');
      expect(page.body.includes('href="/dashboard/mailbox"'), host).toBe(linked);
    }
  });

  it('is not there (404) for a peer on another address, by the socket and not X-Forwarded-For', async () => {
    const { app } = gw.running;
    for (const url of ['/dashboard/mailbox', messagePath]) {
      const remote = await app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('owner@shop.test');
      // A forged header does not make a remote peer local.
      const forged = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode, url).toBe(404);
      const local = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(local.statusCode, url).toBe(200);
    }
  });

  it('is not there (404) for a request a proxy on this machine passed on', async () => {
    const { app } = gw.running;
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]) {
      const proxied = await app.inject({ method: 'GET', url: '/dashboard/mailbox', headers });
      expect(proxied.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });
});

describe('CAIRN_DEV_MAILBOX=auto', () => {
  const enabledFor = (dashboardUrl: string, env: Record<string, string> = {}) =>
    devMailboxEnabled(
      testGatewaySettings('postgres://unused/db', { env: { CAIRN_DASHBOARD_URL: dashboardUrl, ...env } })
        .config,
    );

  it('opens on loopback hosts: localhost, ::1 and IPv4 literals in 127.0.0.0/8', () => {
    expect(enabledFor('http://localhost:3000/dashboard')).toBe(true);
    expect(enabledFor('http://127.0.0.1:3000/dashboard')).toBe(true);
    expect(enabledFor('http://127.8.9.10:3000/dashboard')).toBe(true);
    expect(enabledFor('http://[::1]:3000/dashboard')).toBe(true);
  });

  it('stays shut on a host name that merely begins with 127., and with an SMTP server', () => {
    expect(enabledFor('https://127.pay.example.test/dashboard')).toBe(false);
    expect(enabledFor('https://127.0.0.1.example.test/dashboard')).toBe(false);
    expect(enabledFor('https://pay.example.test/dashboard')).toBe(false);
    expect(enabledFor('http://localhost:3000/dashboard', { CAIRN_SMTP_URL: 'smtp://mail.test' })).toBe(false);
  });
});
