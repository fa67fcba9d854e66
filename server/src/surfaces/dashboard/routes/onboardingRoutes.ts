import type { Mode } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { pointSession } from '../../../domain/accounts/pointSession.js';
import { createBusinessAudited } from '../../../domain/businesses/createBusinessAudited.js';
import { newBusinessPage } from '../render/businessPages.js';
import { businessName } from './businessName.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withViewer } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };

/** Where the mode toggle returns to, per section of the navigation. */
const SECTION_PATHS: Readonly<Record<string, string>> = {
  overview: '/',
  payments: '/payments',
  invoices: '/invoices',
  links: '/links',
  stray: '/stray-funds',
  reports: '/reports',
  webhooks: '/webhooks',
  credit: '/credit',
  wallets: '/wallets',
  keys: '/keys',
  audit: '/audit',
  settings: '/settings',
  businesses: '/businesses',
};

/**
 * What a signed-in viewer does with or without a business: create one (the first, or another), switch
 * between them, and toggle the mode. Registered in the signed-in scope.
 */
export function registerOnboardingRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway, accounts } = rt;

  scope.get(
    '/businesses/new',
    withViewer(async (request, reply, viewer) =>
      rt.send(request, reply, newBusinessPage(paths, rt.csrf(reply), viewer.businesses.length === 0)),
    ),
  );

  scope.post<Form>(
    '/businesses',
    withViewer<Form>(async (request, reply, viewer) => {
      const parsed = businessName(request.body?.name);
      if ('error' in parsed) {
        const state = {
          values: { name: request.body?.name ?? '' },
          errors: { name: parsed.error },
          status: 422,
        };
        const first = viewer.businesses.length === 0;
        return rt.send(request, reply, newBusinessPage(paths, rt.csrf(reply), first, state));
      }
      const business = await createBusinessAudited(gateway, rt.actor(request, viewer), {
        userId: viewer.userId,
        sessionId: viewer.sessionId,
        name: parsed.name,
      });
      request.log.info({ businessId: business.id }, 'dashboard: business created');
      return rt.redirect(reply, paths.home, 'business-created');
    }),
  );

  scope.post<Form>(
    '/businesses/switch',
    withViewer<Form>(async (request, reply, viewer) => {
      const target = viewer.businesses.find((b) => b.id === request.body?.business_id);
      if (!target) return rt.redirect(reply, paths.businesses);
      await pointSession(accounts, viewer.sessionId, { businessId: target.id });
      return rt.redirect(reply, paths.home, 'business-switched');
    }),
  );

  scope.post<Form>(
    '/mode',
    withViewer<Form>(async (request, reply, viewer) => {
      const mode: Mode = request.body?.mode === 'live' ? 'live' : 'test';
      // Live keys and wallets move real money: the operator may require two-factor first (the default).
      if (mode === 'live' && !viewer.mayUseLive) {
        return rt.redirect(reply, paths.security, 'live-needs-two-factor');
      }
      await pointSession(accounts, viewer.sessionId, { mode });
      // Back to the section the toggle was pressed on (its list page: a key or wallet of one mode has
      // no twin in the other).
      const key = request.body?.section ?? '';
      const section = Object.hasOwn(SECTION_PATHS, key) ? SECTION_PATHS[key] : undefined;
      return rt.redirect(
        reply,
        section ? `${paths.base}${section}` : paths.home,
        mode === 'live' ? 'mode-live' : 'mode-test',
      );
    }),
  );
}
