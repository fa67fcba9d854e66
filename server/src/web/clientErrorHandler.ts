import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@cairn/contract';
import { ApiError } from '../platform/runtime/ApiError.js';

/**
 * Answers requests that Node's HTTP parser rejects before fastify routes them (malformed HTTP, a
 * request line or headers over Node's 16 KiB limit, a request not received in time) in the API's
 * error shape with a documented code, instead of fastify's default `{ error, message, statusCode }`
 * (whose 431 and 408 statuses no contract code has). The connection is closed afterwards.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('PAYLOAD_TOO_LARGE', 'The request line and headers together exceed 16 KiB.')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('INVALID_REQUEST', 'The request was not received completely in time.')
        : new ApiError('INVALID_REQUEST', 'The request is not valid HTTP/1.1.');
  const requestId = `req_${randomUUID()}`;
  const body: ErrorBody = {
    error: { code: apiError.code, message: apiError.message, request_id: requestId },
  };
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy(error);
}
