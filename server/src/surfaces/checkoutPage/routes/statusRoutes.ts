import type { FastifyInstance } from 'fastify';
import type { CheckoutView } from '../../../domain/payments/loadCheckoutView.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { securityHeaders } from '../../../web/securityHeaders.js';
import { statusUpdate } from '../render/statusUpdate.js';
import type { CheckoutRuntime, IdParams } from './CheckoutRuntime.js';

/** Live-status streams one payment may have open from one IP address. */
const MAX_STREAMS_PER_PAYMENT_AND_IP = 5;
const HEARTBEAT_MS = 20_000;

/**
 * A payment's live status over server-sent events: the page's changing regions, sent again whenever
 * the status hub sees the payment change (and only when what they show changed), with a heartbeat.
 * At most five streams per payment and IP address (429 beyond).
 */
export function registerStatusRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  const streamCounts = new Map<string, number>();

  scope.get<IdParams>('/:id/events', async (request, reply) => {
    const first = await rt.loadView(request.params.id);
    const id = first.payment.id;
    const key = `${id}|${request.ip}`;
    const open = streamCounts.get(key) ?? 0;
    if (open >= MAX_STREAMS_PER_PAYMENT_AND_IP) {
      throw new ApiError('RATE_LIMITED', rt.messagesOf(request).rateLimitedBody(HEARTBEAT_MS / 1000), {
        retryAfterSeconds: HEARTBEAT_MS / 1000,
      });
    }
    streamCounts.set(key, open + 1);
    const ctx = rt.contextFor(request, id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...securityHeaders({ frameAncestors: rt.frameAncestors }),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    res.write('retry: 3000\n\n');
    rt.streams.add(res);

    let lastVersion = '';
    let closed = false;
    const push = (view: CheckoutView) => {
      const update = statusUpdate(view, ctx);
      if (closed || update.version === lastVersion) return;
      lastVersion = update.version;
      res.write(`event: status\ndata: ${JSON.stringify(update)}\n\n`);
    };
    let queue: Promise<void> = Promise.resolve();
    const refresh = () => {
      queue = queue
        .then(async () => {
          if (!closed) push(await rt.loadView(id));
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'checkout status update failed'));
    };
    push(first);
    const unsubscribe = rt.hub.subscribe(id, refresh);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      rt.streams.delete(res);
      const left = (streamCounts.get(key) ?? 1) - 1;
      if (left <= 0) streamCounts.delete(key);
      else streamCounts.set(key, left);
    });
  });
}
