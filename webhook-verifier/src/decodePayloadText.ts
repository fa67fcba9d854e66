const decoder = /* @__PURE__ */ new TextDecoder();

/** The payload as text: strings as they are, bytes decoded as UTF-8. */
export function decodePayloadText(payload: string | Uint8Array): string {
  return typeof payload === 'string' ? payload : decoder.decode(payload);
}
