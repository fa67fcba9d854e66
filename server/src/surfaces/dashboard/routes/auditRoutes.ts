import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '../../../domain/businesses/listAuditLog.js';
import { auditPage } from '../render/auditPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

/** The business's audit log. */
export function registerAuditRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  scope.get(
    '/audit',
    { config: { permission: 'audit.read' } },
    withBusiness(async (request, reply, viewer) =>
      rt.send(request, reply, auditPage(viewer, await listAuditLog(rt.gateway, viewer.business.id))),
    ),
  );
}
