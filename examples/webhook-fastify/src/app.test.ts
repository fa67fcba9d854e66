import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@cairn/webhook-verifier';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

const SECRET = 'whsec_example_fastify_secret';

/** Independent signature: HMAC-SHA256 over `<t>.<body>` with plain node:crypto (docs/webhooks.md, "Signature"). */
function sign(body: string, t = Math.floor(Date.now() / 1000), secret = SECRET): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

function eventBody(event = 'payment.confirmed'): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    event,
    created_at: new Date().toISOString(),
    data: { id: 'pay_123', amount: '10.00', currency: 'USDC' },
  });
}

let app: ReturnType<typeof createApp>;
let url: string;
const received: WebhookEvent[] = [];
let failNext = false;

beforeAll(async () => {
  app = createApp({
    secret: SECRET,
    onEvent: (event) => {
      if (failNext) {
        failNext = false;
        throw new Error('database down');
      }
      received.push(event);
    },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address}/webhooks/cairn`;
});

afterAll(async () => {
  await app.close();
});

beforeEach(() => {
  received.length = 0;
});

async function post(body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-webhook-signature'] = signature;
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('Fastify webhook receiver', () => {
  it('accepts a validly signed event and hands it to onEvent once', async () => {
    const body = eventBody();
    const response = await post(body, sign(body));
    expect(response).toEqual({ status: 200, json: { received: true, duplicate: false } });
    expect(received).toEqual([JSON.parse(body)]);
  });

  it('acknowledges a redelivery of the same event without processing it again', async () => {
    const body = eventBody();
    await post(body, sign(body));
    // Cairn re-signs each attempt, so the retry carries a new timestamp.
    const retry = await post(body, sign(body, Math.floor(Date.now() / 1000) + 1));
    expect(retry).toEqual({ status: 200, json: { received: true, duplicate: true } });
    expect(received).toHaveLength(1);
  });

  it('acknowledges event types it does not handle', async () => {
    const body = eventBody('invoice.viewed');
    expect((await post(body, sign(body))).status).toBe(200);
  });

  it('rejects a tampered body with 400 SIGNATURE_MISMATCH', async () => {
    const body = eventBody();
    const response = await post(body.replace('10.00', '99.00'), sign(body));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'SIGNATURE_MISMATCH' } });
    expect(received).toHaveLength(0);
  });

  it('rejects a stale timestamp with 400 TIMESTAMP_OUTSIDE_TOLERANCE', async () => {
    const body = eventBody();
    const response = await post(body, sign(body, Math.floor(Date.now() / 1000) - 600));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'TIMESTAMP_OUTSIDE_TOLERANCE' } });
  });

  it('rejects a missing signature header with 400 MISSING_SIGNATURE_HEADER', async () => {
    const response = await post(eventBody());
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'MISSING_SIGNATURE_HEADER' } });
  });

  it('answers 500 when processing fails, and processes the retry', async () => {
    const body = eventBody();
    failNext = true;
    const failed = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-webhook-signature': sign(body) },
    });
    expect(failed.status).toBe(500);
    expect((await post(body, sign(body))).json).toEqual({ received: true, duplicate: false });
    expect(received).toHaveLength(1);
  });
});
