import { CreatePaymentLinkRequestSchema, type PaymentStatus } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../../domain/businesses/recordAudit.js';
import { createPaymentLink } from '../../../domain/paymentLinks/createPaymentLink.js';
import { deactivatePaymentLink } from '../../../domain/paymentLinks/deactivatePaymentLink.js';
import { retrievePaymentLink } from '../../../domain/paymentLinks/findPaymentLink.js';
import { listPaymentLinks } from '../../../domain/paymentLinks/listPaymentLinks.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import {
  type LinkFormState,
  type LinkPaymentRow,
  paymentLinkPage,
  paymentLinksPage,
} from '../render/paymentLinkPages.js';
import type { BusinessViewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { activeKeyChoices, chosenKey } from './keyChoices.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 20;
/** Payments a link's page lists (the API lists them all). */
const LINK_PAYMENTS = 50;

type Body = Record<string, string | undefined> | undefined;
type IdParams = { Params: { id: string } };

/** The form's fields, as the create request names them. */
const FORM_FIELDS = ['fiat_amount', 'fiat_currency', 'description', 'max_uses', 'success_url', 'api_key'];

/**
 * Payment links in the dashboard: the list with a create form, a link's page (its public address to
 * copy, its facts, the payments it made) and deactivation, through the API's own services.
 */
export function registerPaymentLinkRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;

  const activeKeys = (viewer: BusinessViewer) => activeKeyChoices(gateway, viewer);

  const showList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    form: LinkFormState = { values: {}, errors: {} },
    after?: string,
  ) => {
    const scopeOf = { businessId: viewer.business.id, mode: viewer.mode };
    const page = await listPaymentLinks(gateway, scopeOf, {
      limit: PAGE,
      ...(after ? { starting_after: after } : {}),
    });
    return rt.send(
      request,
      reply,
      paymentLinksPage(paths, rt.csrf(reply), {
        links: page.data,
        next: page.next_starting_after,
        paged: after !== undefined,
        mode: viewer.mode,
        keys: await activeKeys(viewer),
        form,
      }),
    );
  };

  scope.get<{ Querystring: { after?: string } }>('/links', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const after = UUID.test(request.query.after ?? '') ? request.query.after : undefined;
    try {
      return await showList(request, reply, viewer, undefined, after);
    } catch (error) {
      // A cursor of another business or mode (a hand-edited link): the first page.
      if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') throw error;
      return rt.redirect(reply, paths.links);
    }
  });

  scope.post<{ Body: Body }>('/links', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, (request.body?.[name] ?? '').trim()]));
    const errors: Record<string, string> = {};
    const refuse = () => showList(request, reply, viewer, { values, errors });
    const maxUses = values.max_uses ?? '';
    if (maxUses !== '' && !/^[1-9][0-9]{0,6}$/.test(maxUses))
      errors.max_uses = 'Enter a whole number from 1, or leave it empty.';
    const body = {
      fiat_amount: values.fiat_amount,
      fiat_currency: (values.fiat_currency ?? '').toUpperCase(),
      ...(values.description ? { description: values.description } : {}),
      ...(maxUses && !errors.max_uses ? { max_uses: Number(maxUses) } : {}),
      ...(values.success_url ? { success_url: values.success_url } : {}),
    };
    const parsed = CreatePaymentLinkRequestSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'fiat_amount');
        errors[name] ??= `${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}.`;
      }
    }
    // The key must be an active key of this business and mode (the form offers only those).
    const auth = await chosenKey(gateway, viewer, values.api_key);
    if (!auth) errors.api_key = 'Choose an active API key of this mode.';
    if (Object.keys(errors).length > 0 || !parsed.success || !auth) return refuse();
    let linkId: string;
    try {
      linkId = await gateway.orm.em.fork().transactional(async (em) => {
        const link = await createPaymentLink(gateway, auth, parsed.data, em);
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: 'payment_link.created',
          target: link.id,
          details: {
            mode: viewer.mode,
            fiat_amount: link.fiat_amount,
            fiat_currency: link.fiat_currency,
            api_key_id: auth.apiKey.id,
          },
        });
        return link.id;
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      errors.fiat_amount = error.message;
      return refuse();
    }
    return rt.redirect(reply, paths.link(linkId), 'link-created');
  });

  const showLink = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    id: string,
  ) => {
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such payment link.');
    const scopeOf = { businessId: viewer.business.id, mode: viewer.mode };
    const link = await retrievePaymentLink(gateway, scopeOf, id);
    const em = gateway.orm.em.fork();
    const [key] = await em
      .getConnection()
      .execute<{ label: string; key_hint: string; status: string }[]>(
        'select k.label, k.key_hint, k.status from payment_links l join api_keys k on k.id = l.api_key_id where l.id = ?',
        [id],
      );
    const payments = await em.getConnection().execute<LinkPaymentRow[]>(
      `select id, status, created_at from payments where payment_link_id = ? and business_id = ? and mode = ?
        order by created_at desc, id desc limit ?`,
      [id, viewer.business.id, viewer.mode, LINK_PAYMENTS + 1],
    );
    return rt.send(
      request,
      reply,
      paymentLinkPage(paths, rt.csrf(reply), {
        link,
        keyLabel: key
          ? `${key.label} (${key.key_hint})${key.status === 'active' ? '' : ` — ${key.status}: the link cannot take payments`}`
          : '—',
        payments: payments.slice(0, LINK_PAYMENTS).map((p) => ({ ...p, status: p.status as PaymentStatus })),
        morePayments: payments.length > LINK_PAYMENTS,
      }),
    );
  };

  scope.get<IdParams>('/links/:id', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    return showLink(request, reply, viewer, request.params.id);
  });

  scope.post<IdParams & { Body: Body }>('/links/:id/deactivate', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const { id } = request.params;
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such payment link.');
    await gateway.orm.em.fork().transactional(async (em) => {
      const link = await deactivatePaymentLink(
        gateway,
        { businessId: viewer.business.id, mode: viewer.mode },
        id,
        em,
      );
      await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
        businessId: viewer.business.id,
        action: 'payment_link.deactivated',
        target: link.id,
        details: { mode: viewer.mode },
      });
    });
    return rt.redirect(reply, paths.link(id), 'link-deactivated');
  });
}
