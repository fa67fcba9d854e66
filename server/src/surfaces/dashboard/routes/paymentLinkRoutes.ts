import { CreatePaymentLinkRequestSchema } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findActiveKeyChoice } from '../../../domain/apiKeys/findActiveKeyChoice.js';
import { listKeyChoices } from '../../../domain/apiKeys/listKeyChoices.js';
import { createPaymentLinkAudited } from '../../../domain/paymentLinks/createPaymentLinkAudited.js';
import { deactivatePaymentLinkAudited } from '../../../domain/paymentLinks/deactivatePaymentLinkAudited.js';
import { listPaymentLinks } from '../../../domain/paymentLinks/listPaymentLinks.js';
import { loadPaymentLinkDetail } from '../../../domain/paymentLinks/loadPaymentLinkDetail.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { type LinkFormState, paymentLinkPage, paymentLinksPage } from '../render/paymentLinkPages.js';
import type { BusinessViewer } from '../render/Viewer.js';
import { amountFieldError } from './amountFieldError.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

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

  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });
  const activeKeys = (viewer: BusinessViewer) =>
    listKeyChoices(gateway, { ...scopeOf(viewer), status: 'active' });

  const showList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    form: LinkFormState = { values: {}, errors: {} },
    after?: string,
  ) => {
    const page = await listPaymentLinks(gateway, scopeOf(viewer), {
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

  type ListQuery = { Querystring: { after?: string } };
  scope.get<ListQuery>(
    '/links',
    { config: { permission: 'links.read' } },
    withBusiness<ListQuery>(async (request, reply, viewer) => {
      const after = UUID.test(request.query.after ?? '') ? request.query.after : undefined;
      try {
        return await showList(request, reply, viewer, undefined, after);
      } catch (error) {
        // A cursor of another business or mode (a hand-edited link): the first page.
        if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') throw error;
        return rt.redirect(reply, paths.links);
      }
    }),
  );

  scope.post<{ Body: Body }>(
    '/links',
    { config: { permission: 'links.manage' } },
    withBusiness<{ Body: Body }>(async (request, reply, viewer) => {
      const values = Object.fromEntries(
        FORM_FIELDS.map((name) => [name, (request.body?.[name] ?? '').trim()]),
      );
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
          errors[name] ??=
            name === 'fiat_amount'
              ? amountFieldError(values.fiat_amount ?? '', issue.message)
              : `${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}.`;
        }
      }
      // The key must be an active key of this business and mode (the form offers only those).
      const key = await findActiveKeyChoice(gateway, scopeOf(viewer), values.api_key);
      const keyRefused = 'Choose an active API key of this mode.';
      if (!key) errors.api_key = keyRefused;
      if (Object.keys(errors).length > 0 || !parsed.success || !key) return refuse();
      let linkId: string;
      try {
        const link = await createPaymentLinkAudited(gateway, rt.actor(request, viewer), {
          scope: scopeOf(viewer),
          apiKeyId: key.id,
          request: parsed.data,
        });
        // Revoked or deactivated since it was read just now.
        if (!link) {
          errors.api_key = keyRefused;
          return refuse();
        }
        linkId = link.id;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        errors.fiat_amount = error.message;
        return refuse();
      }
      return rt.redirect(reply, paths.link(linkId), 'link-created');
    }),
  );

  const showLink = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    id: string,
  ) => {
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such payment link.');
    const detail = await loadPaymentLinkDetail(gateway, scopeOf(viewer), id, LINK_PAYMENTS);
    return rt.send(request, reply, paymentLinkPage(paths, rt.csrf(reply), detail));
  };

  scope.get<IdParams>(
    '/links/:id',
    { config: { permission: 'links.read' } },
    withBusiness<IdParams>(async (request, reply, viewer) =>
      showLink(request, reply, viewer, request.params.id),
    ),
  );

  scope.post<IdParams & { Body: Body }>(
    '/links/:id/deactivate',
    { config: { permission: 'links.manage' } },
    withBusiness<IdParams & { Body: Body }>(async (request, reply, viewer) => {
      const { id } = request.params;
      if (!UUID.test(id)) throw new ApiError('NOT_FOUND', 'No such payment link.');
      await deactivatePaymentLinkAudited(gateway, rt.actor(request, viewer), { scope: scopeOf(viewer), id });
      return rt.redirect(reply, paths.link(id), 'link-deactivated');
    }),
  );
}
