import type { Gateway } from '../gateway/Gateway.js';
import { listEvents, retrieveEvent } from '../webhooks/listEvents.js';
import { type ApiHandlers, authOf } from './ApiHandlers.js';

/** Events: list and retrieve. */
export function createEventHandlers(gateway: Gateway): Pick<ApiHandlers, 'listEvents' | 'retrieveEvent'> {
  return {
    listEvents: async ({ query, request }) => ({
      status: 200 as const,
      body: await listEvents(gateway, authOf(request), query),
    }),
    retrieveEvent: async ({ params, request }) => ({
      status: 200 as const,
      body: { data: await retrieveEvent(gateway, authOf(request), params.id) },
    }),
  };
}
