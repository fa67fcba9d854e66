import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsContext } from '../../src/domain/accounts/AccountsContext.js';
import { createAccountsContext } from '../../src/domain/accounts/createAccountsContext.js';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { loadViewer } from '../../src/domain/accounts/loadViewer.js';
import { pointSession } from '../../src/domain/accounts/pointSession.js';
import { saveOidcLogin } from '../../src/domain/accounts/saveOidcLogin.js';
import { signOut } from '../../src/domain/accounts/signOut.js';
import { signUp } from '../../src/domain/accounts/signUp.js';
import { takeOidcLogin } from '../../src/domain/accounts/takeOidcLogin.js';
import { createApiKeyAudited } from '../../src/domain/apiKeys/createApiKeyAudited.js';
import { findActiveKeyChoice } from '../../src/domain/apiKeys/findActiveKeyChoice.js';
import { listApiKeysForBusiness } from '../../src/domain/apiKeys/listApiKeysForBusiness.js';
import { listKeyChoices } from '../../src/domain/apiKeys/listKeyChoices.js';
import { loadApiKeyDetail } from '../../src/domain/apiKeys/loadApiKeyDetail.js';
import { setApiKeyStatusAudited } from '../../src/domain/apiKeys/setApiKeyStatusAudited.js';
import { changePaymentPreferences } from '../../src/domain/businesses/changePaymentPreferences.js';
import { createBusinessAudited } from '../../src/domain/businesses/createBusinessAudited.js';
import { listAuditLog } from '../../src/domain/businesses/listAuditLog.js';
import { loadPaymentPreferences } from '../../src/domain/businesses/loadPaymentPreferences.js';
import { renameBusinessAudited } from '../../src/domain/businesses/renameBusinessAudited.js';
import { loadCreditStatement } from '../../src/domain/credit/loadCreditStatement.js';
import type { Gateway } from '../../src/domain/gateway/Gateway.js';
import { findDevMail } from '../../src/domain/mail/findDevMail.js';
import { listDevMailbox } from '../../src/domain/mail/listDevMailbox.js';
import { loadOverview } from '../../src/domain/overview/loadOverview.js';
import { listCoveredTokens } from '../../src/domain/wallets/listCoveredTokens.js';
import { listWalletsForBusiness } from '../../src/domain/wallets/listWalletsForBusiness.js';
import { loadKeyWebhook } from '../../src/domain/webhooks/loadKeyWebhook.js';
import { rotateWebhookSecretAudited } from '../../src/domain/webhooks/rotateWebhookSecretAudited.js';
import { setWebhookEndpointAudited } from '../../src/domain/webhooks/setWebhookEndpointAudited.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { createTotpSecretCipher } from '../../src/surfaces/dashboard/createTotpSecretCipher.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// The domain services the dashboard reads and writes through: each read gives a plain object with
// exactly the fields a page shows (never an entity, never a secret), within one business and mode;
// each write is the domain operation with its audit line, in one transaction.

let gw: DashboardTestGateway;
let gateway: Gateway;
let accounts: AccountsContext;
let userId: string;
const clock = new ManualClock(new Date('2026-05-04T10:00:00Z'));
let actor: { userId: string; name: string; ip: string };

beforeAll(async () => {
  gw = await startDashboardGateway({ clock, env: { CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true' } });
  gateway = gw.running.gateway;
  accounts = createAccountsContext(gateway, createTotpSecretCipher(gateway.config));
  userId = (await gateway.orm.em.fork().findOneOrFail(Business, { id: gw.businessId })).userId;
  actor = { userId, name: 'owner@shop.test', ip: '127.0.0.1' };
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

const test = () => ({ businessId: gw.businessId, mode: 'test' as const });

/** A plain object (no entity class), with exactly these keys. */
function expectViewModel(value: unknown, keys: readonly string[]): void {
  expect(value).toBeTypeOf('object');
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Object.keys(value as object).sort()).toEqual([...keys].sort());
}

const SUMMARY_KEYS = [
  'id',
  'label',
  'hint',
  'mode',
  'status',
  'createdAt',
  'lastUsedAt',
  'hasWebhookEndpoint',
];

describe('the signed-in viewer', () => {
  it('is the session’s login, businesses and mode, and follows the session', async () => {
    const { token, session } = await createSession(gateway.orm.em.fork(), clock, {
      userId,
      lifetime: accounts.lifetime,
    });
    const viewer = await loadViewer(accounts, token);
    expectViewModel(viewer, [
      'sessionId',
      'userId',
      'email',
      'businesses',
      'business',
      'mode',
      'authenticatedAt',
      'mayUseLive',
    ]);
    expect(viewer).toMatchObject({ sessionId: session.id, userId, mode: 'test' });
    expect(viewer?.business?.id).toBe(gw.businessId);
    await pointSession(accounts, session.id, { mode: 'live' });
    // Live mode needs two-factor (CAIRN_REQUIRE_2FA_FOR_LIVE): without it the session shows test mode.
    expect(await loadViewer(accounts, token)).toMatchObject({ mode: 'test', mayUseLive: false });
    const liveAllowed = { ...accounts, liveNeedsSecondFactor: false };
    expect(await loadViewer(liveAllowed, token)).toMatchObject({ mode: 'live', mayUseLive: true });
    await signOut(accounts, session.id);
    expect(await loadViewer(accounts, token)).toBeUndefined();
    expect(await loadViewer(accounts, undefined)).toBeUndefined();
    expect(await loadViewer(accounts, 'not a token')).toBeUndefined();
  });

  it('keeps a third-party sign-in’s secrets until its callback takes them, once, before they expire', async () => {
    const secrets = { state: 's', nonce: 'n', codeVerifier: 'v' };
    const id = await saveOidcLogin(accounts, { provider: 'idp', ...secrets, ttlMs: 60_000 });
    expect(await takeOidcLogin(accounts, id, 'other')).toBeUndefined();
    const taken = await takeOidcLogin(accounts, id, 'idp');
    expectViewModel(taken, ['state', 'nonce', 'codeVerifier']);
    expect(taken).toEqual(secrets);
    expect(await takeOidcLogin(accounts, id, 'idp')).toBeUndefined();
    const late = await saveOidcLogin(accounts, { provider: 'idp', ...secrets, ttlMs: 60_000 });
    clock.advance(61_000);
    expect(await takeOidcLogin(accounts, late, 'idp')).toBeUndefined();
    expect(await takeOidcLogin(accounts, 'nope', 'idp')).toBeUndefined();
  });
});

describe('keys, wallets and webhook endpoints', () => {
  it('lists the business’s keys of one mode, without hashes, and finds one by id in that mode only', async () => {
    const keys = await listApiKeysForBusiness(gateway, test());
    expect(keys.map((k) => k.id)).toContain(gw.apiKeyId);
    for (const key of keys) {
      expectViewModel(key, SUMMARY_KEYS);
      expect(key.mode).toBe('test');
    }
    const live = await listApiKeysForBusiness(gateway, { businessId: gw.businessId, mode: 'live' });
    expect(live.length).toBeGreaterThan(0);
    expect(await loadApiKeyDetail(gateway, test(), live[0]!.id)).toBeUndefined();
    const detail = await loadApiKeyDetail(gateway, test(), gw.apiKeyId);
    expectViewModel(detail, [
      ...SUMMARY_KEYS.filter((k) => k !== 'hasWebhookEndpoint'),
      'allowedTokens',
      'allowedIps',
    ]);
    expect(await loadApiKeyDetail(gateway, test(), 'not-a-uuid')).toBeUndefined();
    expect(await findActiveKeyChoice(gateway, test(), gw.apiKeyId)).toEqual({
      id: gw.apiKeyId,
      label: detail!.label,
      hint: detail!.hint,
    });
    expect(await findActiveKeyChoice(gateway, test(), live[0]!.id)).toBeUndefined();
    expect(await findActiveKeyChoice(gateway, test(), undefined)).toBeUndefined();
  });

  it('lists wallets as shown and the tokens they cover', async () => {
    const wallets = await listWalletsForBusiness(gateway, test());
    expect(wallets.length).toBeGreaterThan(0);
    for (const wallet of wallets)
      expectViewModel(wallet, [
        'id',
        'chainId',
        'publicValue',
        'kind',
        'onboardingStatus',
        'onboardingError',
        'createdAt',
        'confirmation',
        'usableFrom',
        'confirmationMailedTo',
      ]);
    const covered = await listCoveredTokens(gateway, test());
    for (const wallet of wallets) expect(covered.some((t) => t.startsWith(`${wallet.chainId}:`))).toBe(true);
  });

  it('creates and deactivates a key, audited once per change (deactivating again changes nothing)', async () => {
    const covered = await listCoveredTokens(gateway, test());
    const created = await createApiKeyAudited(gateway, actor, {
      ...test(),
      label: 'audited',
      allowedTokens: covered.slice(0, 1),
      allowedIps: [],
    });
    expect(created.key).toMatch(/_test_/);
    const change = { businessId: gw.businessId, keyId: created.id, action: 'deactivate' as const };
    await setApiKeyStatusAudited(gateway, actor, change);
    await setApiKeyStatusAudited(gateway, actor, change);
    expect((await loadApiKeyDetail(gateway, test(), created.id))?.status).toBe('deactivated');
    expect(await findActiveKeyChoice(gateway, test(), created.id)).toBeUndefined();
    const choices = await listKeyChoices(gateway, test());
    for (const choice of choices) expectViewModel(choice, ['id', 'label', 'hint']);
    expect(choices.map((k) => k.id)).toContain(created.id);
    const active = await listKeyChoices(gateway, { ...test(), status: 'active' });
    expect(active.map((k) => k.id)).not.toContain(created.id);
    expect(active.map((k) => k.id)).toContain(gw.apiKeyId);
    const log = await listAuditLog(gateway, gw.businessId);
    for (const line of log) expectViewModel(line, ['createdAt', 'actor', 'action', 'target', 'ip']);
    const actions = log.map((line) => line.action);
    expect(actions.filter((a) => a === 'api_key.created')).toHaveLength(1);
    expect(actions.filter((a) => a === 'api_key.deactivated')).toHaveLength(1);
    expect(log.find((line) => line.action === 'api_key.created')).toMatchObject({
      actor: 'owner@shop.test',
      ip: '127.0.0.1',
    });
  });

  it('shows a key’s endpoint without its secrets; setting and rotating are audited', async () => {
    expect(await loadKeyWebhook(gateway, gw.apiKeyId)).toEqual({ endpoint: null, recentDeliveries: [] });
    const saved = await setWebhookEndpointAudited(
      gateway,
      actor,
      {
        businessId: gw.businessId,
        apiKeyId: gw.apiKeyId,
        url: 'http://127.0.0.1:9/hooks',
        events: ['payment.confirmed'],
        allowedIps: [],
      },
      () => {},
    );
    expect(saved.secret).toMatch(/^whsec_/);
    const webhook = await loadKeyWebhook(gateway, gw.apiKeyId);
    expectViewModel(webhook, ['endpoint', 'recentDeliveries']);
    expectViewModel(webhook.endpoint, ['url', 'events', 'allowedIps', 'previousSecretExpiresAt']);
    expect(webhook.endpoint).toMatchObject({ events: ['payment.confirmed'], previousSecretExpiresAt: null });
    const rotated = await rotateWebhookSecretAudited(
      gateway,
      actor,
      { businessId: gw.businessId, apiKeyId: gw.apiKeyId },
      () => {},
    );
    expect((await loadKeyWebhook(gateway, gw.apiKeyId)).endpoint?.previousSecretExpiresAt).toEqual(
      rotated.previousValidUntil,
    );
    const actions = (await listAuditLog(gateway, gw.businessId)).map((line) => line.action);
    expect(actions).toEqual(expect.arrayContaining(['webhook.created', 'webhook.secret_rotated']));
  });
});

describe('businesses, credit and mail', () => {
  it('gives the overview’s facts and counts, and the preferences as stored', async () => {
    const overview = await loadOverview(gateway, test());
    expectViewModel(overview, ['home', 'wallets', 'activeKeys', 'webhookEndpoints', 'volume', 'latest']);
    expect(overview.wallets).toBe((await listWalletsForBusiness(gateway, test())).length);
    expect(overview.webhookEndpoints).toBe(1);
    await changePaymentPreferences(gateway, actor, {
      businessId: gw.businessId,
      underpaymentToleranceBps: 75,
      overpaymentThresholdBps: 150,
    });
    const preferences = await loadPaymentPreferences(gateway, gw.businessId);
    expectViewModel(preferences, ['underpaymentToleranceBps', 'overpaymentThresholdBps']);
    expect(preferences).toEqual({ underpaymentToleranceBps: 75, overpaymentThresholdBps: 150 });
  });

  it('creates a business on the session and renames it, audited', async () => {
    const { token, session } = await createSession(gateway.orm.em.fork(), clock, {
      userId,
      lifetime: accounts.lifetime,
    });
    const created = await createBusinessAudited(gateway, actor, {
      userId,
      sessionId: session.id,
      name: 'Second Shop',
    });
    expectViewModel(created, ['id', 'name']);
    expect((await loadViewer(accounts, token))?.business).toEqual({ ...created, role: 'owner' });
    clock.advance(1_000);
    await renameBusinessAudited(gateway, actor, { businessId: created.id, name: 'Renamed' });
    await renameBusinessAudited(gateway, actor, { businessId: created.id, name: 'Renamed' });
    const log = await listAuditLog(gateway, created.id);
    expect(log.map((line) => [line.action, line.target])).toEqual([
      ['business.renamed', 'Renamed'],
      ['business.created', 'Second Shop'],
    ]);
  });

  it('states both credit reserves and a page of one mode’s ledger', async () => {
    const statement = await loadCreditStatement(gateway, { ...test(), limit: 1 });
    expectViewModel(statement, ['reserves', 'lines', 'next']);
    expect(statement.reserves.map((r) => r.mode)).toEqual(['test', 'live']);
    for (const line of statement.lines)
      expectViewModel(line, ['id', 'kind', 'amountUsd', 'paymentId', 'createdAt']);
  });

  it('lists the dev mailbox and opens one of its messages', async () => {
    await signUp(accounts, { email: 'mailbox@shop.test', password: 'correct horse battery staple' });
    const [message] = await listDevMailbox(gateway);
    expectViewModel(message, ['id', 'toAddress', 'subject', 'createdAt']);
    expect(message?.toAddress).toBe('mailbox@shop.test');
    const opened = await findDevMail(gateway, message!.id);
    expectViewModel(opened, ['id', 'toAddress', 'subject', 'createdAt', 'textBody']);
    expect(opened?.textBody).toContain('/verify-email?token=');
    expect(await findDevMail(gateway, 'nope')).toBeUndefined();
  });
});
