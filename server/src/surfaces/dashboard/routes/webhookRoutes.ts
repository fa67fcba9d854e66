import { WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { listKeyChoices } from '../../../domain/apiKeys/listKeyChoices.js';
import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import { listEvents } from '../../../domain/webhooks/listEvents.js';
import { loadDeliveryLog } from '../../../domain/webhooks/loadDeliveryLog.js';
import { redeliverWebhookOfBusiness } from '../../../domain/webhooks/redeliverWebhookOfBusiness.js';
import { streamEventExport } from '../../../domain/webhooks/streamEventExport.js';
import { WebhookError } from '../../../domain/webhooks/WebhookError.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { type EventFilters, eventsPage } from '../render/eventsPage.js';
import type { BusinessViewer } from '../render/Viewer.js';
import { type DeliveryFilters, webhooksPage } from '../render/webhookPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { exportFormatOf, sendExport } from './sendExport.js';
import { withBusiness } from './signedInScopes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'exhausted'];
const PAGE = 20;

type Query = { Querystring: Record<string, string | undefined> };
type Redeliver = { Params: { id: string }; Body: Record<string, string | undefined> | undefined };

const isEventName = (name: string | undefined) =>
  (WEBHOOK_EVENT_NAMES as readonly string[]).includes(name ?? '');
/** A payment id typed into a filter, trimmed, or '' when it is not one. */
const paymentFilter = (text: string | undefined) =>
  UUID.test(text?.trim() ?? '') ? (text as string).trim() : '';

/** The events list's filters from its query: a known type, a payment id. */
const eventFiltersOf = (q: Record<string, string | undefined>): EventFilters => ({
  type: isEventName(q.type) ? (q.type as string) : '',
  payment: paymentFilter(q.payment),
});

/**
 * The read-only delivery inspector of docs/webhooks.md (with redeliver, the service `webhooks:redeliver` uses)
 * and the events list (the events API's service).
 */
export function registerWebhookRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });

  scope.get<Query>(
    '/webhooks',
    { config: { permission: 'webhooks.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const q = request.query;
      const keys = await listKeyChoices(gateway, scopeOf(viewer));
      const filters: DeliveryFilters = {
        status: STATUSES.includes(q.status as DeliveryStatus) ? (q.status as DeliveryStatus) : '',
        event: isEventName(q.event) ? (q.event as string) : '',
        key: keys.some((k) => k.id === q.key) ? (q.key as string) : '',
        payment: paymentFilter(q.payment),
      };
      const before = UUID.test(q.before ?? '') ? q.before : undefined;
      const rows = await loadDeliveryLog(gateway, {
        ...scopeOf(viewer),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.event ? { event: filters.event } : {}),
        ...(filters.key ? { apiKeyId: filters.key } : {}),
        ...(filters.payment ? { paymentId: filters.payment } : {}),
        ...(before ? { before } : {}),
        limit: PAGE + 1,
      });
      const deliveries = rows.slice(0, PAGE);
      // The pane shows the delivery the link named (of this business and mode), else the newest listed.
      const named = UUID.test(q.delivery ?? '') ? q.delivery : undefined;
      const selected = named
        ? (deliveries.find((d) => d.id === named) ??
          (await loadDeliveryLog(gateway, { ...scopeOf(viewer), deliveryId: named, limit: 1 }))[0] ??
          null)
        : (deliveries[0] ?? null);
      return rt.send(
        request,
        reply,
        webhooksPage(paths, rt.csrf(reply), {
          filters,
          deliveries,
          selected,
          keys,
          before: before ?? null,
          next: rows.length > PAGE ? (deliveries.at(-1)?.id ?? null) : null,
          paged: before !== undefined,
          mode: viewer.mode,
        }),
      );
    }),
  );

  scope.get<Query>(
    '/events',
    { config: { permission: 'events.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const q = request.query;
      const filters = eventFiltersOf(q);
      const after = /^evt_[0-9a-f-]{36}$/.test(q.after ?? '') ? q.after : undefined;
      let page: Awaited<ReturnType<typeof listEvents>>;
      try {
        page = await listEvents(gateway, scopeOf(viewer), {
          limit: PAGE,
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.payment ? { payment_id: filters.payment } : {}),
          ...(after ? { starting_after: after } : {}),
        });
      } catch (error) {
        // A cursor of another business or mode (a hand-edited link): the first page.
        if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') throw error;
        return rt.redirect(reply, paths.events);
      }
      return rt.send(
        request,
        reply,
        eventsPage(paths, {
          filters,
          events: page.data,
          next: page.next_starting_after,
          paged: after !== undefined,
          mode: viewer.mode,
        }),
      );
    }),
  );

  // The list's export: every event the filters select (no page), of the signed-in business and the
  // mode being viewed, streamed as the API's export is.
  scope.get<Query>(
    '/events/export',
    { config: { permission: 'events.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const filters = eventFiltersOf(request.query);
      const format = exportFormatOf(request.query.format);
      const body = await streamEventExport(
        gateway,
        scopeOf(viewer),
        {
          ...(filters.type ? { type: filters.type } : {}),
          ...(filters.payment ? { payment_id: filters.payment } : {}),
        },
        format,
      );
      return sendExport(reply, { kind: 'events', mode: viewer.mode, now: gateway.clock.now(), format, body });
    }),
  );

  scope.post<Redeliver>(
    '/webhooks/:id/redeliver',
    { config: { permission: 'webhooks.manage' } },
    withBusiness<Redeliver>(async (request, reply, viewer) => {
      const id = request.params.id;
      const back = /^\?[\w=&%.:-]*$/.test(request.body?.back ?? '') ? (request.body?.back as string) : '';
      let newId: string | undefined;
      try {
        newId = await redeliverWebhookOfBusiness(gateway, scopeOf(viewer), id);
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        return rt.redirect(reply, `${paths.webhooks}${back}`, 'webhook-still-pending');
      }
      if (!newId) throw new ApiError('NOT_FOUND', 'No such delivery.');
      request.log.info({ deliveryId: id, newDeliveryId: newId }, 'dashboard: webhook redelivered');
      return rt.redirect(reply, `${paths.webhooks}${back}`, 'webhook-redelivered');
    }),
  );
}
