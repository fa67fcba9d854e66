import { describe, expect, it } from 'vitest';
import { clock, eventBody, hmacHex, NOW_SECONDS, OLD_SECRET, SECRET } from '../test/independentSignature.js';
import * as node from './index.js';
import * as web from './web.js';

const signers: [string, (options: node.SignWebhookOptions) => Promise<string>][] = [
  ['node', async (options) => node.signWebhook(options)],
  ['web', (options) => web.signWebhook(options)],
];

describe.each(signers)('signWebhook, %s', (_name, sign) => {
  const body = eventBody();

  it('produces t=<seconds>,v1=<independently computed HMAC>', async () => {
    expect(await sign({ payload: body, secret: SECRET, timestamp: NOW_SECONDS })).toBe(
      `t=${NOW_SECONDS},v1=${hmacHex(SECRET, NOW_SECONDS, body)}`,
    );
  });

  it('signs bytes exactly like the equivalent string', async () => {
    expect(await sign({ payload: Buffer.from(body), secret: SECRET, timestamp: NOW_SECONDS })).toBe(
      await sign({ payload: body, secret: SECRET, timestamp: NOW_SECONDS }),
    );
  });

  it('emits one v1 per secret, in order', async () => {
    expect(await sign({ payload: body, secret: [SECRET, OLD_SECRET], timestamp: NOW_SECONDS })).toBe(
      `t=${NOW_SECONDS},v1=${hmacHex(SECRET, NOW_SECONDS, body)},v1=${hmacHex(OLD_SECRET, NOW_SECONDS, body)}`,
    );
  });

  it('accepts a Date and floors fractional seconds', async () => {
    const expected = `t=${NOW_SECONDS},v1=${hmacHex(SECRET, NOW_SECONDS, body)}`;
    expect(await sign({ payload: body, secret: SECRET, timestamp: new Date(NOW_SECONDS * 1000 + 999) })).toBe(
      expected,
    );
    expect(await sign({ payload: body, secret: SECRET, timestamp: NOW_SECONDS + 0.5 })).toBe(expected);
  });

  it('defaults the timestamp to now', async () => {
    const before = Math.floor(Date.now() / 1000);
    const header = await sign({ payload: body, secret: SECRET });
    const t = Number(/^t=(\d+),/.exec(header)?.[1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('round-trips through both verifiers', async () => {
    const header = await sign({ payload: body, secret: SECRET, timestamp: NOW_SECONDS });
    expect(node.verifyWebhook({ payload: body, header, secret: SECRET, now: clock })).toEqual(
      JSON.parse(body),
    );
    expect(await web.verifyWebhook({ payload: body, header, secret: SECRET, now: clock })).toEqual(
      JSON.parse(body),
    );
  });

  it('rejects a parsed object and a missing secret', async () => {
    await expect(sign({ payload: {} as never, secret: SECRET })).rejects.toMatchObject({
      code: 'PAYLOAD_NOT_RAW',
    });
    await expect(sign({ payload: body, secret: '' })).rejects.toThrow(TypeError);
  });
});

const generators: [string, (options: node.GenerateTestHeaderOptions) => Promise<node.TestHeader>][] = [
  ['node', async (options) => node.generateTestHeader(options)],
  ['web', (options) => web.generateTestHeader(options)],
];

describe.each(generators)('generateTestHeader, %s', (_name, generate) => {
  it('fills id, created_at and data, and signs the compact body', async () => {
    const before = Date.now();
    const { body, header } = await generate({ event: { event: 'payment.confirmed' }, secret: SECRET });
    const event = JSON.parse(body);
    expect(event.id).toMatch(/^evt_[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    expect(event.event).toBe('payment.confirmed');
    expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(event.data).toEqual({});
    expect(body).toBe(JSON.stringify(event));
    const t = Number(/^t=(\d+),/.exec(header)?.[1]);
    expect(header).toBe(`t=${t},v1=${hmacHex(SECRET, t, body)}`);
    expect(node.verifyWebhook({ payload: body, header, secret: SECRET })).toEqual(event);
  });

  it('keeps the given fields and timestamp', async () => {
    const input = {
      id: 'evt_fixed',
      event: 'invoice.paid',
      created_at: '2023-11-14T22:13:20Z',
      data: { id: 'inv_1' },
    };
    const { body, header } = await generate({ event: input, secret: SECRET, timestamp: NOW_SECONDS });
    expect(JSON.parse(body)).toEqual(input);
    expect(header).toBe(`t=${NOW_SECONDS},v1=${hmacHex(SECRET, NOW_SECONDS, body)}`);
  });

  it('signs a string body verbatim, with every secret', async () => {
    const text = '{"id":"evt_x",  "event":"payment.expired","created_at":"2023-11-14T22:13:20Z","data":{}}';
    const { body, header } = await generate({
      event: text,
      secret: [SECRET, OLD_SECRET],
      timestamp: NOW_SECONDS,
    });
    expect(body).toBe(text);
    expect(header).toBe(
      `t=${NOW_SECONDS},v1=${hmacHex(SECRET, NOW_SECONDS, text)},v1=${hmacHex(OLD_SECRET, NOW_SECONDS, text)}`,
    );
  });
});
