import type { FastifyInstance } from 'fastify';
import { loadPaymentReport } from '../../../domain/reports/loadPaymentReport.js';
import { reportsPage } from '../render/reportsPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { parseReportRange } from './reportRange.js';
import { withBusiness } from './signedInScopes.js';

/** The Reports page: a GET form's range (a preset or custom days), the report of the business's current mode. */
export function registerReportRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  scope.get(
    '/reports',
    { config: { permission: 'reports.read' } },
    withBusiness(async (request, reply, viewer) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const range = parseReportRange(query, rt.gateway.clock.now());
      if ('errors' in range) {
        return rt.send(
          request,
          reply,
          reportsPage(rt.paths, { mode: viewer.mode, form: range.form, errors: range.errors }),
        );
      }
      const report = await loadPaymentReport(rt.gateway, {
        businessId: viewer.business.id,
        mode: viewer.mode,
        from: range.from,
        to: range.to,
      });
      return rt.send(request, reply, reportsPage(rt.paths, { mode: viewer.mode, form: range.form, report }));
    }),
  );
}
