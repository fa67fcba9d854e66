/** The parts of a browser's WebAuthn answer (as `@simplewebauthn/browser` serializes it) read before verifying. */
export interface PasskeyAnswer<T> {
  /** The whole answer, for the library to verify. */
  readonly json: T;
  /** The credential's ID (base64url). */
  readonly credentialId: string;
  /** The challenge the browser signed, from its client data. */
  readonly challenge: string;
}

/**
 * Reads a posted answer, or undefined when it is not one: JSON with a credential ID and client data
 * naming a challenge. Nothing in it is trusted until the library has verified it.
 */
export function readPasskeyAnswer<T>(posted: string): PasskeyAnswer<T> | undefined {
  if (posted.length === 0 || posted.length > 16_384) return undefined;
  try {
    const json = JSON.parse(posted) as {
      id?: unknown;
      response?: { clientDataJSON?: unknown };
    };
    const data = json.response?.clientDataJSON;
    if (typeof json.id !== 'string' || typeof data !== 'string') return undefined;
    const client = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof client.challenge !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(client.challenge))
      return undefined;
    return { json: json as T, credentialId: json.id, challenge: client.challenge };
  } catch {
    return undefined;
  }
}
