import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deriveAccountXpub } from '@cairn/chain-utxo';
import { Cairn } from '@cairn/sdk';
import { verifyWebhook } from '@cairn/webhook-verifier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/domain/accounts/createUser.js';
import { hashPassword } from '../../src/domain/accounts/hashPassword.js';
import { createBusiness } from '../../src/domain/businesses/createBusiness.js';
import { ApiKey } from '../../src/platform/db/entities/index.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

let gw: DashboardTestGateway;
let receiver: Server;
const received: { body: string; header: string }[] = [];
const PASSWORD = 'a long enough passphrase';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        header: String(request.headers['x-webhook-signature'] ?? ''),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  gw = await startDashboardGateway({
    workers: true,
    env: {
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
      CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET,LTC_REGTEST,BTC,ETH_SEPOLIA',
      CAIRN_MASTER_KEY: 'a'.repeat(64),
      // This flow is about keys and wallets per mode; two-factor before live is tested in twoFactor.test.ts.
      CAIRN_REQUIRE_2FA_FOR_LIVE: 'false',
    },
  });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const seed = () => randomBytes(64).toString('hex');
const between = (text: string, before: string, after: string) => {
  const start = text.indexOf(before);
  if (start === -1) throw new Error(`"${before}" not on the page`);
  return text.slice(start + before.length, text.indexOf(after, start + before.length));
};

describe('from sign-up to a working key, in the dashboard only', () => {
  it('signs up with the dev mailbox, adds wallets, makes keys and a webhook, and the key works with the SDK', async () => {
    const c = new DashboardClient(gw.baseUrl);
    await c.submit('/dashboard/sign-up', '/dashboard/sign-up', {
      email: 'grace@shop.test',
      password: PASSWORD,
    });
    // No SMTP server: the mail is in the dev mailbox (the gateway is on a loopback host).
    const mailbox = await c.get('/dashboard/mailbox');
    expect(mailbox.status).toBe(200);
    const message = await c.get(
      between(mailbox.body, '<a href="/dashboard/mailbox/', '"').replace(/^/, '/dashboard/mailbox/'),
    );
    const link = between(message.body, '<a href="', '"').replaceAll('&amp;', '&');
    const token = new URL(link).searchParams.get('token')!;
    await c.get(link);
    expect((await c.post('/dashboard/verify-email', { token, password: PASSWORD })).status).toBe(303);
    expect(
      (
        await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
          email: 'grace@shop.test',
          password: PASSWORD,
        })
      ).status,
    ).toBe(303);
    await c.submit('/dashboard/businesses/new', '/dashboard/businesses', { name: 'Grace Hardware' });

    // No wallet: no key.
    const noKeys = await c.get('/dashboard/keys');
    expect(noKeys.body).toContain('Add a test-mode wallet first');
    expect((await c.get('/dashboard/keys/new')).status).toBe(303);

    // A mainnet key for a testnet chain is refused with the variants the chain expects.
    const mainnetKey = deriveAccountXpub(seed(), 'BTC', 'p2wpkh');
    await c.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    const refused = await c.post('/dashboard/wallets', { chain_id: 'BTC_TESTNET', value: mainnetKey });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatch(/vpub|tpub/);
    const added = await c.post('/dashboard/wallets', {
      chain_id: 'BTC_TESTNET',
      value: deriveAccountXpub(seed(), 'BTC_TESTNET', 'p2wpkh'),
    });
    expect(added.status).toBe(200);
    expect(added.body).toContain('BTC_TESTNET wallet added');
    await c.get('/dashboard/wallets/new?chain=LTC_TESTNET');
    await c.post('/dashboard/wallets', {
      chain_id: 'LTC_TESTNET',
      value: deriveAccountXpub(seed(), 'LTC_TESTNET', 'p2wpkh'),
    });

    // A key with every covered token preselected; LTC deselected.
    const form = await c.get('/dashboard/keys/new');
    expect(form.body).toMatch(/name="token:BTC_TESTNET:BTC" checked/);
    expect(form.body).toMatch(/name="token:LTC_TESTNET:LTC" checked/);
    const created = await c.post('/dashboard/keys', { label: 'shop server', 'token:BTC_TESTNET:BTC': 'on' });
    expect(created.status).toBe(201);
    expect(created.body).toContain('shown only once');
    const key = between(created.body, 'id="full-key">', '<');
    expect(key).toMatch(/^pk_test_/);
    const keyId = between(created.body, 'action="/dashboard/keys/', '/');
    const row = await gw.running.gateway.orm.em.fork().findOneOrFail(ApiKey, { id: keyId });
    expect(row.allowedTokens).toEqual(['BTC_TESTNET:BTC']);
    expect((await c.get(`/dashboard/keys/${keyId}`)).body).not.toContain(key);

    // The key works with the SDK.
    const cairn = new Cairn({ apiKey: key, baseUrl: gw.baseUrl, maxRetries: 0 });
    const payment = await cairn.payments.create({ fiat_amount: '12.50', fiat_currency: 'USD' });
    expect(payment.status).toBe('pending');
    await expect
      .poll(
        async () => (await gw.running.gateway.orm.em.fork().findOneOrFail(ApiKey, { id: keyId })).lastUsedAt,
      )
      .not.toBeNull();

    // The home page names the real route, on the gateway's public URL: it answers, with the key.
    const shown = between((await c.get('/dashboard/')).body, '<code>POST ', '</code>');
    expect(shown).toBe(`${gw.baseUrl}/api/v1/payments`);
    const direct = await fetch(shown, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fiat_amount: '5.00', fiat_currency: 'USD' }),
    });
    expect(direct.status).toBe(201);

    // The business name is what the checkout shows, renamed included.
    await c.get('/dashboard/settings');
    expect((await c.post('/dashboard/settings', { name: 'Grace Hardware Ltd' })).location).toContain(
      'notice=business-renamed',
    );
    expect(await (await fetch(payment.checkout_url)).text()).toContain('Grace Hardware Ltd');

    // A webhook to a local receiver; its secret is shown once; Send test arrives, signed with it.
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const saved = await c.post(`/dashboard/keys/${keyId}/webhook`, {
      url,
      'event:payment.confirmed': 'on',
      'event:payment.expired': 'on',
    });
    expect(saved.status).toBe(200);
    const secret = between(saved.body, 'id="webhook-secret">', '<');
    expect(secret).toMatch(/^whsec_/);
    await c.get(`/dashboard/keys/${keyId}`);
    // Without JavaScript: the POST comes back to the key's page, scrolled to the outcome under the button.
    const sent = await c.post(`/dashboard/keys/${keyId}/webhook/test`);
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(new RegExp(`/dashboard/keys/${keyId}\\?test=[0-9a-f-]{36}#test-outcome$`));
    const tested = await c.get(sent.location!);
    expect(tested.body).toContain('Send test: delivered');
    expect(tested.body).toContain('HTTP 200');
    const button = tested.body.indexOf('>Send test</button>');
    const outcome = tested.body.indexOf('id="test-outcome"');
    expect(button).toBeGreaterThan(0);
    // The outcome follows the buttons' row at once: nothing but Rotate secret's form between them.
    expect(outcome).toBeGreaterThan(button);
    expect(tested.body.slice(button, outcome)).not.toMatch(/<(h\d|section|fieldset|table)\b/);
    const test = received.at(-1)!;
    const event = verifyWebhook({ payload: test.body, header: test.header, secret });
    expect((event as unknown as { event: string }).event).toBe('webhook.test');

    // Rotation keeps the old secret for 24 hours and says until when.
    await c.get(`/dashboard/keys/${keyId}`);
    const rotated = await c.post(`/dashboard/keys/${keyId}/webhook/rotate`);
    expect(rotated.body).toContain('The previous secret keeps working until');
    expect(between(rotated.body, 'id="webhook-secret">', '<')).not.toBe(secret);

    // A wallet an open payment uses cannot be removed.
    await cairn.checkout.selectChain(payment.id, { token: 'BTC_TESTNET:BTC' });
    const wallets = await c.get('/dashboard/wallets');
    const removeBtc = between(wallets.body, 'action="/dashboard/wallets/', '/remove"');
    const inUse = await c.post(`/dashboard/wallets/${removeBtc}/remove`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toContain('1 open payment is waiting for funds');

    // Live mode: its own wallet and key, which cannot see test payments.
    await c.get('/dashboard/');
    const live = await c.post('/dashboard/mode', { mode: 'live', section: 'keys' });
    expect(live.location).toContain('/dashboard/keys?notice=mode-live');
    expect((await c.get('/dashboard/keys')).body).toContain('Live mode');
    await c.get('/dashboard/wallets/new?chain=BTC');
    const liveWallet = await c.post('/dashboard/wallets', {
      chain_id: 'BTC',
      value: deriveAccountXpub(seed(), 'BTC', 'p2wpkh'),
    });
    expect(liveWallet.status).toBe(200);
    // A live wallet waits for the owner: confirmed from the link in the (dev) mailbox.
    expect(liveWallet.body).toContain('It is pending confirmation: we mailed a link to grace@shop.test');
    const walletMailbox = await c.get('/dashboard/mailbox');
    // The confirmation, by its subject (the wallet's security alert is mailed with it).
    const confirmationId = /<a href="\/dashboard\/mailbox\/([0-9a-f-]{36})">Confirm the new/.exec(
      walletMailbox.body,
    )![1];
    const walletMail = await c.get(`/dashboard/mailbox/${confirmationId}`);
    expect(walletMail.body).toContain('Confirm the new Bitcoin (BTC) wallet');
    const walletLink = /href="(http[^"]*\/wallets\/confirm\?token=[^"]*)"/.exec(walletMail.body)![1]!;
    await c.get(walletLink);
    const walletToken = new URL(walletLink).searchParams.get('token')!;
    expect((await c.post('/dashboard/wallets/confirm', { token: walletToken })).body).toContain(
      'The BTC wallet is confirmed',
    );
    await c.get('/dashboard/keys/new');
    const liveCreated = await c.post('/dashboard/keys', { label: 'live server', 'token:BTC:BTC': 'on' });
    const liveKey = between(liveCreated.body, 'id="full-key">', '<');
    expect(liveKey).toMatch(/^pk_live_/);
    // Live webhooks: https only, and never to loopback or private networks, whatever the dev flag says.
    const liveKeyId = between(liveCreated.body, 'action="/dashboard/keys/', '/');
    const plain = await c.post(`/dashboard/keys/${liveKeyId}/webhook`, {
      url: 'http://shop.example.com/hooks',
      'event:payment.confirmed': 'on',
    });
    expect(plain.status).toBe(422);
    expect(plain.body).toMatch(/https/);
    await c.get(`/dashboard/keys/${liveKeyId}`);
    const loopback = await c.post(`/dashboard/keys/${liveKeyId}/webhook`, {
      url: 'https://127.0.0.1/hooks',
      'event:payment.confirmed': 'on',
    });
    expect(loopback.status).toBe(422);
    expect(loopback.body).toContain('loopback');
    const liveClient = new Cairn({ apiKey: liveKey, baseUrl: gw.baseUrl, maxRetries: 0 });
    await expect(liveClient.payments.retrieve(payment.id)).rejects.toMatchObject({ status: 404 });
    // The test key's page is not reachable from live mode.
    expect((await c.get(`/dashboard/keys/${keyId}`)).status).toBe(404);

    // Deactivate, reactivate, revoke: 401 on the very next call.
    await c.post('/dashboard/mode', { mode: 'test' });
    await c.get(`/dashboard/keys/${keyId}`);
    await c.post(`/dashboard/keys/${keyId}/deactivate`);
    await expect(cairn.payments.retrieve(payment.id)).rejects.toMatchObject({ status: 401 });
    await c.get(`/dashboard/keys/${keyId}`);
    await c.post(`/dashboard/keys/${keyId}/reactivate`);
    expect((await cairn.payments.retrieve(payment.id)).id).toBe(payment.id);
    await c.get(`/dashboard/keys/${keyId}`);
    await c.post(`/dashboard/keys/${keyId}/revoke`);
    await expect(cairn.payments.retrieve(payment.id)).rejects.toMatchObject({ status: 401 });

    // Every change is in the audit log.
    const audit = await c.get('/dashboard/audit');
    for (const action of [
      'business.created',
      'business.renamed',
      'wallet.added',
      'api_key.created',
      'webhook.created',
      'webhook.secret_rotated',
      'api_key.deactivated',
      'api_key.reactivated',
      'api_key.revoked',
    ]) {
      expect(audit.body, action).toContain(action);
    }
    expect(audit.body).toContain('grace@shop.test');

    // A second business: no signup grant, its own empty wallets and keys, a switcher in the header.
    await c.get('/dashboard/businesses/new');
    await c.post('/dashboard/businesses', { name: 'Grace Garden' });
    const second = await c.get('/dashboard/');
    expect(second.body).toContain('<h1>Grace Garden</h1>');
    expect(second.body).toContain('$0.00');
    expect(second.body).toMatch(
      /<select id="business-switch" name="business_id"><option value="[^"]+">Grace Hardware Ltd<\/option><option value="[^"]+" selected>Grace Garden<\/option>/,
    );
    expect((await c.get('/dashboard/keys')).body).toContain('No test-mode key yet');
    const firstId = between(second.body, '<option value="', '"');
    await c.post('/dashboard/businesses/switch', { business_id: firstId });
    expect((await c.get('/dashboard/')).body).toContain('<h1>Grace Hardware Ltd</h1>');
    // Another login's business cannot be switched to.
    await c.post('/dashboard/businesses/switch', { business_id: gw.businessId });
    expect((await c.get('/dashboard/')).body).toContain('<h1>Grace Hardware Ltd</h1>');

    // Nothing secret reached the logs.
    const log = gw.logLines.join('\n');
    for (const secretText of [key, liveKey, secret, PASSWORD, token, walletToken])
      expect(log).not.toContain(secretText);
  });

  it('shows the EVM treasury outcomes of docs/operating/evm.md, Recommended on the forwarder, and the onboarding status', async () => {
    const c = new DashboardClient(gw.baseUrl);
    const em = gw.running.gateway.orm.em.fork();
    const user = await createUser(em, gw.running.gateway.clock, {
      email: 'evm@shop.test',
      verified: true,
      passwordHash: await hashPassword(PASSWORD),
    });
    await createBusiness(em, gw.running.gateway.clock, {
      userId: user.id,
      name: 'EVM Shop',
      grants: { testUsd: '1', liveUsd: '1' },
    });
    expect(
      (
        await c.submit('/dashboard/sign-in', '/dashboard/sign-in', {
          email: 'evm@shop.test',
          password: PASSWORD,
        })
      ).status,
    ).toBe(303);
    const form = await c.get('/dashboard/wallets/new?chain=ETH_SEPOLIA');
    expect(form.body).toContain('Treasury address');
    expect(form.body).toMatch(/Per-payment forwarder contract <span class="tag">Recommended<\/span>/);
    const mismatch = await c.post('/dashboard/wallets', {
      chain_id: 'ETH_SEPOLIA',
      value: VITALIK.replace('d8dA', 'd8DA'),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toContain('Checksum mismatch');
    // A private key pasted by mistake is refused and not written back into the form.
    const secret = `0x${'4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'}`;
    const pasted = await c.post('/dashboard/wallets', { chain_id: 'ETH_SEPOLIA', value: secret });
    expect(pasted.status).toBe(422);
    expect(pasted.body).not.toContain(secret.slice(2, 20));
    const canonical = await c.post('/dashboard/wallets', {
      chain_id: 'ETH_SEPOLIA',
      value: ` ${VITALIK.toLowerCase()} `,
    });
    expect(canonical.body).toContain('ETH_SEPOLIA wallet added: Canonicalized.');
    expect(canonical.body).toContain('one-time on-chain setup has started');
    expect(canonical.body).toContain('Setting up: the forwarder factory is being deployed');
    await c.get('/dashboard/wallets/new?chain=ETH_SEPOLIA');
    const duplicate = await c.post('/dashboard/wallets', { chain_id: 'ETH_SEPOLIA', value: VITALIK });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toContain('Duplicate: this business already has a ETH_SEPOLIA wallet');
    // Removed (no open payment uses it), then added again: EIP-55 verified, and applied to lower case.
    const wallets = await c.get('/dashboard/wallets');
    const id = between(wallets.body, 'action="/dashboard/wallets/', '/remove"');
    expect((await c.post(`/dashboard/wallets/${id}/remove`)).location).toContain('notice=wallet-removed');
    await c.get('/dashboard/wallets/new?chain=ETH_SEPOLIA');
    expect((await c.post('/dashboard/wallets', { chain_id: 'ETH_SEPOLIA', value: VITALIK })).body).toContain(
      'EIP-55 verified',
    );
    const again = await c.get('/dashboard/wallets');
    const second = between(again.body, 'action="/dashboard/wallets/', '/remove"');
    await c.post(`/dashboard/wallets/${second}/remove`);
    await c.get('/dashboard/wallets/new?chain=ETH_SEPOLIA');
    expect(
      (await c.post('/dashboard/wallets', { chain_id: 'ETH_SEPOLIA', value: VITALIK.toLowerCase() })).body,
    ).toContain('EIP-55 applied');
    expect((await c.get('/dashboard/audit')).body).toContain('wallet.removed');
  });
});
