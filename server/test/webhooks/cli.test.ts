import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN_BIN } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import {
  expectSignedBy,
  parseSignature,
  type Receiver,
  startReceiver,
  TEST_MASTER_KEY,
} from './webhookHarness.js';

const run = promisify(execFile);

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

describe('operator CLI: webhooks:*', { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let receiver: Receiver;
  let keyId: string;
  let secret: string;

  const cairn = (args: string[], env: Record<string, string> = {}): Promise<Outcome> =>
    run(process.execPath, [CAIRN_BIN, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        CAIRN_LOG_LEVEL: 'silent',
        CAIRN_MASTER_KEY: TEST_MASTER_KEY,
        CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
        ...env,
      },
      cwd: new URL('../..', import.meta.url).pathname,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    // Operator commands use a migrated database and create none: `migrate` first, as `start` would.
    expect((await cairn(['migrate'])).code).toBe(0);
    const seed = await cairn(['dev:seed', '--json']);
    keyId = JSON.parse(seed.stdout).api_key_id;
  }, 120_000);
  afterAll(async () => {
    await receiver.close();
    await database.drop();
  });

  it('webhooks:set saves the endpoint and prints the secret once', async () => {
    const created = await cairn(['webhooks:set', '--key', keyId, '--url', `${receiver.url}/cli`]);
    expect(created.code, created.stderr).toBe(0);
    const body = JSON.parse(created.stdout);
    expect(body).toMatchObject({
      api_key_id: keyId,
      mode: 'test',
      url: `${receiver.url}/cli`,
      created: true,
    });
    // the 13 product payment events, payment.received_after_close and payment.reverted, and the 2
    // stray-funds events
    expect(body.events).toHaveLength(17);
    expect(body.events).toContain('payment.received_after_close');
    expect(body.events).toContain('payment.reverted');
    expect(body.events).toContain('stray_funds.found');
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('shown once');
    secret = body.secret;

    const updated = await cairn([
      'webhooks:set',
      '--key',
      keyId,
      '--url',
      `${receiver.url}/cli`,
      '--events',
      'payment.*,invoice.paid',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    const again = JSON.parse(updated.stdout);
    expect(again.created).toBe(false);
    expect(again.secret).toBeUndefined();
    expect(again.events).toHaveLength(16); // payment.* (15) and invoice.paid
  });

  it('webhooks:set refuses bad input with a clear message', async () => {
    const privateUrl = await cairn(['webhooks:set', '--key', keyId, '--url', 'http://10.0.0.7/x'], {
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'false',
    });
    expect(privateUrl).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('10.0.0.7 is a private address'),
    });
    const loopback = await cairn(['webhooks:set', '--key', keyId, '--url', `${receiver.url}/x`], {
      CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'false',
    });
    expect(loopback).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('CAIRN_ALLOW_PRIVATE_WEBHOOKS'),
    });
    const events = await cairn([
      'webhooks:set',
      '--key',
      keyId,
      '--url',
      `${receiver.url}/x`,
      '--events',
      'pay.done',
    ]);
    expect(events).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown event "pay.done"') });
    const usage = await cairn(['webhooks:set', '--key', keyId]);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('webhooks:set needs --key') });
    const unknownKey = await cairn([
      'webhooks:set',
      '--key',
      '00000000-0000-4000-8000-000000000000',
      '--url',
      `${receiver.url}/x`,
    ]);
    expect(unknownKey).toMatchObject({ code: 1, stderr: expect.stringContaining('No active API key') });
  });

  it('webhooks:send-test delivers a signed webhook.test event and reports the attempt', async () => {
    const before = receiver.requests.length;
    const sent = await cairn(['webhooks:send-test', '--key', keyId]);
    expect(sent.code, sent.stderr).toBe(0);
    const result = JSON.parse(sent.stdout);
    expect(result).toMatchObject({
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      status_code: 200,
    });
    const request = receiver.requests[before]!;
    expect(JSON.parse(request.body).id).toBe(result.event_id);
    const t = parseSignature(String(request.headers['x-webhook-signature'])).t;
    expectSignedBy(request, [secret], new Date(t * 1000));
  });

  it('webhooks:rotate-secret: the next deliveries carry both signatures', async () => {
    const rotated = await cairn(['webhooks:rotate-secret', '--key', keyId]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const { secret: next, previous_secret_valid_until } = JSON.parse(rotated.stdout);
    expect(next).toMatch(/^whsec_/);
    const hours = (Date.parse(previous_secret_valid_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const before = receiver.requests.length;
    expect((await cairn(['webhooks:send-test', '--key', keyId])).code).toBe(0);
    const request = receiver.requests[before]!;
    const t = parseSignature(String(request.headers['x-webhook-signature'])).t;
    expectSignedBy(request, [next, secret], new Date(t * 1000));
    secret = next;
  });

  it('a failed send-test exits 1 and shows the retry; webhooks:deliveries lists the log; webhooks:redeliver sends again', async () => {
    receiver.respond(() => ({ status: 500, body: 'receiver down' }));
    const failed = await cairn(['webhooks:send-test', '--key', keyId]);
    receiver.respond(() => ({}));
    expect(failed.code).toBe(1);
    const failure = JSON.parse(failed.stdout);
    expect(failure).toMatchObject({
      status: 'pending',
      attempts: 1,
      status_code: 500,
      error_class: 'http_status',
    });
    expect(Date.parse(failure.next_attempt_at) - Date.now()).toBeLessThan(13_000);

    const table = await cairn(['webhooks:deliveries', '--key', keyId]);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^delivery\s+created\s+event\s+status\s+attempts\s+code\s+error\s+ms\s+next retry$/,
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/webhook\.test\s+pending\s+1\s+500\s+http_status/);

    const json = await cairn(['webhooks:deliveries', '--key', keyId, '--status', 'delivered', '--json']);
    const delivered = JSON.parse(json.stdout) as {
      id: string;
      status: string;
      request_body: string;
      event_id: string;
    }[];
    expect(delivered).toHaveLength(2);
    expect(delivered.every((d) => d.status === 'delivered')).toBe(true);
    expect(JSON.parse(delivered[0]!.request_body).id).toBe(delivered[0]!.event_id);

    const before = receiver.requests.length;
    const again = await cairn(['webhooks:redeliver', delivered[0]!.id]);
    expect(again.code, again.stderr).toBe(0);
    const redelivery = JSON.parse(again.stdout);
    expect(redelivery).toMatchObject({
      status: 'delivered',
      redelivery_of: delivered[0]!.id,
      event_id: delivered[0]!.event_id,
    });
    expect(receiver.requests[before]!.body).toBe(delivered[0]!.request_body);

    const stillPending = await cairn(['webhooks:redeliver', failure.delivery_id]);
    expect(stillPending).toMatchObject({ code: 1, stderr: expect.stringContaining('still queued') });
    const bad = await cairn(['webhooks:deliveries', '--status', 'lost']);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('--status must be one of') });
  });
});
