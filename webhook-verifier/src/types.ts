import type { WebhookEventName } from './webhookEventNames.js';

/**
 * A verified Cairn event: the JSON body of a webhook delivery.
 *
 * `TData` narrows `data` when you know the event's payload shape; it is not checked at runtime
 * beyond being an object.
 */
export interface WebhookEvent<TData extends object = Record<string, unknown>> {
  /** Unique delivery id, `evt_<uuid>`; the same on every retry, so use it to deduplicate. */
  id: string;
  /** Event name, e.g. `payment.confirmed`. New names may appear; ignore (and 2xx) the ones you do not handle. */
  event: WebhookEventName | (string & {});
  /** When the event was created, RFC 3339 UTC. */
  created_at: string;
  /** Event-specific payload: the payment or invoice object. */
  data: TData;
}

/**
 * The raw request body exactly as received: a string, or bytes (`Buffer` is a `Uint8Array`; wrap an
 * `ArrayBuffer` as `new Uint8Array(buffer)`). Never a parsed object: signatures cover the exact bytes.
 */
export type WebhookPayload = string | Uint8Array;

/**
 * The `X-Webhook-Signature` header value as frameworks hand it over: a string, an array of strings
 * (repeated headers), or nothing.
 */
export type SignatureHeaderValue = string | readonly string[] | null | undefined;

/** One endpoint secret (`whsec_...`), or several during a rotation overlap. */
export type WebhookSecret = string | readonly string[];

/** A clock returning the current time as a `Date` or as milliseconds since the Unix epoch. */
export type Clock = () => Date | number;

/** Options of `verifyWebhook` (both the Node and the WebCrypto entry point). */
export interface VerifyWebhookOptions {
  /** The raw request body exactly as received. */
  payload: WebhookPayload;
  /** The `X-Webhook-Signature` header value. */
  header: SignatureHeaderValue;
  /** The endpoint secret, or all currently active secrets; any match is accepted. */
  secret: WebhookSecret;
  /** Maximum allowed distance between now and the header's `t`, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** Clock used for the tolerance check. Default `Date.now`. */
  now?: Clock;
}

/** Options of `signWebhook`. */
export interface SignWebhookOptions {
  /** The exact body that will be sent. */
  payload: WebhookPayload;
  /** The secret to sign with; with several secrets the header carries one `v1` per secret. */
  secret: WebhookSecret;
  /** Signing time as Unix seconds or a `Date`. Default: now. */
  timestamp?: number | Date;
}

/** An event for `generateTestHeader`: only `event` is required; the rest gets realistic defaults. */
export interface TestEventInput {
  /** Default `evt_<random uuid>`. */
  id?: string;
  event: WebhookEventName | (string & {});
  /** Default: now, RFC 3339 UTC. */
  created_at?: string;
  /** Default `{}`. */
  data?: object;
}

/** Options of `generateTestHeader`. */
export interface GenerateTestHeaderOptions {
  /** An event object (serialized compactly) or an exact body string. */
  event: TestEventInput | string;
  /** The secret(s) your receiver is configured with. */
  secret: WebhookSecret;
  /** Signing time as Unix seconds or a `Date`. Default: now. */
  timestamp?: number | Date;
}

/** A signed test delivery, ready to POST to your own receiver. */
export interface TestHeader {
  /** The exact JSON body that was signed. */
  body: string;
  /** The `X-Webhook-Signature` value. */
  header: string;
}
