import type { FastifyInstance } from 'fastify';
import { AuditEvent } from '../../../platform/db/entities/index.js';
import { auditPage } from '../render/auditPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

/** The business's audit log. */
export function registerAuditRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  scope.get('/audit', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const events = await rt.gateway.orm.em
      .fork()
      .find(AuditEvent, { businessId: viewer.business.id }, { orderBy: { createdAt: 'desc' }, limit: 200 });
    return rt.send(request, reply, auditPage(viewer, events));
  });
}
