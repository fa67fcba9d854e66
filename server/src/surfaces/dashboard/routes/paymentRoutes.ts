import { formatUnits, parseUnits } from '@cairn/chain-core';
import { getChain, PAYMENT_STATUS_LABELS, RecordRefundRequestSchema } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptShortfall } from '../../../domain/payments/acceptShortfall.js';
import { cancelPayment } from '../../../domain/payments/cancelPayment.js';
import { findPaymentListPage } from '../../../domain/payments/findPaymentListPage.js';
import { loadPaymentDetail } from '../../../domain/payments/loadPaymentDetail.js';
import { loadPaymentStatus } from '../../../domain/payments/loadPaymentStatus.js';
import { recordRefund } from '../../../domain/payments/recordRefund.js';
import { rfc3339 } from '../../../domain/payments/serializePayment.js';
import { streamPaymentExport } from '../../../domain/payments/streamPaymentExport.js';
import { loadPaymentHistory } from '../../../domain/webhooks/loadPaymentHistory.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import type { Notice } from '../render/Notice.js';
import { paymentPage } from '../render/paymentDetailPage.js';
import { paymentsListPage } from '../render/paymentPages.js';
import type { BusinessViewer } from '../render/Viewer.js';
import { decimalCommaAdvice } from './amountFieldError.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { parsePaymentFilters } from './paymentListFilters.js';
import { exportFormatOf, sendExport } from './sendExport.js';
import { withBusiness } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined; Params: { id: string } };
type IdParams = { Params: { id: string } };
type ListQuery = { Querystring: Record<string, string | string[] | undefined> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The payments list (filters, search, keyset pages), the payment page and its three actions. */
export function registerPaymentRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;

  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });

  scope.get<ListQuery>(
    '/payments',
    { config: { permission: 'payments.read' } },
    withBusiness<ListQuery>(async (request, reply, viewer) => {
      const query = request.query;
      const { filters, errors, createdFrom: from, createdBefore: before } = parsePaymentFilters(query);
      const after = one(query.after);
      const page =
        Object.keys(errors).length > 0
          ? { rows: [], next: null }
          : await findPaymentListPage(gateway, {
              ...scopeOf(viewer),
              statuses: filters.statuses,
              ...(filters.q ? { query: filters.q } : {}),
              ...(from ? { createdFrom: from } : {}),
              ...(before ? { createdBefore: before } : {}),
              ...(after && UUID.test(after) ? { after } : {}),
            });
      return rt.send(
        request,
        reply,
        paymentsListPage(paths, { filters, errors, page, paged: after !== '', mode: viewer.mode }),
      );
    }),
  );

  // The list's export: every payment the filters select (no page), of the signed-in business and the
  // mode being viewed, streamed as the API's export is. Unusable filters go back to the list, which
  // shows why.
  scope.get<ListQuery>(
    '/payments/export',
    { config: { permission: 'payments.read' } },
    withBusiness<ListQuery>(async (request, reply, viewer) => {
      const { filters, errors, createdFrom, createdBefore } = parsePaymentFilters(request.query);
      const format = exportFormatOf(request.query.format);
      if (Object.keys(errors).length > 0) {
        const search = new URL(request.url, 'http://x').search;
        return reply.redirect(`${paths.payments}${search}`, 303);
      }
      const body = await streamPaymentExport(
        gateway,
        { ...scopeOf(viewer), statuses: filters.statuses, search: filters.q, createdFrom, createdBefore },
        format,
      );
      return sendExport(reply, {
        kind: 'payments',
        mode: viewer.mode,
        now: gateway.clock.now(),
        format,
        body,
      });
    }),
  );

  const showPayment = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    id: string,
    extra: {
      notice?: Notice;
      refundForm?: { values: Record<string, string>; errors: Record<string, string> };
      status?: number;
    } = {},
  ) => {
    const detail = await loadPaymentDetail(gateway, scopeOf(viewer), id);
    const timeline = await loadPaymentHistory(gateway, id);
    return rt.send(request, reply, paymentPage(paths, rt.csrf(reply), { ...detail, timeline, ...extra }));
  };

  scope.get<IdParams>(
    '/payments/:id',
    { config: { permission: 'payments.read' } },
    withBusiness<IdParams>(async (request, reply, viewer) => {
      if (!UUID.test(request.params.id)) throw new ApiError('NOT_FOUND', 'No such payment.');
      return showPayment(request, reply, viewer, request.params.id);
    }),
  );

  // What the payment page's script polls while the payment is open: its status and last change.
  // Signed out or without a business it is a bare 401 (dashboardRefusal), not a redirect.
  scope.get<IdParams>(
    '/payments/:id/status',
    { config: { permission: 'payments.read', dashboardRefusal: 'json' } },
    withBusiness<IdParams>(async (request, reply, viewer) => {
      if (!UUID.test(request.params.id)) return reply.status(404).send({});
      const payment = await loadPaymentStatus(gateway, scopeOf(viewer), request.params.id);
      if (!payment) return reply.status(404).header('cache-control', 'no-store').send({});
      return reply.header('cache-control', 'no-store').send({
        status: payment.status,
        label: PAYMENT_STATUS_LABELS[payment.status],
        updated_at: rfc3339(payment.updatedAt),
      });
    }),
  );

  /** Runs a payment action; a refusal of the service (409, 422) is shown on the payment page. */
  const act = async (
    request: FastifyRequest<Form>,
    reply: FastifyReply,
    viewer: BusinessViewer,
    action: () => Promise<unknown>,
    done: Notice,
    onRefused?: (error: ApiError) => Parameters<typeof showPayment>[4],
  ) => {
    const id = request.params.id;
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such payment.');
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'NOT_FOUND') throw error;
      request.log.info({ code: error.code, paymentId: id }, 'dashboard: payment action refused');
      return showPayment(request, reply, viewer, id, {
        notice: { kind: 'error', text: error.message },
        status: error.status,
        ...onRefused?.(error),
      });
    }
    return showPayment(request, reply, viewer, id, { notice: done });
  };

  scope.post<Form>(
    '/payments/:id/cancel',
    { config: { permission: 'payments.cancel' } },
    withBusiness<Form>(async (request, reply, viewer) =>
      act(
        request,
        reply,
        viewer,
        () => cancelPayment(gateway, scopeOf(viewer), request.params.id, 'merchant'),
        { kind: 'ok', text: 'Payment cancelled. payment.cancelled is sent to your webhook endpoint.' },
      ),
    ),
  );

  scope.post<Form>(
    '/payments/:id/accept-shortfall',
    { config: { permission: 'payments.accept_shortfall' } },
    withBusiness<Form>(async (request, reply, viewer) =>
      act(request, reply, viewer, () => acceptShortfall(gateway, scopeOf(viewer), request.params.id), {
        kind: 'ok',
        text: 'Shortfall accepted: the payment is confirmed. payment.confirmed is sent.',
      }),
    ),
  );

  scope.post<Form>(
    '/payments/:id/refunds',
    { config: { permission: 'payments.refund' } },
    withBusiness<Form>(async (request, reply, viewer) => {
      const form = request.body ?? {};
      const values = {
        chain_id: (form.chain_id ?? '').trim(),
        coin_symbol: (form.coin_symbol ?? '').trim(),
        tx_id: (form.tx_id ?? '').trim(),
        amount: (form.amount ?? '').trim(),
      };
      const refused = (errors: Record<string, string>) => ({ refundForm: { values, errors } });
      return act(
        request,
        reply,
        viewer,
        async () => {
          const coin = getChain(values.chain_id)?.coins.find((c) => c.symbol === values.coin_symbol);
          let amount = '';
          if (coin) {
            try {
              amount = parseUnits(values.amount, coin.decimals).toString();
            } catch {
              throw new ApiError('VALIDATION_ERROR', 'The refund amount is not a number of coins.', {
                fields: [
                  {
                    field: 'amount',
                    message:
                      decimalCommaAdvice(values.amount) ??
                      `Enter the amount in ${coin.symbol}, e.g. 0.015 (at most ${coin.decimals} decimals).`,
                  },
                ],
              });
            }
          }
          // The API's own schema, then the API's own service: the same checks as POST .../refunds.
          const parsed = RecordRefundRequestSchema.safeParse({ ...values, amount });
          if (!parsed.success) {
            throw new ApiError('VALIDATION_ERROR', 'Check the refund’s details.', {
              fields: parsed.error.issues.map((issue) => ({
                field: String(issue.path[0] ?? 'chain_id'),
                message:
                  issue.path[0] === 'tx_id'
                    ? 'Enter the transaction id (at most 200 characters).'
                    : issue.path[0] === 'amount'
                      ? 'Enter an amount greater than zero.'
                      : issue.message,
              })),
            });
          }
          try {
            await recordRefund(gateway, scopeOf(viewer), request.params.id, parsed.data);
          } catch (error) {
            // The service counts in smallest units; the form is in whole coins.
            const cap =
              error instanceof ApiError ? /at most (\d+)/.exec(error.extra.fields?.[0]?.message ?? '') : null;
            if (!(error instanceof ApiError) || !cap || !coin) throw error;
            const most = `${formatUnits(BigInt(cap[1]!), coin.decimals)} ${coin.symbol}`;
            throw new ApiError(
              'VALIDATION_ERROR',
              `The refund is more than can be refunded: at most ${most}.`,
              {
                fields: [{ field: 'amount', message: `Enter at most ${most}.` }],
              },
            );
          }
        },
        { kind: 'ok', text: 'Refund recorded: the payment is refunded. payment.refunded is sent.' },
        (error) =>
          refused(
            Object.fromEntries(
              (error.extra.fields ?? []).map((f) => [
                f.field === 'coin_symbol' ? 'chain_id' : f.field,
                f.field === 'chain_id' ? error.message : f.message,
              ]),
            ),
          ),
      );
    }),
  );
}
