import { createHash, randomBytes } from 'node:crypto';

/** One `WWW-Authenticate: Digest ...` challenge (RFC 7616), as monerod and monero-wallet-rpc send it. */
export interface DigestChallenge {
  readonly realm: string;
  readonly nonce: string;
  readonly opaque?: string;
  /** `MD5` or `MD5-sess` (Monero offers both, one challenge each); absent means MD5. */
  readonly algorithm: 'MD5' | 'MD5-sess';
  /** Whether the server wants `qop=auth` (Monero does); otherwise the RFC 2069 form. */
  readonly qopAuth: boolean;
  /** The server refused an old nonce, not the credentials: answer the new one. */
  readonly stale: boolean;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * The Digest challenges of a `WWW-Authenticate` value. `fetch` joins repeated headers with ", ", so
 * monero's two challenges (MD5 and MD5-sess) arrive in one string: it is split before each `Digest`.
 * Challenges of other schemes, unknown algorithms (SHA-256) and ones without realm or nonce are left
 * out.
 */
export function parseDigestChallenges(header: string | null): DigestChallenge[] {
  if (!header) return [];
  const challenges: DigestChallenge[] = [];
  for (const part of header.split(/,?\s*(?=\bDigest\s)/i)) {
    const match = /^Digest\s+(.*)$/is.exec(part.trim());
    if (!match) continue;
    const fields = new Map<string, string>();
    for (const field of match[1]!.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g)) {
      fields.set(field[1]!.toLowerCase(), field[2] ?? field[3] ?? '');
    }
    const realm = fields.get('realm');
    const nonce = fields.get('nonce');
    const algorithm = (fields.get('algorithm') ?? 'MD5').toUpperCase();
    if (realm === undefined || nonce === undefined) continue;
    if (algorithm !== 'MD5' && algorithm !== 'MD5-SESS') continue;
    const qop = fields.get('qop');
    challenges.push({
      realm,
      nonce,
      ...(fields.has('opaque') ? { opaque: fields.get('opaque')! } : {}),
      algorithm: algorithm === 'MD5' ? 'MD5' : 'MD5-sess',
      qopAuth: qop === undefined ? false : qop.split(',').some((q) => q.trim().toLowerCase() === 'auth'),
      stale: (fields.get('stale') ?? '').toLowerCase() === 'true',
    });
  }
  // Plain MD5 first: every server that offers MD5-sess offers it too.
  return challenges.sort((a, b) => (a.algorithm === b.algorithm ? 0 : a.algorithm === 'MD5' ? -1 : 1));
}

/** The credentials of a Digest login. */
export interface DigestLogin {
  readonly username: string;
  readonly password: string;
}

/**
 * The `Authorization` value answering `challenge` for one request (`method` and `uri`, the path as
 * sent). `count` is the nonce count: 1 for the first use of a nonce, then 2, 3, ... (the server
 * refuses a count it has seen). The client nonce is random per request.
 */
export function digestAuthorization(
  login: DigestLogin,
  challenge: DigestChallenge,
  method: string,
  uri: string,
  count: number,
): string {
  const cnonce = randomBytes(12).toString('hex');
  const nc = count.toString(16).padStart(8, '0');
  let ha1 = md5(`${login.username}:${challenge.realm}:${login.password}`);
  if (challenge.algorithm === 'MD5-sess') ha1 = md5(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = md5(`${method}:${uri}`);
  const response = challenge.qopAuth
    ? md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`)
    : md5(`${ha1}:${challenge.nonce}:${ha2}`);
  const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
  const fields = [
    `username=${quote(login.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quote(response)}`,
    ...(challenge.opaque === undefined ? [] : [`opaque=${quote(challenge.opaque)}`]),
    ...(challenge.qopAuth ? ['qop=auth', `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
  ];
  return `Digest ${fields.join(', ')}`;
}
