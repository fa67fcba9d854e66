import type { Gateway } from '../gateway/Gateway.js';
import { listEvents, retrieveEvent } from '../webhooks/listEvents.js';
import { streamEventExport } from '../webhooks/streamEventExport.js';
import { type ApiHandlers, authOf } from './ApiHandlers.js';
import { setExportHeaders } from './setExportHeaders.js';

/** Events: list, export and retrieve. */
export function createEventHandlers(
  gateway: Gateway,
): Pick<ApiHandlers, 'listEvents' | 'exportEvents' | 'retrieveEvent'> {
  return {
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
