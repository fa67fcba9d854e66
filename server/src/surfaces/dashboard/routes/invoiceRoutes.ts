import { CreateInvoiceRequestSchema, INVOICE_STATUSES, type InvoiceStatus } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findActiveKeyChoice } from '../../../domain/apiKeys/findActiveKeyChoice.js';
import { listKeyChoices } from '../../../domain/apiKeys/listKeyChoices.js';
import { changeInvoiceAudited, type InvoiceAction } from '../../../domain/invoices/changeInvoiceAudited.js';
import { createInvoiceAudited } from '../../../domain/invoices/createInvoiceAudited.js';
import { retrieveInvoice } from '../../../domain/invoices/findInvoice.js';
import { listInvoices } from '../../../domain/invoices/listInvoices.js';
import { loadInvoiceDetail } from '../../../domain/invoices/loadInvoiceDetail.js';
import { streamInvoiceExport } from '../../../domain/invoices/streamInvoiceExport.js';
import { listEvents } from '../../../domain/webhooks/listEvents.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { invoicePage, invoicePreviewPage } from '../render/invoiceDetailPages.js';
import {
  INVOICE_FORM_MAX_LINES,
  type InvoiceFilters,
  type InvoiceFormState,
  invoicesListPage,
  newInvoicePage,
} from '../render/invoicePages.js';
import type { Notice, RedirectNotice } from '../render/Notice.js';
import type { BusinessViewer } from '../render/Viewer.js';
import { amountFieldError } from './amountFieldError.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { exportFormatOf, sendExport } from './sendExport.js';
import { withBusiness } from './signedInScopes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 20;
/** The invoice page's newest events (all of them are on the events page). */
const EVENTS = 20;

type Body = Record<string, string | undefined> | undefined;
type IdParams = { Params: { id: string } };
type Query = { Querystring: Record<string, string | undefined> };

/** The list's filters from its query: a known status, and overdue only when `overdue=1`. */
const invoiceFiltersOf = (q: Record<string, string | undefined>): InvoiceFilters => ({
  status: (INVOICE_STATUSES as readonly string[]).includes(q.status ?? '') ? (q.status as InvoiceStatus) : '',
  overdue: q.overdue === '1',
});

/** Done: the notice of the redirect back to the invoice. */
const DONE: Readonly<Record<InvoiceAction, RedirectNotice>> = {
  send: 'invoice-sent',
  remind: 'invoice-reminded',
  void: 'invoice-voided',
};

const capitalised = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

/** The form's single fields; the line rows are `line_<n>_description|quantity|unit_price`. */
const FIELDS = [
  'recipient_email',
  'recipient_name',
  'fiat_currency',
  'due_date',
  'number',
  'memo',
  'language',
  'reminder_days',
  'api_key',
];
const LINE_FIELDS = ['description', 'quantity', 'unit_price'] as const;

/**
 * The line rows as submitted, in order and renumbered from 0 (a row is there when any of its fields
 * was sent, blank or not), after Remove took one out.
 */
function submittedLines(raw: NonNullable<Body>): Record<(typeof LINE_FIELDS)[number], string>[] {
  const lines: Record<(typeof LINE_FIELDS)[number], string>[] = [];
  const removed = /^\d{1,3}$/.test(raw.remove_line ?? '') ? Number(raw.remove_line) : -1;
  for (let i = 0; i < INVOICE_FORM_MAX_LINES; i++) {
    if (i === removed || !LINE_FIELDS.some((part) => raw[`line_${i}_${part}`] !== undefined)) continue;
    lines.push({
      description: (raw[`line_${i}_description`] ?? '').trim(),
      quantity: (raw[`line_${i}_quantity`] ?? '').trim(),
      unit_price: (raw[`line_${i}_unit_price`] ?? '').trim(),
    });
  }
  return lines;
}

/** A line field's error in the merchant's words (amounts as the dashboard says them). */
function lineFieldError(part: string, typed: string, message: string): string {
  if (part === 'unit_price') return amountFieldError(typed, message, '80.00');
  if (part === 'quantity') return amountFieldError(typed, message, '2');
  return capitalised(message);
}

/**
 * Invoices in the dashboard: the list (status and overdue filters, keyset pages), a new-invoice form,
 * an invoice's page with Send, Remind and Void (the API's services, audited) and its events, and a
 * preview that does not count as the recipient's view.
 */
export function registerInvoiceRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });

  const activeKeys = (viewer: BusinessViewer) =>
    listKeyChoices(gateway, { ...scopeOf(viewer), status: 'active' });

  scope.get<Query>(
    '/invoices',
    { config: { permission: 'invoices.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const q = request.query;
      const filters = invoiceFiltersOf(q);
      const after = UUID.test(q.after ?? '') ? q.after : undefined;
      let page: Awaited<ReturnType<typeof listInvoices>>;
      try {
        page = await listInvoices(gateway, scopeOf(viewer), {
          limit: PAGE,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.overdue ? { overdue: 'true' as const } : {}),
          ...(after ? { starting_after: after } : {}),
        });
      } catch (error) {
        // A cursor of another business or mode (a hand-edited link): the first page.
        if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') throw error;
        return rt.redirect(reply, paths.invoices);
      }
      return rt.send(
        request,
        reply,
        invoicesListPage(paths, {
          invoices: page.data,
          filters,
          next: page.next_starting_after,
          paged: after !== undefined,
          mode: viewer.mode,
        }),
      );
    }),
  );

  // The list's export: every invoice the filters select (no page), of the signed-in business and the
  // mode being viewed, streamed as the API's export is.
  scope.get<Query>(
    '/invoices/export',
    { config: { permission: 'invoices.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const filters = invoiceFiltersOf(request.query);
      const format = exportFormatOf(request.query.format);
      const body = await streamInvoiceExport(
        gateway,
        scopeOf(viewer),
        {
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.overdue ? { overdue: 'true' } : {}),
        },
        format,
      );
      return sendExport(reply, {
        kind: 'invoices',
        mode: viewer.mode,
        now: gateway.clock.now(),
        format,
        body,
      });
    }),
  );

  /** The currency the form starts on: that of the business's latest invoice in this mode, else USD. */
  const defaultCurrency = async (viewer: BusinessViewer) => {
    const latest = await listInvoices(gateway, scopeOf(viewer), { limit: 1 });
    return latest.data[0]?.fiat_currency ?? 'USD';
  };

  const showForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    state: InvoiceFormState = { values: {}, errors: {} },
  ) =>
    rt.send(
      request,
      reply,
      newInvoicePage(paths, rt.csrf(reply), await activeKeys(viewer), state, await defaultCurrency(viewer)),
    );

  scope.get(
    '/invoices/new',
    { config: { permission: 'invoices.write' } },
    withBusiness(async (request, reply, viewer) => showForm(request, reply, viewer)),
  );

  scope.post<{ Body: Body }>(
    '/invoices',
    { config: { permission: 'invoices.write' } },
    withBusiness<{ Body: Body }>(async (request, reply, viewer) => {
      const raw = request.body ?? {};
      const values: Record<string, string> = {};
      for (const name of FIELDS) values[name] = (raw[name] ?? '').trim();
      const lines = submittedLines(raw);
      // Add a line and Remove (the form without JavaScript): the same form again, values kept.
      const adding = raw.action === 'add_line' && lines.length < INVOICE_FORM_MAX_LINES;
      if (adding) lines.push({ description: '', quantity: '1', unit_price: '' });
      if (adding || raw.remove_line !== undefined) {
        lines.forEach((line, i) => {
          for (const part of LINE_FIELDS) values[`line_${i}_${part}`] = line[part];
        });
        return showForm(request, reply, viewer, { values, errors: {}, lines: lines.length });
      }
      // Rows with a description or a price (the quantity alone, prefilled, does not count), and
      // which form row each is (to put an error beside the right one).
      const rows: number[] = [];
      lines.forEach((line, i) => {
        for (const part of LINE_FIELDS) values[`line_${i}_${part}`] = line[part];
        if (line.description !== '' || line.unit_price !== '') rows.push(i);
      });
      const errors: Record<string, string> = {};
      const reminderText = values.reminder_days ?? '';
      const reminderDays = reminderText === '' ? [] : reminderText.split(',').map((part) => part.trim());
      if (reminderDays.some((d) => !/^-?\d{1,3}$/.test(d))) {
        errors.reminder_days = 'Enter whole numbers of days separated by commas, such as -3, 0, 7.';
      }
      const body = {
        recipient_email: values.recipient_email,
        ...(values.recipient_name ? { recipient_name: values.recipient_name } : {}),
        fiat_currency: (values.fiat_currency ?? '').toUpperCase(),
        due_date: values.due_date,
        ...(values.number ? { number: values.number } : {}),
        ...(values.memo ? { memo: values.memo } : {}),
        ...(values.language ? { language: values.language } : {}),
        line_items: rows.map((i) => ({
          description: values[`line_${i}_description`],
          quantity: values[`line_${i}_quantity`],
          unit_price: values[`line_${i}_unit_price`],
        })),
        ...(reminderDays.length > 0 && !errors.reminder_days
          ? { reminder_days: reminderDays.map(Number) }
          : {}),
      };
      const parsed = CreateInvoiceRequestSchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [first, index, part] = issue.path;
          const name =
            first === 'line_items' && typeof index === 'number' && typeof part === 'string'
              ? `line_${rows[index]}_${part}`
              : first === 'line_items'
                ? 'line_items'
                : String(first ?? 'recipient_email');
          errors[name] ??=
            name === 'line_items' && rows.length === 0
              ? 'Add at least one line.'
              : first === 'line_items' && typeof part === 'string'
                ? lineFieldError(part, values[name] ?? '', issue.message)
                : capitalised(issue.message);
        }
      }
      const key = await findActiveKeyChoice(gateway, scopeOf(viewer), values.api_key);
      const keyRefused = 'Choose an active API key of this mode.';
      if (!key) errors.api_key = keyRefused;
      const refuse = () =>
        showForm(request, reply, viewer, { values, errors, lines: Math.max(lines.length, 1) });
      if (Object.keys(errors).length > 0 || !parsed.success || !key) return refuse();
      let invoiceId: string;
      try {
        const invoice = await createInvoiceAudited(gateway, rt.actor(request, viewer), {
          scope: scopeOf(viewer),
          apiKeyId: key.id,
          request: parsed.data,
        });
        // Revoked or deactivated since it was read just now.
        if (!invoice) {
          errors.api_key = keyRefused;
          return refuse();
        }
        invoiceId = invoice.id;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        if (error.code === 'INVOICE_NUMBER_TAKEN') errors.number = error.message;
        else
          errors.line_items = error.extra.fields?.[0]?.message
            ? capitalised(error.extra.fields[0].message)
            : error.message;
        return refuse();
      }
      return rt.redirect(reply, paths.invoice(invoiceId), 'invoice-created');
    }),
  );

  const showInvoice = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    id: string,
    extra: { notice?: Notice; status?: number } = {},
  ) => {
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such invoice.');
    const detail = await loadInvoiceDetail(gateway, scopeOf(viewer), id);
    const events = await listEvents(gateway, scopeOf(viewer), { limit: EVENTS, invoice_id: id });
    return rt.send(
      request,
      reply,
      invoicePage(paths, rt.csrf(reply), { ...detail, events: events.data, ...extra }),
    );
  };

  scope.get<IdParams>(
    '/invoices/:id',
    { config: { permission: 'invoices.read' } },
    withBusiness<IdParams>(async (request, reply, viewer) =>
      showInvoice(request, reply, viewer, request.params.id),
    ),
  );

  scope.get<IdParams>(
    '/invoices/:id/preview',
    { config: { permission: 'invoices.read' } },
    withBusiness<IdParams>(async (request, reply, viewer) => {
      const { id } = request.params;
      if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such invoice.');
      const invoice = await retrieveInvoice(gateway, scopeOf(viewer), id);
      return rt.send(
        request,
        reply,
        invoicePreviewPage(paths, { invoice, businessName: viewer.business.name }),
      );
    }),
  );

  // Done: 303 back to the invoice with a notice, so reloading the page cannot send it again.
  for (const [action, done] of Object.entries(DONE) as [InvoiceAction, RedirectNotice][]) {
    scope.post<IdParams & { Body: Body }>(
      `/invoices/:id/${action}`,
      { config: { permission: action === 'void' ? 'invoices.void' : 'invoices.write' } },
      withBusiness<IdParams & { Body: Body }>(async (request, reply, viewer) => {
        const { id } = request.params;
        if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such invoice.');
        try {
          await changeInvoiceAudited(gateway, rt.actor(request, viewer), {
            scope: scopeOf(viewer),
            id,
            action,
          });
        } catch (error) {
          if (!(error instanceof ApiError) || error.code === 'NOT_FOUND') throw error;
          request.log.info({ code: error.code, invoiceId: id }, `dashboard: invoice ${action} refused`);
          return showInvoice(request, reply, viewer, id, {
            notice: { kind: 'error', text: error.message },
            status: error.status,
          });
        }
        return rt.redirect(reply, paths.invoice(id), done);
      }),
    );
  }
}
