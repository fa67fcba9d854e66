import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { totpCodeAt } from '../../src/domain/accounts/totpCodes.js';
import { Wallet } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// Step-up: a change that moves money or grants access (a wallet, an API key, a webhook endpoint)
// needs a session that proved who it is in the last ten minutes; an older one is asked in place
// ("Confirm it's you") and the answer completes the change. Over real HTTP, with the test clock.

const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;
let gw: DashboardTestGateway;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let passwordHash: string;

beforeAll(async () => {
  gw = await startDashboardGateway({ clock });
  passwordHash = await hashPassword(PASSWORD);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

const xpub = () => deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC_TESTNET', 'p2wpkh');

/** A login with a password, signed in, with a business. */
async function merchant(): Promise<{ client: DashboardClient; userId: string; email: string }> {
  const email = `owner-${randomUUID()}@shop.test`;
  const user = await createUser(gw.running.gateway.orm.em.fork(), clock, {
    email,
    verified: true,
    passwordHash,
  });
  const client = new DashboardClient(gw.baseUrl);
  await client.submit('/dashboard/sign-in', '/dashboard/sign-in', { email, password: PASSWORD });
  await client.submit('/dashboard/businesses/new', '/dashboard/businesses', { name: 'Step Shop' });
  return { client, userId: user.id, email };
}

const walletCount = async (value: string) => gw.running.gateway.orm.em.fork().count(Wallet, { value });

describe('step-up before changes that move money or grant access', () => {
  it('lets a fresh sign-in add a wallet, asks an older one in place, and completes the change after', async () => {
    const { client } = await merchant();
    const first = xpub();
    await client.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    const added = await client.post('/dashboard/wallets', { chain_id: 'BTC_TESTNET', value: first });
    expect(added.status).toBe(200);
    expect(await walletCount(first)).toBe(1);

    clock.advance(11 * MINUTE);
    await client.get('/dashboard/wallets/new?chain=LTC_TESTNET');
    const litecoin = deriveAccountXpub(randomBytes(64).toString('hex'), 'LTC_TESTNET', 'p2wpkh');
    const asked = await client.post('/dashboard/wallets', { chain_id: 'LTC_TESTNET', value: litecoin });
    expect(asked.status).toBe(401);
    expect(asked.body).toContain('Confirm it’s you');
    expect(asked.body).toContain('To add or change a wallet');
    expect(asked.body).toContain('name="step_up_password"');
    expect(asked.body).not.toContain('name="step_up_code"');
    expect(asked.body).toMatch(/<input type="hidden" name="chain_id" value="LTC_TESTNET">/);
    expect(await walletCount(litecoin)).toBe(0);

    // The answer posts the carried fields to the same route.
    const carried = Object.fromEntries(
      [...asked.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)]
        .filter((m) => m[1] !== '_csrf')
        .map((m) => [m[1]!, m[2]!]),
    );
    const wrong = await client.post('/dashboard/wallets', {
      ...carried,
      step_up_password: 'not my password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('That password is not right.');
    const done = await client.post('/dashboard/wallets', { ...carried, step_up_password: PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toContain('LTC_TESTNET wallet added');
    expect(await walletCount(litecoin)).toBe(1);
    // Fresh again for ten minutes: removing the first wallet asks nothing.
    clock.advance(9 * MINUTE);
    const wallets = await client.get('/dashboard/wallets');
    const walletId = /\/dashboard\/wallets\/([0-9a-f-]{36})\/remove/.exec(wallets.body)![1]!;
    const removed = await client.post(`/dashboard/wallets/${walletId}/remove`);
    expect(removed.status).toBe(303);
    expect(
      await gw.running.gateway.orm.em.fork().count(Wallet, { id: walletId, removedAt: { $ne: null } }),
    ).toBe(1);
  });

  it('covers removing a wallet, creating or reactivating a key, a webhook endpoint, and turning two-factor on', async () => {
    const { client } = await merchant();
    await client.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    await client.post('/dashboard/wallets', { chain_id: 'BTC_TESTNET', value: xpub() });
    await client.get('/dashboard/keys/new');
    const created = await client.post('/dashboard/keys', { label: 'server', 'token:BTC_TESTNET:BTC': 'on' });
    expect(created.status).toBe(201);
    const keyId = /\/dashboard\/keys\/([0-9a-f-]{36})/.exec(created.body)![1]!;
    const walletId = /\/dashboard\/wallets\/([0-9a-f-]{36})\/remove/.exec(
      (await client.get('/dashboard/wallets')).body,
    )![1]!;

    clock.advance(11 * MINUTE);
    const changes: [string, Record<string, string>, string][] = [
      [`/dashboard/wallets/${walletId}/remove`, {}, 'To remove a wallet'],
      ['/dashboard/keys', { label: 'another', 'token:BTC_TESTNET:BTC': 'on' }, 'To create an API key'],
      [
        `/dashboard/keys/${keyId}/webhook`,
        { url: 'https://hooks.example.com/cairn' },
        'To change where webhooks go',
      ],
      [`/dashboard/keys/${keyId}/webhook/rotate`, {}, 'To rotate a webhook signing secret'],
      [`/dashboard/keys/${keyId}/reactivate`, {}, 'To reactivate an API key'],
      ['/dashboard/account/two-factor/setup', {}, 'To turn on two-factor sign-in'],
      ['/dashboard/account/two-factor/confirm', { code: '123456' }, 'To turn on two-factor sign-in'],
    ];
    for (const [path, form, heading] of changes) {
      await client.get('/dashboard/wallets');
      const answer = await client.post(path, form);
      expect(answer.status, path).toBe(401);
      expect(answer.body, path).toContain(heading);
    }
    expect(await gw.running.gateway.orm.em.fork().count(Wallet, { id: walletId, removedAt: null })).toBe(1);
    // Taking access away asks nothing.
    await client.get('/dashboard/wallets');
    expect((await client.post(`/dashboard/keys/${keyId}/deactivate`)).status).toBe(303);
  });

  it('asks for a code as well when two-factor is on, and ends the session at the fifth wrong answer', async () => {
    const { client } = await merchant();
    const setup = await client.submit(
      '/dashboard/account/security',
      '/dashboard/account/two-factor/setup',
      {},
    );
    const secret = /id="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(setup.body)![1]!.replace(/ /g, '');
    await client.post('/dashboard/account/two-factor/confirm', { code: totpCodeAt(secret, clock.now()) });

    clock.advance(11 * MINUTE);
    const value = xpub();
    await client.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    const asked = await client.post('/dashboard/wallets', { chain_id: 'BTC_TESTNET', value });
    expect(asked.status).toBe(401);
    expect(asked.body).toContain('name="step_up_code"');
    const form = { chain_id: 'BTC_TESTNET', value, step_up: '1', step_up_password: PASSWORD };
    // The password alone is not enough.
    expect((await client.post('/dashboard/wallets', form)).status).toBe(401);
    const done = await client.post('/dashboard/wallets', {
      ...form,
      step_up_code: totpCodeAt(secret, clock.now()),
    });
    expect(done.status).toBe(200);
    expect(await walletCount(value)).toBe(1);

    // A right answer cleared the count: five wrong ones from here end the session.
    clock.advance(11 * MINUTE);
    await client.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    for (let i = 0; i < 4; i += 1) {
      const wrong = await client.post('/dashboard/wallets', {
        ...form,
        value: xpub(),
        step_up_password: 'wrong',
      });
      expect(wrong.status).toBe(401);
    }
    const fifth = await client.post('/dashboard/wallets', {
      ...form,
      value: xpub(),
      step_up_password: 'wrong',
    });
    expect(fifth.status).toBe(303);
    expect(fifth.location).toBe(`${gw.dashboardUrl}/sign-in?notice=session-ended`);
    expect((await client.get('/dashboard/wallets')).location).toBe(`${gw.dashboardUrl}/sign-in`);
  });

  it('tells a login with neither a password nor two-factor to sign in again', async () => {
    const email = `oidc-${randomUUID()}@shop.test`;
    const { client } = await merchant();
    // The same business's login, as if it had signed up through a provider: no password.
    await gw.running.gateway.orm.em
      .getConnection()
      .execute(
        `update users set password_hash = null where id = (select user_id from dashboard_sessions order by created_at desc limit 1)`,
      );
    void email;
    clock.advance(11 * MINUTE);
    await client.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    const answer = await client.post('/dashboard/wallets', {
      chain_id: 'BTC_TESTNET',
      value: xpub(),
      step_up: '1',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('Sign out and sign in again');
  });
});
