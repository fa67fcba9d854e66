import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Whether an IP address is a loopback one: 127.0.0.0/8, ::1, or 127.x.y.z mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Headers a reverse proxy adds when it passes a request on: their presence means another peer. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether a request comes from this machine: its TCP peer (the socket's remote address, never
 * `request.ip`, which CAIRN_TRUST_PROXY takes from X-Forwarded-For) is a loopback address and it was
 * not passed on by a proxy. A reverse proxy on the same machine connects from 127.0.0.1 for every
 * client, so a request carrying `Forwarded`, `X-Forwarded-For` or `X-Real-IP` does not count as
 * local, whatever its socket (nginx and Caddy, as docs/operating/deploying.md sets them up, add
 * X-Forwarded-For to every request they pass on).
 */
export function isLoopbackPeer(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
