import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenges } from './digestAuthorization.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const fieldsOf = (header: string) =>
  Object.fromEntries(
    [...header.replace(/^Digest /, '').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)].map((m) => [
      m[1],
      m[2] ?? m[3],
    ]),
  );

describe('Digest authentication', () => {
  it("splits monero's two challenges, which fetch joins into one header value, MD5 first", () => {
    const joined =
      'Digest qop="auth",algorithm=MD5-sess,realm="monero-rpc",nonce="Tm9uY2U=",stale=false, ' +
      'Digest qop="auth",algorithm=MD5,realm="monero-rpc",nonce="Tm9uY2U=",stale=false';
    const challenges = parseDigestChallenges(joined);
    expect(challenges.map((c) => c.algorithm)).toEqual(['MD5', 'MD5-sess']);
    expect(challenges[0]).toEqual({
      realm: 'monero-rpc',
      nonce: 'Tm9uY2U=',
      algorithm: 'MD5',
      qopAuth: true,
      stale: false,
    });
    expect(parseDigestChallenges('Basic realm="x"')).toEqual([]);
    expect(parseDigestChallenges('Digest realm="x", nonce="n", algorithm=SHA-256')).toEqual([]);
    expect(parseDigestChallenges(null)).toEqual([]);
  });

  it('answers with the RFC 7616 response for qop=auth, MD5 and MD5-sess', () => {
    const login = { username: 'cairn', password: 's3cret:"x"' };
    for (const algorithm of ['MD5', 'MD5-sess'] as const) {
      const challenge = { realm: 'monero-rpc', nonce: 'abc', algorithm, qopAuth: true, stale: false };
      const header = digestAuthorization(login, challenge, 'POST', '/json_rpc', 3);
      const f = fieldsOf(header);
      expect(f).toMatchObject({ username: 'cairn', realm: 'monero-rpc', nonce: 'abc', uri: '/json_rpc' });
      expect(f.nc).toBe('00000003');
      expect(f.qop).toBe('auth');
      let ha1 = md5(`cairn:monero-rpc:${login.password}`);
      if (algorithm === 'MD5-sess') ha1 = md5(`${ha1}:abc:${f.cnonce}`);
      const ha2 = md5('POST:/json_rpc');
      expect(f.response).toBe(md5(`${ha1}:abc:00000003:${f.cnonce}:auth:${ha2}`));
    }
  });

  it('answers the RFC 2069 form when the server names no qop', () => {
    const challenge = { realm: 'r', nonce: 'n', algorithm: 'MD5', qopAuth: false, stale: false } as const;
    const f = fieldsOf(digestAuthorization({ username: 'u', password: 'p' }, challenge, 'POST', '/x', 1));
    expect(f.response).toBe(md5(`${md5('u:r:p')}:n:${md5('POST:/x')}`));
    expect(f.nc).toBeUndefined();
  });
});
