import type { FastifyRequest } from 'fastify';
import { followEvents } from '../eventFollow/followEvents.js';
import type { Gateway } from '../gateway/Gateway.js';
import { listEvents, retrieveEvent } from '../webhooks/listEvents.js';
import { streamEventExport } from '../webhooks/streamEventExport.js';
import { type ApiHandlers, authOf } from './ApiHandlers.js';
import { setExportHeaders } from './setExportHeaders.js';

/** Events: list, follow, export and retrieve. */
export function createEventHandlers(
  gateway: Gateway,
): Pick<ApiHandlers, 'listEvents' | 'followEvents' | 'exportEvents' | 'retrieveEvent'> {
  return {
    followEvents: async ({ query, request }) => {
      // A follower that hangs up stops the wait (its answer would go nowhere).
      const gone = new AbortController();
      const onClose = () => gone.abort();
      // Over HTTP the request has its socket (`raw`); an MCP tool call has none.
      const raw = (request as Partial<FastifyRequest>).raw;
      raw?.once('close', onClose);
      try {
        return {
          status: 200 as const,
          body: await followEvents(gateway, authOf(request), query, gone.signal),
        };
      } finally {
        raw?.off('close', onClose);
      }
    },
    listEvents: async ({ query, request }) => ({
      status: 200 as const,
      body: await listEvents(gateway, authOf(request), query),
    }),
    exportEvents: async ({ query, request, reply }) => {
      const auth = authOf(request);
      const { format = 'csv', ...filter } = query;
      const body = await streamEventExport(gateway, auth, filter, format);
      setExportHeaders(reply, 'events', auth.mode, gateway.clock.now(), format);
      return { status: 200 as const, body };
    },
    retrieveEvent: async ({ params, request }) => ({
      status: 200 as const,
      body: { data: await retrieveEvent(gateway, authOf(request), params.id) },
    }),
  };
}
