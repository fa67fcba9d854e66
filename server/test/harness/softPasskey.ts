import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for tests over HTTP: an ES256 (P-256) key pair and a credential ID, answering
 * WebAuthn ceremonies the way a browser serializes them (`@simplewebauthn/browser`'s JSON), with
 * `none` attestation. Each answer can be bent (another origin, no user verification, an old counter)
 * to check that the gateway refuses it. The browser suites use Chromium's own virtual authenticator.
 */
export class SoftPasskey {
  readonly id = randomBytes(16).toString('base64url');
  readonly #privateKey: KeyObject;
  readonly #publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.#publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  /** The answer to registration options (`navigator.credentials.create`), as JSON text. */
  register(options: { challenge: string }, bend: Bend = {}): string {
    const clientData = this.#clientData('webauthn.create', options.challenge, bend);
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
      ]),
    );
    const credentialId = Buffer.from(this.id, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.#authDataHead(bend, 0x40),
      Buffer.alloc(16), // AAGUID: none
      length,
      credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** The answer to authentication options (`navigator.credentials.get`), as JSON text; the counter moves on. */
  answer(options: { challenge: string }, bend: Bend = {}): string {
    this.counter += 1;
    const clientData = this.#clientData('webauthn.get', options.challenge, bend);
    const authData = this.#authDataHead(bend, 0);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    const signature = sign('sha256', signed, this.#privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  #clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: bend.origin ?? this.origin, crossOrigin: false }),
    );
  }

  /** RP ID hash, flags (user present, user verified unless bent, plus `extra`), signature counter. */
  #authDataHead(bend: Bend, extra: number): Buffer {
    const flags = 0x01 | (bend.noUserVerification ? 0 : 0x04) | extra;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(bend.counter ?? this.counter);
    return Buffer.concat([
      createHash('sha256')
        .update(bend.rpId ?? this.rpId)
        .digest(),
      Buffer.from([flags]),
      counter,
    ]);
  }
}

/** Ways to spoil an answer. */
export interface Bend {
  readonly origin?: string;
  readonly rpId?: string;
  readonly noUserVerification?: boolean;
  readonly counter?: number;
}

/** The CBOR this needs (RFC 8949): small maps, integers, text and byte strings. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`no CBOR for ${typeof value}`);
}
