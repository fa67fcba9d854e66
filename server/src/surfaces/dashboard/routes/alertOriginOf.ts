import type { FastifyRequest } from 'fastify';
import type { AlertOrigin } from '../../../domain/accounts/sendSecurityAlert.js';

/** Where a request came from, for a security alert: its IP address and its `User-Agent`. */
export function alertOriginOf(request: FastifyRequest): AlertOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}
