import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopbackPeer } from './loopbackPeer.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether a request may read `/metrics`: from this machine (a loopback peer no proxy passed on, see
 * isLoopbackPeer), or with `Authorization: Bearer <token>` when CAIRN_METRICS_TOKEN is set. The
 * token is compared in constant time (both sides hashed first, so their lengths say nothing either).
 */
export function metricsAccessAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (isLoopbackPeer(request)) return true;
  if (token === undefined) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}
