import type { FastifyInstance } from 'fastify';
import { loadCreditStatement } from '../../../domain/credit/loadCreditStatement.js';
import { creditPage } from '../render/creditPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 50;

type Query = { Querystring: Record<string, string | undefined> };

/** Prepaid Credit: both reserves, the current mode's ledger (keyset pages) and how to top up. */
export function registerCreditRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  scope.get<Query>(
    '/credit',
    { config: { permission: 'credit.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const before = UUID.test(request.query.before ?? '') ? request.query.before : undefined;
      const statement = await loadCreditStatement(gateway, {
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
          ...statement,
          paged: before !== undefined,
        }),
      );
    }),
  );
}
