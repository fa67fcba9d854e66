import type { FastifyInstance } from 'fastify';
import { loadCreditOutlook } from '../../../domain/credit/creditOutlook.js';
import { listCreditLedger } from '../../../domain/credit/listCreditLedger.js';
import { creditPage } from '../render/creditPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 50;

/** Prepaid Credit: both reserves, the current mode's ledger (keyset pages) and how to top up. */
export function registerCreditRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  scope.get<{ Querystring: Record<string, string | undefined> }>('/credit', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const now = gateway.clock.now();
    const reserves = [
      await loadCreditOutlook(gateway.orm, viewer.business.id, 'test', now),
      await loadCreditOutlook(gateway.orm, viewer.business.id, 'live', now),
    ];
    const before = UUID.test(request.query.before ?? '') ? request.query.before : undefined;
    const page = await listCreditLedger(gateway.orm.em.fork(), {
      businessId: viewer.business.id,
      mode: viewer.mode,
      ...(before ? { before } : {}),
      limit: PAGE,
    });
    return rt.send(
      request,
      reply,
      creditPage(paths, {
        mode: viewer.mode,
        businessId: viewer.business.id,
        reserves,
        lines: page.entries,
        next: page.next,
        paged: before !== undefined,
      }),
    );
  });
}
