import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachStrayFunds } from '../../../domain/payments/attachStrayFunds.js';
import { listStrayFundsPage } from '../../../domain/strayFunds/listStrayFunds.js';
import { markStrayFundsRefunded } from '../../../domain/strayFunds/markStrayFundsRefunded.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import type { Notice } from '../render/Notice.js';
import { type StrayFormErrors, strayFundsPage } from '../render/strayFundsPage.js';
import type { BusinessViewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined; Params: { id: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stray-funds page and its two actions (mark refunded, attach to an open payment), both stepped up. */
export function registerStrayFundsRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });
  const explorers = () =>
    Object.fromEntries(Object.values(gateway.config.chains).map((c) => [c.chainId, c.explorerTxUrl]));

  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    extra: { notice?: Notice; error?: StrayFormErrors; status?: number } = {},
  ) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const after = typeof query.after === 'string' && UUID.test(query.after) ? query.after : undefined;
    const { items, next } = await listStrayFundsPage(gateway, scopeOf(viewer), after ? { after } : {});
    return rt.send(
      request,
      reply,
      strayFundsPage(paths, rt.csrf(reply), {
        items,
        explorers: explorers(),
        mode: viewer.mode,
        paged: after !== undefined,
        next,
        ...extra,
      }),
    );
  };

  scope.get(
    '/stray-funds',
    { config: { permission: 'stray_funds.read' } },
    withBusiness(async (request, reply, viewer) => show(request, reply, viewer)),
  );

  /** Runs an action; a refusal (409, 422) is shown on the page beside the form it came from. */
  const act = async (
    request: FastifyRequest<Form>,
    reply: FastifyReply,
    viewer: BusinessViewer,
    field: StrayFormErrors['field'],
    action: (id: string) => Promise<unknown>,
    done: Notice,
  ) => {
    const id = request.params.id;
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such stray transfer.');
    try {
      await action(id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'NOT_FOUND') throw error;
      request.log.info({ code: error.code, strayFundsId: id }, 'dashboard: stray-funds action refused');
      const message = error.extra.fields?.[0]?.message ?? error.message;
      return show(request, reply, viewer, {
        notice: { kind: 'error', text: error.message },
        error: { id, field, message, note: (request.body?.note ?? '').slice(0, 500) },
        status: error.status,
      });
    }
    return show(request, reply, viewer, { notice: done });
  };

  scope.post<Form>(
    '/stray-funds/:id/refunded',
    { config: { permission: 'stray_funds.manage', stepUp: 'mark stray money refunded' } },
    withBusiness<Form>(async (request, reply, viewer) =>
      act(
        request,
        reply,
        viewer,
        'note',
        (id) => markStrayFundsRefunded(gateway, scopeOf(viewer), id, request.body?.note ?? ''),
        { kind: 'ok', text: 'Marked refunded. stray_funds.resolved is sent.' },
      ),
    ),
  );

  scope.post<Form>(
    '/stray-funds/:id/attach',
    { config: { permission: 'stray_funds.manage', stepUp: 'count stray money toward a payment' } },
    withBusiness<Form>(async (request, reply, viewer) => {
      const paymentId = (request.body?.payment_id ?? '').trim();
      return act(
        request,
        reply,
        viewer,
        'payment_id',
        async (id) => {
          if (!UUID.test(paymentId)) {
            throw new ApiError('VALIDATION_ERROR', 'Choose the payment to attach it to.', {
              fields: [{ field: 'payment_id', message: 'Choose an open payment.' }],
            });
          }
          await attachStrayFunds(gateway, scopeOf(viewer), id, paymentId);
        },
        { kind: 'ok', text: 'Attached: the money counts toward the payment. stray_funds.resolved is sent.' },
      );
    }),
  );
}
