import { randomBytes, randomUUID } from 'node:crypto';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { pruneAccountRecords } from '../../src/domain/accounts/pruneAccountRecords.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { MailMessage, Wallet } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { clientFor, expectError, validBody } from '../api/apiHelpers.js';
import { DashboardClient, linkIn } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

const PASSWORD = 'a long enough passphrase';
const HOUR = 3_600_000;
/** Live payments priced without the network. */
// Live rates for live payments; and live mode without two-factor (that requirement has its own tests:
// twoFactor.test.ts, passkeys.test.ts), so these merchants switch to live with their password alone.
const LIVE_RATES = {
  CAIRN_RATE_SOURCES_LIVE: 'fixed',
  CAIRN_FIXED_RATES: 'BTC/USD=60000',
  CAIRN_REQUIRE_2FA_FOR_LIVE: 'false',
};
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
/** No delay (the default). */
let gw: DashboardTestGateway;
/** CAIRN_LIVE_WALLET_DELAY_HOURS=48. */
let delayed: DashboardTestGateway;

beforeAll(async () => {
  [gw, delayed] = await Promise.all([
    startDashboardGateway({ clock, env: LIVE_RATES }),
    startDashboardGateway({ clock, env: { ...LIVE_RATES, CAIRN_LIVE_WALLET_DELAY_HOURS: '48' } }),
  ]);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
  await delayed?.stop();
});

const between = (text: string, before: string, after: string) => {
  const start = text.indexOf(before);
  if (start === -1) throw new Error(`"${before}" not on the page`);
  return text.slice(start + before.length, text.indexOf(after, start + before.length));
};
const btcXpub = () => deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC', 'p2wpkh');

/** A merchant of `on`: a confirmed login with a business (live credit granted), signed in, in live mode. */
async function liveMerchant(on: DashboardTestGateway) {
  const email = `owner-${randomUUID()}@shop.test`;
  const em = on.running.gateway.orm.em.fork();
  const user = await createUser(em, clock, {
    email,
    verified: true,
    passwordHash: await hashPassword(PASSWORD),
  });
  const business = await createBusiness(em, clock, {
    userId: user.id,
    name: 'Tea House',
    grants: { testUsd: '10', liveUsd: '10' },
  });
  const c = new DashboardClient(on.baseUrl);
  const signIn = async () => {
    const signedIn = await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);
    await c.get('/dashboard/');
    expect((await c.post('/dashboard/mode', { mode: 'live', section: 'wallets' })).status).toBe(303);
  };
  await signIn();
  /** Adds a live BTC wallet through the dashboard and returns its value and the page. */
  const addBtc = async () => {
    const value = btcXpub();
    await c.get('/dashboard/wallets/new?chain=BTC');
    const added = await c.post('/dashboard/wallets', { chain_id: 'BTC', value });
    expect(added.status).toBe(200);
    return { value, page: added.body };
  };
  /** A live key through the dashboard. */
  const liveKey = async () => {
    await c.get('/dashboard/keys/new');
    const created = await c.post('/dashboard/keys', { label: 'live server', 'token:BTC:BTC': 'on' });
    expect(created.status).toBe(201);
    const key = between(created.body, 'id="full-key">', '<');
    expect(key).toMatch(/^pk_live_/);
    return clientFor(on.baseUrl, key);
  };
  /** The confirmation mails sent to this merchant, newest last. */
  const mails = () =>
    on.running.gateway.orm.em
      .fork()
      .find(
        MailMessage,
        { toAddress: email, kind: 'wallet_confirmation' },
        { orderBy: { createdAt: 'asc' } },
      );
  const wallet = (value: string) =>
    on.running.gateway.orm.em.fork().findOneOrFail(Wallet, { value, removedAt: null });
  return { email, user, business, c, signIn, addBtc, liveKey, mails, wallet };
}

const confirmPath = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('a new live wallet waits for its owner’s confirmation', () => {
  it('is pending and not offered until the mailed link is opened and confirmed; the link works once', async () => {
    const m = await liveMerchant(gw);
    const { value, page } = await m.addBtc();
    expect(page).toContain('BTC wallet added');
    expect(page).toContain(`It is pending confirmation: we mailed a link to ${m.email}`);
    const wallets = await m.c.get('/dashboard/wallets');
    expect(wallets.body).toContain('Pending confirmation');
    expect(wallets.body).toContain(`We mailed a link to ${m.email}`);
    expect((await m.wallet(value)).confirmedAt).toBeNull();
    const home = await m.c.get('/dashboard/');
    expect(home.body).toContain('BTC wallet pending confirmation');

    // The mail names the chain and the full wallet.
    const [mail] = await m.mails();
    expect(mail!.subject).toBe('Confirm the new Bitcoin (BTC) wallet for Tea House');
    expect(mail!.textBody).toContain('Chain: Bitcoin (BTC)');
    expect(mail!.textBody).toContain(`Wallet: ${value}`);
    const link = linkIn(mail!.textBody, `${gw.dashboardUrl}/wallets/confirm?token=`);

    // Not offered: a live payment has no chain to use, through the API.
    const api = await m.liveKey();
    expectError(await api.post('/payments', validBody()), 'CHAIN_UNAVAILABLE');

    // Opening the link shows the wallet and changes nothing (mail scanners fetch links).
    const opened = await m.c.get(confirmPath(link));
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('Bitcoin (BTC)');
    expect(opened.body).toContain(value);
    expect(opened.body).toContain('Confirm this wallet');
    expect((await m.wallet(value)).confirmedAt).toBeNull();
    expectError(await api.post('/payments', validBody()), 'CHAIN_UNAVAILABLE');

    // Signed out, the link says to sign in and shows nothing of the wallet.
    const stranger = new DashboardClient(gw.baseUrl);
    const signedOut = await stranger.get(confirmPath(link));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toContain('Sign in to confirm the wallet');
    expect(signedOut.body).not.toContain(value);

    const token = new URL(link).searchParams.get('token')!;
    const confirmed = await m.c.post('/dashboard/wallets/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain(
      'The BTC wallet is confirmed. New payments offer its chain from now on.',
    );
    const row = await m.wallet(value);
    expect(row.confirmedAt).toEqual(clock.now());
    expect(row.usableFrom).toEqual(clock.now());

    // Offered now: the payment gets a BTC option, and the checkout can pick it.
    const created = await api.post('/payments', validBody());
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.chain_options.map((o: { chain_id: string }) => o.chain_id)).toEqual(['BTC']);
    const picked = await api.post(`/checkout/${created.body.data.id}/select-chain`, {
      chain_id: 'BTC',
      coin_symbol: 'BTC',
    });
    expect(picked.status, picked.text).toBe(200);
    const after = await m.c.get('/dashboard/wallets');
    expect(after.body).not.toContain('Pending confirmation');
    expect((await m.c.get('/dashboard/')).body).not.toContain('wallet pending confirmation');

    // Once only.
    await m.c.get(confirmPath(link));
    const again = await m.c.post('/dashboard/wallets/confirm', { token });
    expect(again.status).toBe(410);
    expect(again.body).toContain('This link has already been used');
    const audit = await m.c.get('/dashboard/audit');
    expect(audit.body).toContain('wallet.confirmed');
  });

  it('is offered only once CAIRN_LIVE_WALLET_DELAY_HOURS have passed after the confirmation (by the clock)', async () => {
    const m = await liveMerchant(delayed);
    const { value } = await m.addBtc();
    const api = await m.liveKey();
    const [mail] = await m.mails();
    expect(mail!.textBody).toContain('this gateway waits 48 more hours');
    const link = linkIn(mail!.textBody, `${delayed.dashboardUrl}/wallets/confirm?token=`);
    const opened = await m.c.get(confirmPath(link));
    expect(opened.body).toContain('waits 48 more hours');
    const confirmed = await m.c.post('/dashboard/wallets/confirm', {
      token: new URL(link).searchParams.get('token')!,
    });
    const usableFrom = new Date(clock.now().getTime() + 48 * HOUR);
    expect(confirmed.body).toContain(
      `Payments use it from ${usableFrom.toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    );
    expect((await m.wallet(value)).usableFrom).toEqual(usableFrom);
    const wallets = await m.c.get('/dashboard/wallets');
    expect(wallets.body).toContain('Usable from');
    expect(wallets.body).not.toContain('Pending confirmation');
    expectError(await api.post('/payments', validBody()), 'CHAIN_UNAVAILABLE');

    clock.advance(48 * HOUR - 60_000);
    expectError(await api.post('/payments', validBody()), 'CHAIN_UNAVAILABLE');
    clock.advance(60_000);
    const created = await api.post('/payments', validBody());
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.chain_options.map((o: { chain_id: string }) => o.chain_id)).toEqual(['BTC']);
  });

  it('expires after 24 hours; a resent link works', async () => {
    const m = await liveMerchant(gw);
    const { value } = await m.addBtc();
    const [first] = await m.mails();
    const oldToken = new URL(
      linkIn(first!.textBody, `${gw.dashboardUrl}/wallets/confirm?token=`),
    ).searchParams.get('token')!;
    clock.advance(24 * HOUR);
    await m.signIn();
    const expiredPage = await m.c.get(`/dashboard/wallets/confirm?token=${oldToken}`);
    expect(expiredPage.status).toBe(410);
    expect(expiredPage.body).toContain('This link has expired');
    const expired = await m.c.post('/dashboard/wallets/confirm', { token: oldToken });
    expect(expired.status).toBe(410);
    expect((await m.wallet(value)).confirmedAt).toBeNull();

    // Resend, from the wallets page.
    const wallets = await m.c.get('/dashboard/wallets');
    const walletId = between(wallets.body, 'action="/dashboard/wallets/', '/confirmation"');
    clock.advance(1_000);
    const resent = await m.c.post(`/dashboard/wallets/${walletId}/confirmation`);
    expect(resent.status).toBe(200);
    expect(resent.body).toContain(`We mailed a new confirmation link to ${m.email}`);
    const mails = await m.mails();
    expect(mails).toHaveLength(2);
    const fresh = linkIn(mails[1]!.textBody, `${gw.dashboardUrl}/wallets/confirm?token=`);
    await m.c.get(confirmPath(fresh));
    const confirmed = await m.c.post('/dashboard/wallets/confirm', {
      token: new URL(fresh).searchParams.get('token')!,
    });
    expect(confirmed.status).toBe(200);
    expect((await m.wallet(value)).confirmedAt).not.toBeNull();
    // A confirmed wallet has nothing to resend.
    await m.c.get('/dashboard/wallets');
    expect((await m.c.post(`/dashboard/wallets/${walletId}/confirmation`)).status).toBe(409);
    // A week past their expiry the links are pruned; a late click then hears "not valid".
    clock.advance(8 * 24 * HOUR);
    const pruned = await pruneAccountRecords(gw.running.gateway.orm.em.fork(), clock);
    expect(pruned.wallet_confirmations).toBeGreaterThanOrEqual(2);
    await m.signIn();
    expect((await m.c.get(`/dashboard/wallets/confirm?token=${oldToken}`)).status).toBe(404);
  });

  it('cannot confirm another business’s wallet, and leaves the link for its owner', async () => {
    const owner = await liveMerchant(gw);
    const other = await liveMerchant(gw);
    const { value } = await owner.addBtc();
    const [mail] = await owner.mails();
    const link = linkIn(mail!.textBody, `${gw.dashboardUrl}/wallets/confirm?token=`);
    const token = new URL(link).searchParams.get('token')!;

    const seen = await other.c.get(confirmPath(link));
    expect(seen.status).toBe(403);
    expect(seen.body).toContain('This link was mailed to another account');
    expect(seen.body).not.toContain(value);
    await other.c.get('/dashboard/wallets');
    const refused = await other.c.post('/dashboard/wallets/confirm', { token });
    expect(refused.status).toBe(403);
    expect((await owner.wallet(value)).confirmedAt).toBeNull();
    // Nor can the other business resend the owner's link (the wallet is not theirs).
    const ownerWallet = await owner.wallet(value);
    expect((await other.c.post(`/dashboard/wallets/${ownerWallet.id}/confirmation`)).status).toBe(404);

    await owner.c.get(confirmPath(link));
    expect((await owner.c.post('/dashboard/wallets/confirm', { token })).status).toBe(200);
    expect((await owner.wallet(value)).confirmedAt).not.toBeNull();
  });

  it('a changed live wallet (removed, another added) is pending again; a payment made before cannot pick it', async () => {
    const m = await liveMerchant(gw);
    const first = await m.addBtc();
    const [mail] = await m.mails();
    const link = linkIn(mail!.textBody, `${gw.dashboardUrl}/wallets/confirm?token=`);
    await m.c.get(confirmPath(link));
    await m.c.post('/dashboard/wallets/confirm', { token: new URL(link).searchParams.get('token')! });
    const api = await m.liveKey();
    const before = await api.post('/payments', validBody());
    expect(before.status, before.text).toBe(201);

    const wallets = await m.c.get('/dashboard/wallets');
    const id = between(wallets.body, 'action="/dashboard/wallets/', '/remove"');
    expect((await m.c.post(`/dashboard/wallets/${id}/remove`)).status).toBe(303);
    const second = await m.addBtc();
    expect(second.page).toContain('It is pending confirmation');
    expect((await m.wallet(second.value)).confirmedAt).toBeNull();
    expect(first.value).not.toBe(second.value);

    expectError(await api.post('/payments', validBody()), 'CHAIN_UNAVAILABLE');
    const picked = await api.post(`/checkout/${before.body.data.id}/select-chain`, {
      chain_id: 'BTC',
      coin_symbol: 'BTC',
    });
    expectError(picked, 'CHAIN_UNAVAILABLE');
    expect(picked.body.error.message).toContain('has not confirmed the wallet');
  });

  it('asks a session older than ten minutes to confirm it is you before it confirms (step-up)', async () => {
    const m = await liveMerchant(gw);
    const { value } = await m.addBtc();
    const [mail] = await m.mails();
    const link = linkIn(mail!.textBody, `${gw.dashboardUrl}/wallets/confirm?token=`);
    const token = new URL(link).searchParams.get('token')!;
    clock.advance(11 * 60_000);
    await m.c.get(confirmPath(link));
    const asked = await m.c.post('/dashboard/wallets/confirm', { token });
    expect(asked.status).toBe(401);
    expect(asked.body).toContain('Confirm it’s you');
    expect(asked.body).toContain('To confirm a live wallet');
    expect((await m.wallet(value)).confirmedAt).toBeNull();
    const done = await m.c.post('/dashboard/wallets/confirm', {
      token,
      step_up: '1',
      step_up_password: PASSWORD,
    });
    expect(done.body).toContain('The BTC wallet is confirmed');
    expect((await m.wallet(value)).confirmedAt).not.toBeNull();
    // Signed out, the button's POST goes to sign-in and changes nothing.
    const stranger = new DashboardClient(gw.baseUrl);
    await stranger.get('/dashboard/sign-in');
    expect((await stranger.post('/dashboard/wallets/confirm', { token })).location).toContain(
      '/dashboard/sign-in',
    );
  });

  it('leaves test-mode wallets usable at once, with no mail', async () => {
    const m = await liveMerchant(gw);
    await m.c.get('/dashboard/');
    await m.c.post('/dashboard/mode', { mode: 'test', section: 'wallets' });
    const value = deriveAccountXpub(randomBytes(64).toString('hex'), 'BTC_TESTNET', 'p2wpkh');
    await m.c.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    const added = await m.c.post('/dashboard/wallets', { chain_id: 'BTC_TESTNET', value });
    expect(added.body).toContain('BTC_TESTNET wallet added');
    expect(added.body).not.toContain('pending confirmation');
    expect(added.body).not.toContain('Pending confirmation');
    expect(await m.mails()).toEqual([]);
    const row = await m.wallet(value);
    expect(row.confirmedAt).toEqual(row.createdAt);
    expect(row.usableFrom).toEqual(row.createdAt);
  });
});
