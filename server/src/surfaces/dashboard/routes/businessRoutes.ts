import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePaymentPreferences } from '../../../domain/businesses/changePaymentPreferences.js';
import { loadPaymentPreferences } from '../../../domain/businesses/loadPaymentPreferences.js';
import { PAYMENT_PREFERENCE_BOUNDS, parsePercent } from '../../../domain/businesses/paymentPreferences.js';
import { renameBusinessAudited } from '../../../domain/businesses/renameBusinessAudited.js';
import { loadOverview } from '../../../domain/overview/loadOverview.js';
import type { FormState } from '../render/accountPages.js';
import { businessesPage, overviewPage, settingsPage } from '../render/businessPages.js';
import { redirectNotice } from '../render/Notice.js';
import type { BusinessViewer } from '../render/Viewer.js';
import { businessName } from './businessName.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type Query = { Querystring: Record<string, string | undefined> };

/** The overview, the businesses page and the settings (name, payment preferences) of the business. */
export function registerBusinessRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;

  scope.get<Query>(
    '/',
    { config: { permission: 'overview.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const overview = await loadOverview(gateway, { businessId: viewer.business.id, mode: viewer.mode });
      const notice = redirectNotice(request.query.notice);
      const facts = { ...overview, mode: viewer.mode, apiBaseUrl: gateway.config.urls.api };
      return rt.send(request, reply, {
        ...overviewPage(paths, viewer, facts),
        ...(notice ? { notice } : {}),
      });
    }),
  );

  scope.get<Query>(
    '/businesses',
    { config: { permission: 'settings.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const notice = redirectNotice(request.query.notice);
      return rt.send(request, reply, {
        ...businessesPage(paths, rt.csrf(reply), viewer),
        ...(notice ? { notice } : {}),
      });
    }),
  );

  /** The settings page, with the business's preferences as stored and the form's state. */
  const showSettings = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    state: FormState = {},
  ) => {
    const preferences = await loadPaymentPreferences(gateway, viewer.business.id);
    return rt.send(request, reply, settingsPage(paths, rt.csrf(reply), viewer, preferences, state));
  };

  scope.get<Query>(
    '/settings',
    { config: { permission: 'settings.read' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const notice = redirectNotice(request.query.notice);
      return showSettings(request, reply, viewer, notice ? { notice } : {});
    }),
  );

  scope.post<Form>(
    '/settings/payment-preferences',
    { config: { permission: 'settings.manage' } },
    withBusiness<Form>(async (request, reply, viewer) => {
      const values = {
        underpayment_tolerance: request.body?.underpayment_tolerance ?? '',
        overpayment_threshold: request.body?.overpayment_threshold ?? '',
      };
      const bounds = PAYMENT_PREFERENCE_BOUNDS;
      const tolerance = parsePercent(values.underpayment_tolerance, bounds.underpaymentToleranceBps);
      const threshold = parsePercent(values.overpayment_threshold, bounds.overpaymentThresholdBps);
      if ('error' in tolerance || 'error' in threshold) {
        const errors = {
          ...('error' in tolerance ? { underpayment_tolerance: tolerance.error } : {}),
          ...('error' in threshold ? { overpayment_threshold: threshold.error } : {}),
        };
        return showSettings(request, reply, viewer, { values, errors, status: 422 });
      }
      await changePaymentPreferences(gateway, rt.actor(request, viewer), {
        businessId: viewer.business.id,
        underpaymentToleranceBps: tolerance.bps,
        overpaymentThresholdBps: threshold.bps,
      });
      return rt.redirect(reply, paths.settings, 'preferences-saved');
    }),
  );

  scope.post<Form>(
    '/settings',
    { config: { permission: 'settings.manage' } },
    withBusiness<Form>(async (request, reply, viewer) => {
      const parsed = businessName(request.body?.name);
      if ('error' in parsed) {
        const values = { name: request.body?.name ?? '' };
        return showSettings(request, reply, viewer, { values, errors: { name: parsed.error }, status: 422 });
      }
      await renameBusinessAudited(gateway, rt.actor(request, viewer), {
        businessId: viewer.business.id,
        name: parsed.name,
      });
      return rt.redirect(reply, paths.settings, 'business-renamed');
    }),
  );
}
