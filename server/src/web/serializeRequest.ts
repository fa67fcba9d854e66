import type { FastifyRequest } from 'fastify';
import { redactCredentials } from './redactCredentials.js';

/**
 * The `req` log serializer: fastify's own fields (method, url, version, host, remote address and
 * port), with credentials redacted from the URL (see `redactCredentials`): a client that sends its
 * API key as `?api_key=pk_test_...` must not get it written to the logs.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactCredentials(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
