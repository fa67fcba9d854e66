import { CreateInvoiceRequestSchema, INVOICE_STATUSES, type InvoiceStatus } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../../domain/businesses/recordAudit.js';
import { createInvoice } from '../../../domain/invoices/createInvoice.js';
import { retrieveInvoice } from '../../../domain/invoices/findInvoice.js';
import { listInvoices } from '../../../domain/invoices/listInvoices.js';
import { remindInvoice } from '../../../domain/invoices/remindInvoice.js';
import { sendInvoice } from '../../../domain/invoices/sendInvoice.js';
import { voidInvoice } from '../../../domain/invoices/voidInvoice.js';
import { listEvents } from '../../../domain/webhooks/listEvents.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import {
  INVOICE_FORM_LINES,
  type InvoiceFilters,
  type InvoiceFormState,
  invoicePage,
  invoicePreviewPage,
  invoicesListPage,
  newInvoicePage,
} from '../render/invoicePages.js';
import type { Notice, RedirectNotice } from '../render/Notice.js';
import type { BusinessViewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { activeKeyChoices, chosenKey } from './keyChoices.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 20;
/** The invoice page's newest events (all of them are on the events page). */
const EVENTS = 20;

type Body = Record<string, string | undefined> | undefined;
type IdParams = { Params: { id: string } };
type Action = 'send' | 'remind' | 'void';

const capitalised = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;

/** The form's single fields; the line rows are `line_<n>_description|quantity|unit_price`. */
const FIELDS = [
  'recipient_email',
  'recipient_name',
  'fiat_currency',
  'due_date',
  'number',
  'memo',
  'reminder_days',
  'api_key',
];
const LINE_FIELDS = ['description', 'quantity', 'unit_price'] as const;

/**
 * Invoices in the dashboard: the list (status and overdue filters, keyset pages), a new-invoice form,
 * an invoice's page with Send, Remind and Void (the API's services, audited) and its events, and a
 * preview that does not count as the recipient's view.
 */
export function registerInvoiceRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });

  const activeKeys = (viewer: BusinessViewer) => activeKeyChoices(gateway, viewer);

  scope.get<{ Querystring: Record<string, string | undefined> }>('/invoices', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const q = request.query;
    const filters: InvoiceFilters = {
      status: (INVOICE_STATUSES as readonly string[]).includes(q.status ?? '')
        ? (q.status as InvoiceStatus)
        : '',
      overdue: q.overdue === '1',
    };
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
  });

  const showForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    state: InvoiceFormState = { values: {}, errors: {} },
  ) => rt.send(request, reply, newInvoicePage(paths, rt.csrf(reply), await activeKeys(viewer), state));

  scope.get('/invoices/new', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    return showForm(request, reply, viewer);
  });

  scope.post<{ Body: Body }>('/invoices', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const raw = request.body ?? {};
    const values: Record<string, string> = {};
    for (const name of FIELDS) values[name] = (raw[name] ?? '').trim();
    // Rows with a description or a price (the quantity alone, prefilled on the first, does not
    // count), and which form row each is (to put an error beside the right one).
    const rows: number[] = [];
    for (let i = 0; i < INVOICE_FORM_LINES; i++) {
      for (const part of LINE_FIELDS) values[`line_${i}_${part}`] = (raw[`line_${i}_${part}`] ?? '').trim();
      if (values[`line_${i}_description`] !== '' || values[`line_${i}_unit_price`] !== '') rows.push(i);
    }
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
          name === 'line_items' && rows.length === 0 ? 'Add at least one line.' : capitalised(issue.message);
      }
    }
    const auth = await chosenKey(gateway, viewer, values.api_key);
    if (!auth) errors.api_key = 'Choose an active API key of this mode.';
    const refuse = () => showForm(request, reply, viewer, { values, errors });
    if (Object.keys(errors).length > 0 || !parsed.success || !auth) return refuse();
    let invoiceId: string;
    try {
      invoiceId = await gateway.orm.em.fork().transactional(async (em) => {
        const invoice = await createInvoice(gateway, auth, parsed.data, em);
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: 'invoice.created',
          target: `${invoice.number} (${invoice.id})`,
          details: { mode: viewer.mode, total: invoice.total, fiat_currency: invoice.fiat_currency },
        });
        return invoice.id;
      });
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
  });

  const showInvoice = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    id: string,
    extra: { notice?: Notice; status?: number } = {},
  ) => {
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such invoice.');
    const invoice = await retrieveInvoice(gateway, scopeOf(viewer), id);
    const [key] = await gateway.orm.em
      .fork()
      .getConnection()
      .execute<{ label: string; key_hint: string; status: string }[]>(
        'select k.label, k.key_hint, k.status from invoices i join api_keys k on k.id = i.api_key_id where i.id = ?',
        [id],
      );
    const events = await listEvents(gateway, scopeOf(viewer), { limit: EVENTS, invoice_id: id });
    return rt.send(
      request,
      reply,
      invoicePage(paths, rt.csrf(reply), {
        invoice,
        keyLabel: key
          ? `${key.label} (${key.key_hint})${key.status === 'active' ? '' : ` — ${key.status}: its page cannot take payment`}`
          : '—',
        events: events.data,
        ...extra,
      }),
    );
  };

  scope.get<IdParams>('/invoices/:id', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    return showInvoice(request, reply, viewer, request.params.id);
  });

  scope.get<IdParams>('/invoices/:id/preview', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const { id } = request.params;
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such invoice.');
    const invoice = await retrieveInvoice(gateway, scopeOf(viewer), id);
    return rt.send(
      request,
      reply,
      invoicePreviewPage(paths, { invoice, businessName: viewer.business.name }),
    );
  });

  // Done: 303 back to the invoice with a notice, so reloading the page cannot send it again.
  const actions: Record<Action, { run: typeof sendInvoice; audit: string; done: RedirectNotice }> = {
    send: { run: sendInvoice, audit: 'invoice.sent', done: 'invoice-sent' },
    remind: { run: remindInvoice, audit: 'invoice.reminded', done: 'invoice-reminded' },
    void: { run: voidInvoice, audit: 'invoice.voided', done: 'invoice-voided' },
  };
  for (const [action, { run, audit, done }] of Object.entries(actions) as [
    Action,
    (typeof actions)[Action],
  ][]) {
    scope.post<IdParams & { Body: Body }>(`/invoices/:id/${action}`, async (request, reply) => {
      const viewer = rt.requireBusiness(request, reply);
      if (!viewer) return reply;
      const { id } = request.params;
      if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such invoice.');
      try {
        await gateway.orm.em.fork().transactional(async (em) => {
          const invoice = await run(gateway, scopeOf(viewer), id, em);
          await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
            businessId: viewer.business.id,
            action: audit,
            target: `${invoice.number} (${invoice.id})`,
            details: { mode: viewer.mode },
          });
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
    });
  }
}
