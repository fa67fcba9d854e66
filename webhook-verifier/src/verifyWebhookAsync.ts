import { compactJson } from './compactJson.js';
import { computeHmacSha256 } from './computeHmacSha256.js';
import { decodePayloadText } from './decodePayloadText.js';
import { PayloadNotRawError, SignatureMismatchError } from './errors.js';
import { parseWebhookEvent } from './parseWebhookEvent.js';
import { type PreparedVerification, prepareVerification } from './prepareVerification.js';
import { timingSafeEqualBytes } from './timingSafeEqualBytes.js';
import type { VerifyWebhookOptions, WebhookEvent } from './types.js';

async function signatureMatches(
  { prefix, signatures, secrets }: PreparedVerification,
  body: string | Uint8Array,
) {
  const decoded = signatures.map((hex) =>
    Uint8Array.from(hex.match(/../g)!, (byte) => Number.parseInt(byte, 16)),
  );
  for (const secret of secrets) {
    const expected = await computeHmacSha256(secret, prefix, body);
    for (const signature of decoded) if (timingSafeEqualBytes(expected, signature)) return true;
  }
  return false;
}

/**
 * Verifies a Cairn webhook delivery and resolves to its event, using WebCrypto only: runs in edge
 * runtimes, Cloudflare Workers, Deno, Bun, browsers and Node 20+. Exported as `verifyWebhook` from
 * `@cairn/webhook-verifier/web`.
 *
 * Same checks and errors as the Node `verifyWebhook`: raw payload, header shape, `|now - t| <=
 * toleranceSeconds` (default 300), a constant-time match of some `v1` under some secret, event envelope.
 *
 * @typeParam TData - Shape of `event.data`, if you know it (not validated).
 * @throws {@link WebhookVerificationError} subclasses (rejects), each with a stable `code`; answer 400.
 * @throws TypeError when no secret is configured (a configuration error; answer 500 so Cairn retries).
 *
 * @example
 * ```ts
 * import { verifyWebhook } from '@cairn/webhook-verifier/web';
 *
 * export default {
 *   async fetch(request: Request, env: { CAIRN_WEBHOOK_SECRET: string }): Promise<Response> {
 *     try {
 *       const event = await verifyWebhook({
 *         payload: await request.text(),
 *         header: request.headers.get('x-webhook-signature'),
 *         secret: env.CAIRN_WEBHOOK_SECRET,
 *       });
 *       console.log(event.id, event.event);
 *       return new Response('ok');
 *     } catch (error) {
 *       return Response.json({ error: { code: (error as { code?: string }).code } }, { status: 400 });
 *     }
 *   },
 * };
 * ```
 */
export async function verifyWebhookAsync<TData extends object = Record<string, unknown>>(
  options: VerifyWebhookOptions,
): Promise<WebhookEvent<TData>> {
  const prepared = prepareVerification(options);
  if (!(await signatureMatches(prepared, prepared.payload))) {
    const text = decodePayloadText(prepared.payload);
    const compact = compactJson(text);
    throw compact !== text && (await signatureMatches(prepared, compact))
      ? new PayloadNotRawError()
      : new SignatureMismatchError();
  }
  return parseWebhookEvent<TData>(prepared.payload);
}
