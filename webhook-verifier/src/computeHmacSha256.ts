const encoder = /* @__PURE__ */ new TextEncoder();
const keys = /* @__PURE__ */ new Map<string, Promise<CryptoKey>>();

function importKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    // A handful of secrets are active at a time; the bound only guards against unbounded growth.
    if (keys.size >= 16) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

/**
 * HMAC-SHA256 of `<prefix><body>` keyed with the UTF-8 bytes of `secret`, with WebCrypto only
 * (`crypto.subtle`; no `node:` imports). Imported keys are cached per secret.
 */
export async function computeHmacSha256(
  secret: string,
  prefix: string,
  body: string | Uint8Array,
): Promise<Uint8Array> {
  let content: Uint8Array<ArrayBuffer>;
  if (typeof body === 'string') content = encoder.encode(prefix + body);
  else {
    const head = encoder.encode(prefix);
    content = new Uint8Array(head.length + body.length);
    content.set(head);
    content.set(body, head.length);
  }
  return new Uint8Array(await crypto.subtle.sign('HMAC', await importKey(secret), content));
}
