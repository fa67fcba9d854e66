import { describe, expect, it } from 'vitest';
import {
  clock,
  eventBody,
  hmacHex,
  NOW_MS,
  NOW_SECONDS,
  OLD_SECRET,
  SECRET,
  signedHeader,
} from '../test/independentSignature.js';
import type { VerifyWebhookOptions, WebhookEvent, WebhookVerificationErrorCode } from './index.js';
import * as node from './index.js';
import * as web from './web.js';

type Verify = (options: VerifyWebhookOptions) => Promise<WebhookEvent>;

// The same vectors run against both entry points; the Node one is wrapped to share the async shape.
const verifiers: [string, Verify, typeof node][] = [
  ['node (node:crypto)', async (options) => node.verifyWebhook(options), node],
  ['web (crypto.subtle)', (options) => web.verifyWebhook(options), web as unknown as typeof node],
];

async function failure<A extends unknown[]>(run: (...args: A) => Promise<unknown>, ...args: A) {
  try {
    await run(...args);
  } catch (error) {
    return error as Error & { code?: WebhookVerificationErrorCode };
  }
  throw new Error('expected verification to fail');
}

describe.each(verifiers)('verifyWebhook, %s', (_name, verify, entry) => {
  const body = eventBody();
  const header = signedHeader(body, [SECRET]);

  it('matches a known-answer vector (computed with openssl dgst -sha256 -hmac)', async () => {
    const fixed =
      '{"id":"evt_00000000-0000-4000-8000-000000000000","event":"payment.confirmed","created_at":"2023-11-14T22:13:20Z","data":{"id":"pay_123"}}';
    const event = await verify({
      payload: fixed,
      header: 't=1700000000,v1=b52308aeb7eb66cf630d44fbef946e5b859e33b0238a1b04466a596bb8281a41',
      secret: 'whsec_test_secret',
      now: clock,
    });
    expect(event).toEqual({
      id: 'evt_00000000-0000-4000-8000-000000000000',
      event: 'payment.confirmed',
      created_at: '2023-11-14T22:13:20Z',
      data: { id: 'pay_123' },
    });
  });

  it('accepts a string, Buffer or Uint8Array payload and returns the parsed event', async () => {
    const expected = JSON.parse(body);
    const bytes = new TextEncoder().encode(body);
    expect(await verify({ payload: body, header, secret: SECRET, now: clock })).toEqual(expected);
    expect(await verify({ payload: Buffer.from(body), header, secret: SECRET, now: clock })).toEqual(
      expected,
    );
    expect(await verify({ payload: bytes, header, secret: SECRET, now: clock })).toEqual(expected);
    // A Buffer that is a slice of a larger pool (as HTTP servers hand out) is read at its own offset.
    const pooled = Buffer.concat([Buffer.from('junk'), Buffer.from(body)]).subarray(4);
    expect(await verify({ payload: pooled, header, secret: SECRET, now: clock })).toEqual(expected);
  });

  it('signs the raw bytes: a non-ASCII body verifies as bytes and as the decoded string', async () => {
    const unicode = eventBody({ data: { memo: 'Grüße 🚀' } });
    const unicodeHeader = signedHeader(unicode, [SECRET]);
    await expect(
      verify({ payload: Buffer.from(unicode), header: unicodeHeader, secret: SECRET, now: clock }),
    ).resolves.toMatchObject({ data: { memo: 'Grüße 🚀' } });
    await expect(
      verify({ payload: unicode, header: unicodeHeader, secret: SECRET, now: clock }),
    ).resolves.toBeTruthy();
  });

  it('uses Date.now when no clock is given, and accepts a clock returning a Date', async () => {
    const t = Math.floor(Date.now() / 1000);
    await expect(
      verify({ payload: body, header: signedHeader(body, [SECRET], t), secret: SECRET }),
    ).resolves.toBeTruthy();
    await expect(
      verify({ payload: body, header, secret: SECRET, now: () => new Date(NOW_MS) }),
    ).resolves.toBeTruthy();
  });

  describe('rotation: several v1 values and several secrets', () => {
    const both = signedHeader(body, [SECRET, OLD_SECRET]);

    it('accepts a header with two v1 values when either secret is configured', async () => {
      await expect(verify({ payload: body, header: both, secret: SECRET, now: clock })).resolves.toBeTruthy();
      await expect(
        verify({ payload: body, header: both, secret: OLD_SECRET, now: clock }),
      ).resolves.toBeTruthy();
    });

    it('accepts any configured secret matching any v1', async () => {
      const oldOnly = signedHeader(body, [OLD_SECRET]);
      await expect(
        verify({ payload: body, header: oldOnly, secret: [SECRET, OLD_SECRET], now: clock }),
      ).resolves.toBeTruthy();
      await expect(
        verify({ payload: body, header: header, secret: ['whsec_unrelated', SECRET], now: clock }),
      ).resolves.toBeTruthy();
    });

    it('rejects once the old secret has stopped signing and only it is configured', async () => {
      const error = await failure(verify, { payload: body, header, secret: OLD_SECRET, now: clock });
      expect(error.code).toBe('SIGNATURE_MISMATCH');
    });

    it('skips malformed v1 values and unknown schemes while looking for a match', async () => {
      const messy = `t=${NOW_SECONDS}, v0=deadbeef ,v1=nothex,v1=${hmacHex('whsec_other', NOW_SECONDS, body)},scheme=x, v1=${hmacHex(SECRET, NOW_SECONDS, body)}`;
      await expect(
        verify({ payload: body, header: messy, secret: SECRET, now: clock }),
      ).resolves.toBeTruthy();
    });

    it('reads a repeated header handed over as an array', async () => {
      const [t, v1] = header.split(',');
      await expect(
        verify({ payload: body, header: [t!, v1!], secret: SECRET, now: clock }),
      ).resolves.toBeTruthy();
    });
  });

  describe('tolerance', () => {
    const at = (nowSeconds: number, toleranceSeconds?: number) =>
      verify({ payload: body, header, secret: SECRET, now: () => nowSeconds * 1000, toleranceSeconds });

    it('defaults to 300 seconds', () => {
      expect(entry.DEFAULT_TOLERANCE_SECONDS).toBe(300);
    });

    it('accepts exactly 300 s in either direction, including a fractional second past the boundary', async () => {
      await expect(at(NOW_SECONDS + 300)).resolves.toBeTruthy();
      await expect(at(NOW_SECONDS - 300)).resolves.toBeTruthy();
      // Now is floored to whole seconds, like t.
      await expect(at(NOW_SECONDS + 300.999)).resolves.toBeTruthy();
    });

    it('rejects 301 s in the past, saying how far off and in which direction', async () => {
      const error = await failure(at, NOW_SECONDS + 301);
      expect(error).toBeInstanceOf(entry.TimestampOutsideToleranceError);
      expect(error.code).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
      expect(error.message).toContain('301 s in the past');
      expect(error.message).toMatch(/clock skew/);
      expect(error.message).toMatch(/replay/);
    });

    it('rejects 301 s in the future', async () => {
      const error = await failure(at, NOW_SECONDS - 301);
      expect(error.code).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
      expect(error.message).toContain('301 s in the future');
    });

    it('honours a custom tolerance', async () => {
      await expect(at(NOW_SECONDS + 10, 10)).resolves.toBeTruthy();
      expect((await failure(at, NOW_SECONDS + 11, 10)).code).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
      await expect(at(NOW_SECONDS + 86_400, Number.POSITIVE_INFINITY)).resolves.toBeTruthy();
    });

    it('fails closed on a negative or NaN tolerance and on a broken clock', async () => {
      expect((await failure(at, NOW_SECONDS, -1)).code).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
      expect((await failure(at, NOW_SECONDS, Number.NaN)).code).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
      const error = await failure(verify, { payload: body, header, secret: SECRET, now: () => Number.NaN });
      expect(error.code).toBe('TIMESTAMP_OUTSIDE_TOLERANCE');
    });

    it('checks the timestamp before the signature (a stale replay is reported as such)', async () => {
      const stale = signedHeader(body, [SECRET], NOW_SECONDS - 3600);
      expect((await failure(verify, { payload: body, header: stale, secret: SECRET, now: clock })).code).toBe(
        'TIMESTAMP_OUTSIDE_TOLERANCE',
      );
    });
  });

  describe('errors', () => {
    const cases: [string, Partial<VerifyWebhookOptions>, WebhookVerificationErrorCode, keyof typeof node][] =
      [
        [
          'undefined header',
          { header: undefined },
          'MISSING_SIGNATURE_HEADER',
          'MissingSignatureHeaderError',
        ],
        ['null header', { header: null }, 'MISSING_SIGNATURE_HEADER', 'MissingSignatureHeaderError'],
        ['blank header', { header: '  ' }, 'MISSING_SIGNATURE_HEADER', 'MissingSignatureHeaderError'],
        ['empty header array', { header: [] }, 'MISSING_SIGNATURE_HEADER', 'MissingSignatureHeaderError'],
        ['no t', { header: 'v1=abc' }, 'MALFORMED_SIGNATURE_HEADER', 'MalformedSignatureHeaderError'],
        [
          'non-numeric t',
          { header: 't=soon,v1=abc' },
          'MALFORMED_SIGNATURE_HEADER',
          'MalformedSignatureHeaderError',
        ],
        [
          'negative t',
          { header: 't=-1,v1=abc' },
          'MALFORMED_SIGNATURE_HEADER',
          'MalformedSignatureHeaderError',
        ],
        [
          'two t values',
          { header: `t=${NOW_SECONDS},t=1,v1=ab` },
          'MALFORMED_SIGNATURE_HEADER',
          'MalformedSignatureHeaderError',
        ],
        ['garbage', { header: 'garbage' }, 'MALFORMED_SIGNATURE_HEADER', 'MalformedSignatureHeaderError'],
        ['no v1', { header: `t=${NOW_SECONDS},v0=abc` }, 'NO_V1_SIGNATURE', 'NoV1SignatureError'],
        ['wrong secret', { secret: 'whsec_live_secret' }, 'SIGNATURE_MISMATCH', 'SignatureMismatchError'],
        [
          'tampered body',
          { payload: body.replace('10.00', '99.00') },
          'SIGNATURE_MISMATCH',
          'SignatureMismatchError',
        ],
        ['parsed object payload', { payload: JSON.parse(body) }, 'PAYLOAD_NOT_RAW', 'PayloadNotRawError'],
        ['undefined payload', { payload: undefined as never }, 'PAYLOAD_NOT_RAW', 'PayloadNotRawError'],
      ];

    it.each(cases)('%s -> %s', async (_case, override, code, className) => {
      const error = await failure(verify, { payload: body, header, secret: SECRET, now: clock, ...override });
      expect(error).toBeInstanceOf(entry[className] as unknown as typeof Error);
      expect(error).toBeInstanceOf(entry.WebhookVerificationError);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe(code);
      expect(error.name).toBe(className);
      expect(error.message.length).toBeGreaterThan(10);
    });

    it('names the likely causes of a mismatch', async () => {
      const { message } = await failure(verify, { payload: body, header, secret: 'whsec_x', now: clock });
      expect(message).toMatch(/wrong secret/);
      expect(message).toMatch(/test-mode/);
      expect(message).toMatch(/rotated/);
      expect(message).toMatch(/altered body/);
    });

    it('explains a parsed object payload', async () => {
      const error = await failure(verify, { payload: JSON.parse(body), header, secret: SECRET, now: clock });
      expect(error.message).toMatch(/payload is an object: pass the raw body/);
    });

    it('throws a TypeError (a configuration error, not a 400) when no secret is configured', async () => {
      for (const secret of [undefined, '', [], [''], null]) {
        await expect(verify({ payload: body, header, secret: secret as never, now: clock })).rejects.toThrow(
          TypeError,
        );
      }
    });
  });

  describe('constant-time comparison', () => {
    it.each([
      ['too short', 'ab'.repeat(31)],
      ['too long', 'ab'.repeat(33)],
      ['odd length', `${'ab'.repeat(32)}a`],
      ['64 non-hex characters', 'zz'.repeat(32)],
      ['valid prefix with trailing garbage', `${hmacHex(SECRET, NOW_SECONDS, body)}zz`],
      ['multi-byte characters', 'é'.repeat(64)],
      ['empty', ''],
    ])('treats a v1 that is %s as a non-match instead of throwing', async (_case, v1) => {
      const error = await failure(verify, {
        payload: body,
        header: `t=${NOW_SECONDS},v1=${v1}`,
        secret: SECRET,
        now: clock,
      });
      expect(error.code).toBe('SIGNATURE_MISMATCH');
    });

    it('accepts uppercase hex (same bytes)', async () => {
      const upper = `t=${NOW_SECONDS},v1=${hmacHex(SECRET, NOW_SECONDS, body).toUpperCase()}`;
      await expect(
        verify({ payload: body, header: upper, secret: SECRET, now: clock }),
      ).resolves.toBeTruthy();
    });
  });

  describe('re-serialized body diagnosis', () => {
    it('reports PAYLOAD_NOT_RAW when the text was pretty-printed (e.g. JSON.stringify(req.body, null, 2))', async () => {
      const pretty = JSON.stringify(JSON.parse(body), null, 2);
      const error = await failure(verify, { payload: pretty, header, secret: SECRET, now: clock });
      expect(error).toBeInstanceOf(entry.PayloadNotRawError);
      expect(error.code).toBe('PAYLOAD_NOT_RAW');
      expect(error.message).toMatch(/re-serialized/);
    });

    it('also diagnoses re-serialized bytes', async () => {
      const pretty = Buffer.from(JSON.stringify(JSON.parse(body), null, '\t'));
      expect((await failure(verify, { payload: pretty, header, secret: SECRET, now: clock })).code).toBe(
        'PAYLOAD_NOT_RAW',
      );
    });

    it('still reports SIGNATURE_MISMATCH for a re-serialized body under the wrong secret', async () => {
      const pretty = JSON.stringify(JSON.parse(body), null, 2);
      const error = await failure(verify, { payload: pretty, header, secret: 'whsec_wrong', now: clock });
      expect(error.code).toBe('SIGNATURE_MISMATCH');
    });

    it('reports SIGNATURE_MISMATCH for non-JSON text that does not match', async () => {
      expect((await failure(verify, { payload: 'not json', header, secret: SECRET, now: clock })).code).toBe(
        'SIGNATURE_MISMATCH',
      );
    });
  });

  describe('envelope', () => {
    const signed = (text: string) =>
      verify({ payload: text, header: signedHeader(text, [SECRET]), secret: SECRET, now: clock });

    it.each([
      ['not JSON', 'hello'],
      ['a JSON array', '[1,2]'],
      ['null', 'null'],
      ['missing id', JSON.stringify({ event: 'payment.confirmed', created_at: 'x', data: {} })],
      ['numeric event', JSON.stringify({ id: 'evt_1', event: 1, created_at: 'x', data: {} })],
      ['missing created_at', JSON.stringify({ id: 'evt_1', event: 'payment.confirmed', data: {} })],
      [
        'data not an object',
        JSON.stringify({ id: 'evt_1', event: 'payment.confirmed', created_at: 'x', data: 1 }),
      ],
      ['data null', JSON.stringify({ id: 'evt_1', event: 'payment.confirmed', created_at: 'x', data: null })],
    ])('rejects a validly signed body that is %s with INVALID_PAYLOAD', async (_case, text) => {
      const error = await failure(signed, text as never);
      expect(error).toBeInstanceOf(entry.InvalidPayloadError);
      expect(error.code).toBe('INVALID_PAYLOAD');
    });

    it('keeps the JSON parse error as the cause', async () => {
      const error = await failure(signed, 'hello' as never);
      expect(error.cause).toBeInstanceOf(SyntaxError);
    });

    it('accepts event names it does not know yet', async () => {
      const text = eventBody({ event: 'payment.something_new' });
      await expect(signed(text)).resolves.toMatchObject({ event: 'payment.something_new' });
    });
  });
});

describe('verifyWebhook typing', () => {
  it('narrows data through the type parameter', () => {
    const body = eventBody();
    const event = node.verifyWebhook<{ id: string; amount: string }>({
      payload: body,
      header: signedHeader(body, [SECRET]),
      secret: SECRET,
      now: clock,
    });
    const amount: string = event.data.amount;
    expect(amount).toBe('10.00');
  });
});
