/**
 * TEST FIXTURE: payment links and invoices for the in-memory fixture server (`fixtureServer.ts`), the
 * contract's routes with the gateway's observable behaviour kept simple: no pages, no mail; a link's
 * payments only come from the server's test-only `payLink` (its `uses` are counted from them), an
 * invoice has none; invoices move draft → open (send) → void. Not the gateway.
 */
import { randomUUID } from 'node:crypto';
import {
  type CreateInvoiceRequest,
  type CreatePaymentLinkRequest,
  type ErrorCode,
  type Invoice,
  LIST_LIMIT_DEFAULT,
  type Mode,
  minorUnitsOf,
  type PaymentLink,
  type WebhookEvent,
} from '@cairn/contract';
import type { FastifyRequest } from 'fastify';

interface Owned<T> {
  readonly owner: string;
  readonly seq: number;
  value: T;
}

/** The reply, as far as these routes use it (ts-rest rc.1 types it with fastify 4's generics). */
interface Reply {
  header(name: string, value: string): unknown;
}

/** The arguments of a bodyless POST on one item (`/payment-links/:id/deactivate`, `/invoices/:id/send`). */
interface IdAction {
  readonly params: { id: string };
  readonly request: FastifyRequest;
  readonly reply: Reply;
}

/** What the fixture server lends these routes. */
export interface FixtureContext {
  baseUrl(): string;
  account(request: FastifyRequest): { readonly owner: string; readonly mode: Mode };
  fail(
    status: number,
    code: ErrorCode,
    message: string,
    request: FastifyRequest,
  ): { status: number; body: unknown };
  idempotent<R extends { status: number; body: unknown }>(
    request: FastifyRequest,
    reply: Reply,
    body: unknown,
    run: () => R,
  ): Promise<R | { status: number; body: unknown }>;
  recordEvent(owner: string, event: WebhookEvent): void;
  /** The link's payments that count against its `max_uses` (all but expired and cancelled ones). */
  usesOf(linkId: string): number;
  now(): string;
}

/** `quantity × unit_price` in minor units, rounded half-up (bigint fixed point). */
function lineMinor(quantity: string, unitPrice: string, minor: number): bigint {
  const parse = (v: string) => {
    const [whole = '0', fraction = ''] = v.split('.');
    return { units: BigInt(whole + fraction), scale: fraction.length };
  };
  const q = parse(quantity);
  const p = parse(unitPrice);
  const scale = q.scale + p.scale;
  const product = q.units * p.units;
  if (scale <= minor) return product * 10n ** BigInt(minor - scale);
  const divisor = 10n ** BigInt(scale - minor);
  return product / divisor + (product % divisor >= divisor / 2n ? 1n : 0n);
}

const fixed = (amount: bigint, minor: number) => {
  if (minor === 0) return amount.toString();
  const digits = amount.toString().padStart(minor + 1, '0');
  return `${digits.slice(0, -minor)}.${digits.slice(-minor)}`;
};

/**
 * A page of the owner's `stored` items that `keep` accepts, newest first, after `startingAfter`; or
 * undefined when the cursor is not an item of the owner. As the gateway does, the cursor is any item
 * of the owner (filters aside) and the page holds what was created before it.
 */
function pageOf<T extends { id: string }>(
  stored: Iterable<Owned<T>>,
  owner: string,
  keep: (value: T) => boolean,
  limit: number | undefined,
  startingAfter: string | undefined,
) {
  const own = [...stored].filter((item) => item.owner === owner);
  let before = Number.POSITIVE_INFINITY;
  if (startingAfter !== undefined) {
    const cursor = own.find((item) => item.value.id === startingAfter);
    if (cursor === undefined) return undefined;
    before = cursor.seq;
  }
  const matching = own
    .filter((item) => item.seq < before && keep(item.value))
    .sort((a, b) => b.seq - a.seq)
    .map((item) => item.value);
  const size = limit ?? LIST_LIMIT_DEFAULT;
  const data = matching.slice(0, size);
  const hasMore = matching.length > size;
  return { data, has_more: hasMore, next_starting_after: hasMore ? data.at(-1)!.id : null };
}

/** A stored link as the fixture keeps it (its `uses` are counted from the payments when read). */
export type StoredLink = Owned<PaymentLink>;

/**
 * The payment-link and invoice route handlers of the fixture server (`routes`), and `link(id)` for
 * the server's test-only "Pay on the link's page".
 */
export function createLinkAndInvoiceRoutes(ctx: FixtureContext) {
  const links = new Map<string, Owned<PaymentLink>>();
  const invoices = new Map<string, Owned<Invoice>>();
  let seq = 0;
  const numbers = new Map<string, number>();
  const badCursor = (request: FastifyRequest) =>
    ({
      status: 422 as const,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Unknown cursor',
          request_id: request.id,
          fields: [{ field: 'starting_after', message: 'no such item in this list' }],
        },
      },
    }) as const;
  const ownLink = (request: FastifyRequest, id: string) => {
    const stored = links.get(id);
    return stored && stored.owner === ctx.account(request).owner ? stored : undefined;
  };
  const ownInvoice = (request: FastifyRequest, id: string) => {
    const stored = invoices.get(id);
    return stored && stored.owner === ctx.account(request).owner ? stored : undefined;
  };
  const notFound = (request: FastifyRequest, what: string) =>
    ctx.fail(404, 'NOT_FOUND', `No such ${what}`, request) as { status: 404; body: never };
  const conflict = (request: FastifyRequest, code: ErrorCode, message: string) =>
    ctx.fail(409, code, message, request) as { status: 409; body: never };
  const invoiceEvent = (stored: Owned<Invoice>, name: 'invoice.sent' | 'invoice.reminder') =>
    ctx.recordEvent(stored.owner, {
      id: `evt_${randomUUID()}`,
      event: name,
      created_at: ctx.now(),
      data: { invoice: stored.value },
    } as WebhookEvent);
  const touch = (stored: Owned<Invoice>, change: Partial<Invoice>) => {
    stored.value = { ...stored.value, ...change, updated_at: ctx.now() };
    return stored.value;
  };
  /** A link as the API shows it: with its current `uses`. */
  const linkView = (link: PaymentLink): PaymentLink => ({ ...link, uses: ctx.usesOf(link.id) });

  const routes = {
    createPaymentLink: async ({
      body,
      request,
      reply,
    }: {
      body: CreatePaymentLinkRequest;
      request: FastifyRequest;
      reply: Reply;
    }) =>
      ctx.idempotent(request, reply, body, () => {
        const { owner, mode } = ctx.account(request);
        const id = randomUUID();
        const link: PaymentLink = {
          id,
          mode,
          active: true,
          url: `${ctx.baseUrl()}/pay/links/${id}`,
          fiat_amount: body.fiat_amount,
          fiat_currency: body.fiat_currency,
          description: body.description ?? null,
          accepted_chains: body.accepted_chains ?? [],
          accepted_coins: body.accepted_coins ?? [],
          accepted_tokens: body.accepted_tokens ?? [],
          restrict_to_accepted: body.restrict_to_accepted ?? false,
          success_url: body.success_url ?? null,
          cancel_url: body.cancel_url ?? null,
          max_uses: body.max_uses ?? null,
          uses: 0,
          metadata: body.metadata ?? {},
          created_at: ctx.now(),
          deactivated_at: null,
        };
        links.set(id, { owner, seq: seq++, value: link });
        return { status: 201 as const, body: { data: linkView(link) } };
      }),
    retrievePaymentLink: async ({ params, request }: { params: { id: string }; request: FastifyRequest }) => {
      const stored = ownLink(request, params.id);
      return stored
        ? { status: 200 as const, body: { data: linkView(stored.value) } }
        : notFound(request, 'payment link');
    },
    listPaymentLinks: async ({
      query,
      request,
    }: {
      query: { limit?: number; starting_after?: string; active?: 'true' | 'false' };
      request: FastifyRequest;
    }) => {
      const page = pageOf(
        links.values(),
        ctx.account(request).owner,
        (link) => query.active === undefined || String(link.active) === query.active,
        query.limit,
        query.starting_after,
      );
      return page
        ? { status: 200 as const, body: { ...page, data: page.data.map(linkView) } }
        : badCursor(request);
    },
    deactivatePaymentLink: async ({ params, request, reply }: IdAction) =>
      ctx.idempotent(request, reply, undefined, () => {
        const stored = ownLink(request, params.id);
        if (!stored) return notFound(request, 'payment link');
        if (stored.value.active) {
          stored.value = { ...stored.value, active: false, deactivated_at: ctx.now() };
        }
        return { status: 200 as const, body: { data: linkView(stored.value) } };
      }),

    createInvoice: async ({
      body,
      request,
      reply,
    }: {
      body: CreateInvoiceRequest;
      request: FastifyRequest;
      reply: Reply;
    }) =>
      ctx.idempotent(request, reply, body, () => {
        const { owner, mode } = ctx.account(request);
        const minor = minorUnitsOf(body.fiat_currency);
        let total = 0n;
        const lines = body.line_items.map((item) => {
          const amount = lineMinor(item.quantity, item.unit_price, minor);
          total += amount;
          return { ...item, amount: fixed(amount, minor) };
        });
        const next = (numbers.get(owner) ?? 0) + 1;
        const number = body.number ?? `INV-${String(next).padStart(6, '0')}`;
        if ([...invoices.values()].some((i) => i.owner === owner && i.value.number === number)) {
          return conflict(request, 'INVOICE_NUMBER_TAKEN', `Invoice number ${number} is taken`);
        }
        if (body.number === undefined) numbers.set(owner, next);
        const id = randomUUID();
        const created = ctx.now();
        const invoice: Invoice = {
          id,
          number,
          mode,
          status: 'draft',
          overdue: false,
          recipient_email: body.recipient_email,
          recipient_name: body.recipient_name ?? null,
          fiat_currency: body.fiat_currency,
          line_items: lines,
          total: fixed(total, minor),
          due_date: body.due_date,
          memo: body.memo ?? null,
          language: body.language ?? null,
          accepted_chains: body.accepted_chains ?? [],
          accepted_coins: body.accepted_coins ?? [],
          accepted_tokens: body.accepted_tokens ?? [],
          restrict_to_accepted: body.restrict_to_accepted ?? false,
          reminder_days: [...new Set(body.reminder_days ?? [])].sort((a, b) => a - b),
          metadata: body.metadata ?? {},
          payment_id: null,
          hosted_url: `${ctx.baseUrl()}/pay/invoices/${id}`,
          sent_at: null,
          viewed_at: null,
          paid_at: null,
          refunded_at: null,
          voided_at: null,
          reminders_sent: 0,
          last_reminder_at: null,
          created_at: created,
          updated_at: created,
        };
        invoices.set(id, { owner, seq: seq++, value: invoice });
        return { status: 201 as const, body: { data: invoice } };
      }),
    retrieveInvoice: async ({ params, request }: { params: { id: string }; request: FastifyRequest }) => {
      const stored = ownInvoice(request, params.id);
      return stored ? { status: 200 as const, body: { data: stored.value } } : notFound(request, 'invoice');
    },
    listInvoices: async ({
      query,
      request,
    }: {
      query: {
        limit?: number;
        starting_after?: string;
        status?: string;
        number?: string;
        recipient_email?: string;
      };
      request: FastifyRequest;
    }) => {
      const statuses = query.status?.split(',');
      const page = pageOf(
        invoices.values(),
        ctx.account(request).owner,
        (invoice) =>
          (statuses === undefined || statuses.includes(invoice.status)) &&
          (query.number === undefined || invoice.number === query.number) &&
          (query.recipient_email === undefined ||
            invoice.recipient_email.toLowerCase() === query.recipient_email.toLowerCase()),
        query.limit,
        query.starting_after,
      );
      return page ? { status: 200 as const, body: page } : badCursor(request);
    },
    sendInvoice: async ({ params, request, reply }: IdAction) =>
      ctx.idempotent(request, reply, undefined, () => {
        const stored = ownInvoice(request, params.id);
        if (!stored) return notFound(request, 'invoice');
        if (stored.value.status !== 'draft' && stored.value.status !== 'open')
          return conflict(request, 'INVALID_INVOICE_STATE', `Invoice is ${stored.value.status}`);
        touch(stored, { status: 'open', sent_at: ctx.now() });
        invoiceEvent(stored, 'invoice.sent');
        return { status: 200 as const, body: { data: stored.value } };
      }),
    remindInvoice: async ({ params, request, reply }: IdAction) =>
      ctx.idempotent(request, reply, undefined, () => {
        const stored = ownInvoice(request, params.id);
        if (!stored) return notFound(request, 'invoice');
        if (stored.value.status !== 'open')
          return conflict(request, 'INVALID_INVOICE_STATE', `Invoice is ${stored.value.status}`);
        const now = ctx.now();
        touch(stored, { reminders_sent: stored.value.reminders_sent + 1, last_reminder_at: now });
        invoiceEvent(stored, 'invoice.reminder');
        return { status: 200 as const, body: { data: stored.value } };
      }),
    voidInvoice: async ({ params, request, reply }: IdAction) =>
      ctx.idempotent(request, reply, undefined, () => {
        const stored = ownInvoice(request, params.id);
        if (!stored) return notFound(request, 'invoice');
        if (stored.value.status === 'void') return { status: 200 as const, body: { data: stored.value } };
        if (stored.value.status !== 'draft' && stored.value.status !== 'open')
          return conflict(request, 'INVALID_INVOICE_STATE', `Invoice is ${stored.value.status}`);
        touch(stored, { status: 'void', voided_at: ctx.now() });
        return { status: 200 as const, body: { data: stored.value } };
      }),
  };
  return { routes, link: (id: string): StoredLink | undefined => links.get(id) };
}
