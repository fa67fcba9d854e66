import type { FastifyInstance } from 'fastify';
import { loadCreditStatement } from '../../../domain/credit/loadCreditStatement.js';
import { streamCreditLedgerExport } from '../../../domain/credit/streamCreditLedgerExport.js';
import { creditPage } from '../render/creditPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { exportFormatOf, sendExport } from './sendExport.js';
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

  // The ledger's export: every entry of the mode being viewed (test and live never mix), streamed
  // as the API's export is.
  scope.get<Query>(
    '/credit/ledger/export',
    { config: { permission: 'credit.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const format = exportFormatOf(request.query.format);
      const ledger = { businessId: viewer.business.id, mode: viewer.mode };
      const body = await streamCreditLedgerExport(gateway, ledger, {}, format);
      return sendExport(reply, {
        kind: 'credit-ledger',
        mode: viewer.mode,
        now: gateway.clock.now(),
        format,
        body,
      });
    }),
  );
}
