import type { Mode } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { updateSession } from '../../../domain/accounts/dashboardSessions.js';
import { createBusiness } from '../../../domain/businesses/createBusiness.js';
import { loadHomeFacts } from '../../../domain/businesses/loadHomeFacts.js';
import { PAYMENT_PREFERENCE_BOUNDS, parsePercent } from '../../../domain/businesses/paymentPreferences.js';
import { recordAudit } from '../../../domain/businesses/recordAudit.js';
import { setPaymentPreferences } from '../../../domain/businesses/setPaymentPreferences.js';
import { ApiKey, Business, Wallet, WebhookEndpoint } from '../../../platform/db/entities/index.js';
import { businessesPage, newBusinessPage, overviewPage, settingsPage } from '../render/businessPages.js';
import { redirectNotice } from '../render/Notice.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type Query = { Querystring: Record<string, string | undefined> };

/** A business name as stored, or why it is refused. */
function businessName(input: string | undefined): { name: string } | { error: string } {
  const name = (input ?? '').trim().replace(/\s+/g, ' ');
  if (name === '') return { error: 'Enter a name.' };
  if ([...name].length > 100) return { error: 'Use at most 100 characters.' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    return { error: 'Use letters, digits and punctuation only.' };
  return { name };
}

/** The overview, businesses (create, switch), settings and the mode toggle. */
export function registerBusinessRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;

  scope.get<Query>('/', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const em = gateway.orm.em.fork();
    const scopeOf = { businessId: viewer.business.id, mode: viewer.mode };
    const [home, wallets, activeKeys, webhookEndpoints] = await Promise.all([
      loadHomeFacts(gateway.orm, { ...scopeOf, now: gateway.clock.now() }),
      em.count(Wallet, { ...scopeOf, removedAt: null }),
      em.fork().count(ApiKey, { ...scopeOf, status: 'active' }),
      em.fork().count(WebhookEndpoint, scopeOf),
    ]);
    const notice = redirectNotice(request.query.notice);
    return rt.send(request, reply, {
      ...overviewPage(paths, viewer, {
        mode: viewer.mode,
        home,
        wallets,
        activeKeys,
        webhookEndpoints,
        apiBaseUrl: gateway.config.urls.api,
      }),
      ...(notice ? { notice } : {}),
    });
  });

  scope.get('/businesses/new', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer) return rt.redirect(reply, paths.signIn);
    return rt.send(request, reply, newBusinessPage(paths, rt.csrf(reply), viewer.businesses.length === 0));
  });
  scope.post<Form>('/businesses', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer) return rt.redirect(reply, paths.signIn);
    const parsed = businessName(request.body?.name);
    if ('error' in parsed) {
      return rt.send(
        request,
        reply,
        newBusinessPage(paths, rt.csrf(reply), viewer.businesses.length === 0, {
          values: { name: request.body?.name ?? '' },
          errors: { name: parsed.error },
          status: 422,
        }),
      );
    }
    const business = await gateway.orm.em.fork().transactional(async (em) => {
      const created = await createBusiness(em, gateway.clock, {
        userId: viewer.userId,
        name: parsed.name,
        grants: {
          testUsd: gateway.config.CAIRN_SIGNUP_GRANT_TEST_USD,
          liveUsd: gateway.config.CAIRN_SIGNUP_GRANT_LIVE_USD,
        },
      });
      await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
        businessId: created.id,
        action: 'business.created',
        target: created.name,
      });
      await updateSession(em, viewer.sessionId, { businessId: created.id });
      return created;
    });
    request.log.info({ businessId: business.id }, 'dashboard: business created');
    return rt.redirect(reply, paths.home, 'business-created');
  });

  scope.get<Query>('/businesses', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const notice = redirectNotice(request.query.notice);
    return rt.send(request, reply, {
      ...businessesPage(paths, rt.csrf(reply), viewer),
      ...(notice ? { notice } : {}),
    });
  });
  scope.post<Form>('/businesses/switch', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer) return rt.redirect(reply, paths.signIn);
    const target = viewer.businesses.find((b) => b.id === request.body?.business_id);
    if (!target) return rt.redirect(reply, paths.businesses);
    await updateSession(gateway.orm.em.fork(), viewer.sessionId, { businessId: target.id });
    return rt.redirect(reply, paths.home, 'business-switched');
  });

  const preferencesOf = async (businessId: string) => {
    const business = await gateway.orm.em.fork().findOneOrFail(Business, { id: businessId });
    return {
      underpaymentToleranceBps: business.underpaymentToleranceBps,
      overpaymentThresholdBps: business.overpaymentThresholdBps,
    };
  };

  scope.get<Query>('/settings', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const notice = redirectNotice(request.query.notice);
    return rt.send(
      request,
      reply,
      settingsPage(
        paths,
        rt.csrf(reply),
        viewer,
        await preferencesOf(viewer.business.id),
        notice ? { notice } : {},
      ),
    );
  });
  scope.post<Form>('/settings/payment-preferences', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const values = {
      underpayment_tolerance: request.body?.underpayment_tolerance ?? '',
      overpayment_threshold: request.body?.overpayment_threshold ?? '',
    };
    const tolerance = parsePercent(
      values.underpayment_tolerance,
      PAYMENT_PREFERENCE_BOUNDS.underpaymentToleranceBps,
    );
    const threshold = parsePercent(
      values.overpayment_threshold,
      PAYMENT_PREFERENCE_BOUNDS.overpaymentThresholdBps,
    );
    if ('error' in tolerance || 'error' in threshold) {
      return rt.send(
        request,
        reply,
        settingsPage(paths, rt.csrf(reply), viewer, await preferencesOf(viewer.business.id), {
          values,
          errors: {
            ...('error' in tolerance ? { underpayment_tolerance: tolerance.error } : {}),
            ...('error' in threshold ? { overpayment_threshold: threshold.error } : {}),
          },
          status: 422,
        }),
      );
    }
    await setPaymentPreferences(gateway.orm.em.fork(), gateway.clock, rt.actor(request, viewer), {
      businessId: viewer.business.id,
      underpaymentToleranceBps: tolerance.bps,
      overpaymentThresholdBps: threshold.bps,
    });
    return rt.redirect(reply, paths.settings, 'preferences-saved');
  });
  scope.post<Form>('/settings', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const parsed = businessName(request.body?.name);
    if ('error' in parsed) {
      return rt.send(
        request,
        reply,
        settingsPage(paths, rt.csrf(reply), viewer, await preferencesOf(viewer.business.id), {
          values: { name: request.body?.name ?? '' },
          errors: { name: parsed.error },
          status: 422,
        }),
      );
    }
    await gateway.orm.em.fork().transactional(async (em) => {
      const business = await em.findOneOrFail(Business, { id: viewer.business.id, userId: viewer.userId });
      if (business.name === parsed.name) return;
      await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
        businessId: business.id,
        action: 'business.renamed',
        target: parsed.name,
        details: { from: business.name, to: parsed.name },
      });
      business.name = parsed.name;
    });
    return rt.redirect(reply, paths.settings, 'business-renamed');
  });

  scope.post<Form>('/mode', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer) return rt.redirect(reply, paths.signIn);
    const mode: Mode = request.body?.mode === 'live' ? 'live' : 'test';
    await updateSession(gateway.orm.em.fork(), viewer.sessionId, { mode });
    // Back to the section the toggle was pressed on (its list page: a key or wallet of one mode has
    // no twin in the other).
    const key = request.body?.section ?? '';
    const section = Object.hasOwn(SECTION_PATHS, key) ? SECTION_PATHS[key] : undefined;
    return rt.redirect(
      reply,
      section ? `${paths.base}${section}` : paths.home,
      mode === 'live' ? 'mode-live' : 'mode-test',
    );
  });
}

/** Where the mode toggle returns to, per section of the navigation. */
const SECTION_PATHS: Readonly<Record<string, string>> = {
  overview: '/',
  payments: '/payments',
  invoices: '/invoices',
  links: '/links',
  webhooks: '/webhooks',
  credit: '/credit',
  wallets: '/wallets',
  keys: '/keys',
  audit: '/audit',
  settings: '/settings',
  businesses: '/businesses',
};
