import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestWebhook } from '../../src/domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { WebhookError } from '../../src/domain/webhooks/WebhookError.js';
import { newKey } from '../api/apiHelpers.js';
import { type Receiver, startReceiver, startWebhookTest, type WebhookTest } from './webhookHarness.js';

const PUBLIC = '93.184.216.34';

describe('SSRF guard: on save and at every delivery (real HTTP)', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let testKey: string;
  let liveKey: string;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    testKey = (await newKey(w.test)).id;
    liveKey = (await newKey(w.test, { mode: 'live' })).id;
    Object.assign(w.resolver.table, {
      'public.example': [PUBLIC],
      'rebind.example': [PUBLIC],
      'loopback.example': ['127.0.0.1'],
      'mixed.example': [PUBLIC, '10.1.2.3'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'v6private.example': ['fd00::1'],
    });
  });
  afterAll(async () => {
    await receiver.close();
    await w.stop();
  });

  async function saveError(url: string, options: { live?: boolean; allowPrivate?: boolean } = {}) {
    try {
      await setWebhookEndpoint(w.context({ allowPrivate: options.allowPrivate ?? false }), {
        apiKeyId: options.live ? liveKey : testKey,
        url,
      });
      return 'accepted';
    } catch (error) {
      if (error instanceof WebhookError) return { code: error.code, message: error.message };
      throw error;
    }
  }

  it.each([
    'http://localhost:8080/hook',
    'http://api.localhost/hook',
    'http://localhost./hook',
    'http://LOCALHOST.:8080/hook',
    'http://foo.localhost./hook',
    'http://localhost../hook',
    'http://Api.LocalHost.../hook',
    'http://127.0.0.1/hook',
    'http://127.8.9.10/hook',
    'http://0.0.0.0/hook',
    'http://10.0.0.1/hook',
    'http://172.16.5.4/hook',
    'http://172.31.255.255/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://100.127.255.254/hook',
    'http://224.0.0.1/hook',
    'http://239.255.255.250/hook',
    'http://255.255.255.255/hook',
    'http://192.0.2.10/hook',
    'http://198.51.100.7/hook',
    'http://203.0.113.9/hook',
    'http://198.18.0.1/hook',
    'http://240.0.0.1/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'http://[::1]/hook',
    'http://[::]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://[::ffff:10.0.0.1]/hook',
    'http://[fe80::1]/hook',
    'http://[fc00::1]/hook',
    'http://[fd12:3456::1]/hook',
    'http://[ff02::1]/hook',
    'http://[2001:db8::1]/hook',
    'http://[64:ff9b::7f00:1]/hook',
    'http://[2002:7f00:1::1]/hook',
    'http://[::7f00:1]/hook',
    'http://loopback.example/hook',
    'http://mixed.example/hook',
    'http://mapped.example/hook',
    'http://metadata.example/hook',
    'http://v6private.example/hook',
  ])('refuses %s on save', async (url) => {
    expect(await saveError(url)).toMatchObject({
      code: 'WEBHOOK_URL_PRIVATE',
      message: expect.stringMatching(/public address/),
    });
  });

  it.each([
    'https://localhost./hook',
    'https://LOCALHOST./hook',
    'https://foo.localhost./hook',
    'https://localhost../hook',
  ])('refuses %s on save in live mode too', async (url) => {
    expect(await saveError(url, { live: true })).toMatchObject({ code: 'WEBHOOK_URL_PRIVATE' });
  });

  it('live URLs must be https, test URLs may be http; malformed URLs are refused clearly', async () => {
    expect(await saveError('http://public.example/hook', { live: true })).toMatchObject({
      code: 'WEBHOOK_URL_NOT_HTTPS',
    });
    expect(await saveError('https://public.example/hook', { live: true })).toBe('accepted');
    expect(await saveError('http://public.example/hook')).toBe('accepted');
    expect(await saveError('ftp://public.example/hook')).toMatchObject({ code: 'INVALID_WEBHOOK_URL' });
    expect(await saveError('not a url')).toMatchObject({ code: 'INVALID_WEBHOOK_URL' });
    expect(await saveError('https://user:pw@public.example/hook')).toMatchObject({
      code: 'INVALID_WEBHOOK_URL',
    });
  });

  it('a name that does not resolve now is accepted with a warning (each delivery checks it again)', async () => {
    const result = await setWebhookEndpoint(w.context({ allowPrivate: false }), {
      apiKeyId: testKey,
      url: 'https://not-yet.example/hook',
    });
    expect(result.warnings[0]).toMatch(/not-yet\.example did not resolve.*checked again on every delivery/);
  });

  it('CAIRN_ALLOW_PRIVATE_WEBHOOKS opens loopback and private ranges to test mode only, never link-local', async () => {
    expect(await saveError(`${receiver.url}/dev`, { allowPrivate: true })).toBe('accepted');
    expect(await saveError('http://localhost:9999/dev', { allowPrivate: true })).toBe('accepted');
    expect(await saveError('https://127.0.0.1/dev', { live: true, allowPrivate: true })).toMatchObject({
      code: 'WEBHOOK_URL_PRIVATE',
    });
    expect(await saveError('https://loopback.example/dev', { live: true, allowPrivate: true })).toMatchObject(
      {
        code: 'WEBHOOK_URL_PRIVATE',
      },
    );
    expect(await saveError('http://169.254.169.254/', { allowPrivate: true })).toMatchObject({
      code: 'WEBHOOK_URL_PRIVATE',
    });
  });

  /** Saves an endpoint for a fresh key and queues one test event; returns the delivery id. */
  async function queued(
    url: string,
    options: { live?: boolean; allowedIps?: string[] } = {},
  ): Promise<string> {
    const key = await newKey(w.test, { mode: options.live ? 'live' : 'test' });
    await setWebhookEndpoint(w.context(), {
      apiKeyId: key.id,
      url,
      ...(options.allowedIps ? { allowedIps: options.allowedIps } : {}),
    });
    return (await sendTestWebhook(w.test.running.gateway.orm.em.fork(), w.clock, key.id)).deliveryId;
  }
  // biome-ignore lint/suspicious/noExplicitAny: SQL row
  const row = async (id: string): Promise<any> => (await w.deliveries('id = ?', [id]))[0];

  it('a name that resolved publicly on save and to 127.0.0.1 at delivery is blocked (DNS rebinding)', async () => {
    const id = await queued(`http://rebind.example:${receiver.port}/rebind`);
    w.resolver.table['rebind.example'] = ['127.0.0.1'];
    const before = receiver.requests.length;
    await w.dispatcher({ allowPrivateFlag: false }).deliverDue({ ids: [id] });
    expect(receiver.requests).toHaveLength(before);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error_class: 'ssrf_blocked',
      last_error: expect.stringContaining('127.0.0.1'),
      last_status_code: null,
    });
  });

  it('an IPv4-mapped IPv6 answer (::ffff:127.0.0.1) is blocked at delivery', async () => {
    w.resolver.table['mapped-later.example'] = [PUBLIC];
    const id = await queued(`http://mapped-later.example:${receiver.port}/mapped`);
    w.resolver.table['mapped-later.example'] = ['::ffff:127.0.0.1'];
    const before = receiver.requests.length;
    await w.dispatcher({ allowPrivateFlag: false }).deliverDue({ ids: [id] });
    expect(receiver.requests).toHaveLength(before);
    expect(await row(id)).toMatchObject({ last_error_class: 'ssrf_blocked' });
  });

  it('connects to the vetted address: a made-up name mapped to 127.0.0.1 reaches the loopback receiver (flag on, test mode) with its own Host header', async () => {
    w.resolver.table['receiver.test'] = ['127.0.0.1'];
    const id = await queued(`http://receiver.test:${receiver.port}/pinned`);
    await w.dispatcher({ allowPrivateFlag: true }).deliverDue({ ids: [id] });
    expect(await row(id)).toMatchObject({ status: 'delivered', last_status_code: 200 });
    const request = receiver.requests.find((r) => r.path === '/pinned')!;
    expect(request.headers.host).toBe(`receiver.test:${receiver.port}`);
  });

  it('the flag never applies to live mode: a live endpoint resolving to loopback is blocked', async () => {
    w.resolver.table['live.example'] = [PUBLIC];
    const id = await queued(`https://live.example:${receiver.port}/live`, { live: true });
    w.resolver.table['live.example'] = ['127.0.0.1'];
    const before = receiver.requests.length;
    await w.dispatcher({ allowPrivateFlag: true }).deliverDue({ ids: [id] });
    expect(receiver.requests).toHaveLength(before);
    expect(await row(id)).toMatchObject({ last_error_class: 'ssrf_blocked', mode: 'live' });
  });

  it('honours the destination IP allowlist: connects only to an allowlisted address', async () => {
    w.resolver.table['two.test'] = ['127.0.0.2', '127.0.0.1'];
    const allowed = await queued(`http://two.test:${receiver.port}/allowlisted`, {
      allowedIps: ['127.0.0.1/32'],
    });
    const refused = await queued(`http://two.test:${receiver.port}/not-allowlisted`, {
      allowedIps: ['10.9.9.9'],
    });
    await w.dispatcher({ allowPrivateFlag: true }).deliverDue({ ids: [allowed, refused] });
    expect(await row(allowed)).toMatchObject({ status: 'delivered' });
    expect(await row(refused)).toMatchObject({
      status: 'pending',
      last_error_class: 'ssrf_blocked',
      last_error: expect.stringContaining('destination allowlist'),
    });
    expect(receiver.requests.filter((r) => r.path === '/not-allowlisted')).toHaveLength(0);
  });

  it('a private address in the destination allowlist is refused on save (unless the flag, in test mode)', async () => {
    await expect(
      setWebhookEndpoint(w.context({ allowPrivate: false }), {
        apiKeyId: testKey,
        url: 'https://public.example/hook',
        allowedIps: ['10.0.0.0/8'],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_DESTINATION_ALLOWLIST' });
    await expect(
      setWebhookEndpoint(w.context(), {
        apiKeyId: testKey,
        url: 'https://public.example/hook',
        allowedIps: ['nope'],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_DESTINATION_ALLOWLIST' });
  });

  it('a name that stops resolving is a "dns" failure, retried', async () => {
    w.resolver.table['gone.example'] = [PUBLIC];
    const id = await queued('http://gone.example/x');
    delete w.resolver.table['gone.example'];
    await w.dispatcher().deliverDue({ ids: [id] });
    expect(await row(id)).toMatchObject({ status: 'pending', last_error_class: 'dns' });
  });
});
