import { WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import { listDeliveries } from '../../../domain/webhooks/listDeliveries.js';
import { listEvents } from '../../../domain/webhooks/listEvents.js';
import { redeliverWebhook } from '../../../domain/webhooks/redeliverWebhook.js';
import { WebhookError } from '../../../domain/webhooks/WebhookError.js';
import { ApiKey } from '../../../platform/db/entities/index.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { type EventFilters, eventsPage } from '../render/eventsPage.js';
import { type DeliveryFilters, webhooksPage } from '../render/webhookPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'exhausted'];
const PAGE = 20;

type Query = { Querystring: Record<string, string | undefined> };

/**
 * The read-only delivery inspector of docs/webhooks.md (with redeliver, the service `webhooks:redeliver` uses)
 * and the events list (the events API's service).
 */
export function registerWebhookRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;

  scope.get<Query>('/webhooks', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const q = request.query;
    const em = gateway.orm.em.fork();
    const keys = await em.find(
      ApiKey,
      { businessId: viewer.business.id, mode: viewer.mode },
      { orderBy: { createdAt: 'desc' } },
    );
    const filters: DeliveryFilters = {
      status: STATUSES.includes(q.status as DeliveryStatus) ? (q.status as DeliveryStatus) : '',
      event: (WEBHOOK_EVENT_NAMES as readonly string[]).includes(q.event ?? '') ? (q.event as string) : '',
      key: keys.some((k) => k.id === q.key) ? (q.key as string) : '',
      payment: UUID.test(q.payment?.trim() ?? '') ? (q.payment as string).trim() : '',
    };
    const before = UUID.test(q.before ?? '') ? q.before : undefined;
    const rows = await listDeliveries(em, {
      businessId: viewer.business.id,
      mode: viewer.mode,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.event ? { event: filters.event } : {}),
      ...(filters.key ? { apiKeyId: filters.key } : {}),
      ...(filters.payment ? { paymentId: filters.payment } : {}),
      ...(before ? { before } : {}),
      limit: PAGE + 1,
    });
    const deliveries = rows.slice(0, PAGE);
    return rt.send(
      request,
      reply,
      webhooksPage(paths, rt.csrf(reply), {
        filters,
        deliveries,
        keys: keys.map((k) => ({ id: k.id, hint: k.keyHint, label: k.label })),
        next: rows.length > PAGE ? (deliveries.at(-1)?.id ?? null) : null,
        paged: before !== undefined,
        mode: viewer.mode,
      }),
    );
  });

  scope.get<Query>('/events', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const q = request.query;
    const filters: EventFilters = {
      type: (WEBHOOK_EVENT_NAMES as readonly string[]).includes(q.type ?? '') ? (q.type as string) : '',
      payment: UUID.test(q.payment?.trim() ?? '') ? (q.payment as string).trim() : '',
    };
    const after = /^evt_[0-9a-f-]{36}$/.test(q.after ?? '') ? q.after : undefined;
    const scopeOf = { businessId: viewer.business.id, mode: viewer.mode };
    let page: Awaited<ReturnType<typeof listEvents>>;
    try {
      page = await listEvents(gateway, scopeOf, {
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
  });

  scope.post<{ Params: { id: string }; Body: Record<string, string | undefined> | undefined }>(
    '/webhooks/:id/redeliver',
    async (request, reply) => {
      const viewer = rt.requireBusiness(request, reply);
      if (!viewer) return reply;
      const id = request.params.id;
      const em = gateway.orm.em.fork();
      const [delivery] = UUID.test(id)
        ? await listDeliveries(em, { deliveryId: id, businessId: viewer.business.id, mode: viewer.mode })
        : [];
      if (!delivery) throw new ApiError('NOT_FOUND', 'No such delivery.');
      const back = /^\?[\w=&%.:-]*$/.test(request.body?.back ?? '') ? (request.body?.back as string) : '';
      try {
        const newId = await redeliverWebhook(em, gateway.clock, id);
        request.log.info({ deliveryId: id, newDeliveryId: newId }, 'dashboard: webhook redelivered');
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        return rt.redirect(reply, `${paths.webhooks}${back}`, 'webhook-still-pending');
      }
      return rt.redirect(reply, `${paths.webhooks}${back}`, 'webhook-redelivered');
    },
  );
}
