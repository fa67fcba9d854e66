import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../src/app/startGateway.js';
import { createSecretCipher } from '../../src/domain/webhooks/createSecretCipher.js';
import { createWebhookContext } from '../../src/domain/webhooks/createWebhookContext.js';
import { GENERATED_KEY_FILE, loadMasterKey } from '../../src/domain/webhooks/loadMasterKey.js';
import { sendTestWebhook } from '../../src/domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../src/domain/webhooks/setWebhookEndpoint.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { pruneWebhookDeliveriesTask } from '../../src/workers/jobs/pruneWebhookDeliveriesTask.js';
import { newKey, sql } from '../api/apiHelpers.js';
import {
  type Receiver,
  startReceiver,
  startWebhookTest,
  TEST_MASTER_KEY,
  type WebhookTest,
} from './webhookHarness.js';

describe('webhook delivery at boot, master key, retention', () => {
  let w: WebhookTest;
  let receiver: Receiver;
  let dataDir: string;

  beforeAll(async () => {
    w = await startWebhookTest();
    receiver = await startReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-webhook-key-'));
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await receiver.close();
    await w.stop();
  });

  function capture() {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, log: pino({ level: 'info' }, stream) };
  }

  it('starts with the workers, warns loudly about CAIRN_ALLOW_PRIVATE_WEBHOOKS, is ready, and stops cleanly', async () => {
    const { lines, log } = capture();
    const config = loadConfig({
      DATABASE_URL: w.test.running.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      CAIRN_MASTER_KEY: TEST_MASTER_KEY,
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
    });
    const running = await startGateway({ config, log });
    try {
      expect(running.webhooks?.running).toBe(true);
      const warning = lines.find((l) => l.msg.includes('CAIRN_ALLOW_PRIVATE_WEBHOOKS=true'));
      expect(warning?.level).toBe(40);
      expect(warning?.msg).toContain('never applies to live mode');
      const ready = await fetch(`${running.address}/readyz`);
      expect(ready.status).toBe(200);
      expect((await ready.json()).checks.workers).toBe('ok');
      // The running dispatcher reports on the gateway's own /metrics.
      const key = await newKey(w.test);
      await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/booted` });
      const before = receiver.requests.length;
      await sendTestWebhook(running.gateway.orm.em.fork(), running.gateway.clock, key.id);
      await receiver.waitFor(before + 1);
      let metrics = '';
      for (let tries = 0; tries < 50 && !metrics.includes('outcome="delivered"'); tries++) {
        metrics = await (await fetch(`${running.address}/metrics`)).text();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(metrics).toContain('cairn_webhook_attempts_total{mode="test",outcome="delivered"} 1');
      expect(metrics).toMatch(/cairn_webhook_pending_deliveries\{state="due"\} \d+/);
    } finally {
      await running.stop();
    }
    expect(running.webhooks?.running).toBe(false);
  });

  it('without CAIRN_MASTER_KEY: generates a 0600 development key, refuses live endpoints, and refuses to boot when live endpoints exist', async () => {
    const warnings: string[] = [];
    const generated = loadMasterKey({ CAIRN_DATA_DIR: dataDir }, (m) => warnings.push(m));
    const file = join(dataDir, GENERATED_KEY_FILE);
    expect(generated).toMatchObject({ configured: false, source: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings[0]).toContain('CAIRN_MASTER_KEY is not set');
    expect(loadMasterKey({ CAIRN_DATA_DIR: dataDir }, () => {}).key.equals(generated.key)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);

    const live = await newKey(w.test, { mode: 'live' });
    const unconfigured = createWebhookContext(
      w.test.running.gateway.orm.em.fork(),
      w.clock,
      loadConfig({ CAIRN_DATA_DIR: dataDir }),
      { resolver: w.resolver },
    );
    w.resolver.table['shop.example'] = ['93.184.216.34'];
    await expect(
      setWebhookEndpoint(unconfigured, { apiKeyId: live.id, url: 'https://shop.example/hook' }),
    ).rejects.toMatchObject({ code: 'MASTER_KEY_REQUIRED' });
    await setWebhookEndpoint(w.context(), { apiKeyId: live.id, url: 'https://shop.example/hook' });

    const config = loadConfig({
      DATABASE_URL: w.test.running.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      CAIRN_DATA_DIR: dataDir,
    });
    await expect(startGateway({ config, log: pino({ level: 'silent' }) })).rejects.toMatchObject({
      code: 'MASTER_KEY_REQUIRED',
    });
  });

  it('a secret sealed under another master key is never sent with a wrong signature: the delivery waits, no attempt spent', async () => {
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/wrong-key` });
    const { deliveryId } = await sendTestWebhook(w.test.running.gateway.orm.em.fork(), w.clock, key.id);
    const other = createSecretCipher(Buffer.alloc(32, 7));
    await w.dispatcher({ cipher: other }).deliverDue({ ids: [deliveryId] });
    const [row] = await w.deliveries('id = ?', [deliveryId]);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error_class: 'secret_unavailable' });
    expect(row.last_error).toContain('restore the original CAIRN_MASTER_KEY');
    expect(row.next_attempt_at.getTime() - w.clock.now().getTime()).toBe(60_000);
    expect(receiver.requests.filter((r) => r.path === '/wrong-key')).toHaveLength(0);
    // With the right key it goes out.
    w.clock.advance(60_000);
    await w.dispatcher().deliverDue({ ids: [deliveryId] });
    expect((await w.deliveries('id = ?', [deliveryId]))[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
  });

  it('keeps finished deliveries for CAIRN_WEBHOOK_LOG_RETENTION_DAYS (default 30), pending ones until they finish', async () => {
    expect(loadConfig({}).CAIRN_WEBHOOK_LOG_RETENTION_DAYS).toBe(30);
    const key = await newKey(w.test);
    await setWebhookEndpoint(w.context(), { apiKeyId: key.id, url: `${receiver.url}/retention` });
    const em = () => w.test.running.gateway.orm.em.fork();
    const old = (await sendTestWebhook(em(), w.clock, key.id)).deliveryId;
    await w.dispatcher().deliverDue({ ids: [old] });
    receiver.respond((r) => (r.path === '/retention' ? { status: 500 } : {}));
    const stuck = (await sendTestWebhook(em(), w.clock, key.id)).deliveryId;
    await w.dispatcher().deliverDue({ ids: [stuck] });
    receiver.respond(() => ({}));
    w.clock.advance(29 * 86_400_000);
    const recent = (await sendTestWebhook(em(), w.clock, key.id)).deliveryId;
    await w.dispatcher().deliverDue({ ids: [recent] });

    const prune = pruneWebhookDeliveriesTask(w.test.running.gateway);
    w.clock.advance(1 * 86_400_000 + 60_000);
    await prune({}, {} as never);
    const left = await sql<{ id: string }>(
      w.test,
      'select id from webhook_deliveries where id in (?, ?, ?)',
      [old, stuck, recent],
    );
    expect(left.map((r) => r.id).sort()).toEqual([stuck, recent].sort());
  });
});
