import { isOptInToken, WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyDetail } from '../../../domain/apiKeys/ApiKeySummary.js';
import { KeyCreationError } from '../../../domain/apiKeys/createApiKey.js';
import { createApiKeyAudited } from '../../../domain/apiKeys/createApiKeyAudited.js';
import { isValidIpEntry } from '../../../domain/apiKeys/ipAllowlist.js';
import { listApiKeysForBusiness } from '../../../domain/apiKeys/listApiKeysForBusiness.js';
import { loadApiKeyDetail } from '../../../domain/apiKeys/loadApiKeyDetail.js';
import type { KeyStatusAction } from '../../../domain/apiKeys/setApiKeyStatus.js';
import { setApiKeyStatusAudited } from '../../../domain/apiKeys/setApiKeyStatusAudited.js';
import { listCoveredTokens } from '../../../domain/wallets/listCoveredTokens.js';
import { listWalletsForBusiness } from '../../../domain/wallets/listWalletsForBusiness.js';
import { loadDeliveryLog } from '../../../domain/webhooks/loadDeliveryLog.js';
import { loadKeyWebhook } from '../../../domain/webhooks/loadKeyWebhook.js';
import { rotateWebhookSecretAudited } from '../../../domain/webhooks/rotateWebhookSecretAudited.js';
import { sendTestWebhookAndWait } from '../../../domain/webhooks/sendTestWebhookAndWait.js';
import { setWebhookEndpointAudited } from '../../../domain/webhooks/setWebhookEndpointAudited.js';
import { WebhookError } from '../../../domain/webhooks/WebhookError.js';
import { type KeyPageExtras, keyPage, keysNotFoundPage, keysPage, newKeyPage } from '../render/keyPages.js';
import type { RedirectNotice } from '../render/Notice.js';
import type { BusinessViewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type IdParams = { Params: { id: string } };
type TestQuery = { Querystring: { test?: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long "Send test" waits for the delivery's outcome before showing it as still pending. */
const TEST_WAIT_MS = 10_000;
const ACTIONS: readonly KeyStatusAction[] = ['deactivate', 'reactivate', 'revoke'];
const DONE: Readonly<Record<KeyStatusAction, RedirectNotice>> = {
  deactivate: 'key-deactivated',
  reactivate: 'key-reactivated',
  revoke: 'key-revoked',
};

/** A textarea of IP addresses or ranges: one per line or comma-separated. */
const ipList = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The `<prefix><name>` checkbox names that are ticked. */
const ticked = (body: Record<string, string | undefined> | undefined, prefix: string) =>
  Object.keys(body ?? {})
    .filter((name) => name.startsWith(prefix))
    .map((name) => name.slice(prefix.length));

/** The form field a refused webhook endpoint's error belongs to. */
const webhookField = (error: WebhookError) =>
  error.code === 'INVALID_DESTINATION_ALLOWLIST'
    ? 'destination_ips'
    : error.code === 'INVALID_WEBHOOK_EVENTS'
      ? 'events'
      : 'url';

/** API keys of the current business and mode, and each key's webhook endpoint. */
export function registerKeyRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const scopeOf = (viewer: BusinessViewer) => ({ businessId: viewer.business.id, mode: viewer.mode });
  const warn = (request: FastifyRequest) => (message: string) => request.log.warn(message);

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    rt.send(request, reply, keysNotFoundPage(paths));

  /** A key's page: the key, its endpoint and newest deliveries, and what the action shows once. */
  const renderKey = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: ApiKeyDetail,
    extra: Omit<KeyPageExtras, 'now'> = {},
  ) => {
    const webhook = await loadKeyWebhook(gateway, key.id);
    const page = keyPage(paths, rt.csrf(reply), key, webhook, { ...extra, now: gateway.clock.now() });
    return rt.send(request, reply, page);
  };

  /** A handler for one key of the viewer's business and mode (a page saying so when there is none). */
  const withKey = <R extends IdParams>(
    handler: (
      request: FastifyRequest<R>,
      reply: FastifyReply,
      viewer: BusinessViewer,
      key: ApiKeyDetail,
    ) => Promise<unknown>,
  ) =>
    withBusiness<R>(async (request, reply, viewer) => {
      const { id } = request.params as IdParams['Params'];
      const key = await loadApiKeyDetail(gateway, scopeOf(viewer), id);
      return key ? handler(request, reply, viewer, key) : notFound(request, reply);
    });

  scope.get(
    '/keys',
    { config: { permission: 'keys.read' } },
    withBusiness(async (request, reply, viewer) => {
      const [keys, wallets] = await Promise.all([
        listApiKeysForBusiness(gateway, scopeOf(viewer)),
        listWalletsForBusiness(gateway, scopeOf(viewer)),
      ]);
      return rt.send(request, reply, keysPage(paths, viewer, keys, wallets.length > 0));
    }),
  );

  scope.get(
    '/keys/new',
    { config: { permission: 'keys.manage' } },
    withBusiness(async (request, reply, viewer) => {
      const covered = await listCoveredTokens(gateway, scopeOf(viewer));
      if (covered.length === 0) return rt.redirect(reply, paths.keys);
      // Opt-in coins (bridged USDC.e) start unticked: the merchant accepts them by ticking them.
      const deselected = new Set(covered.filter(isOptInToken));
      return rt.send(request, reply, newKeyPage(paths, rt.csrf(reply), viewer, covered, { deselected }));
    }),
  );

  scope.post<Form>(
    '/keys',
    { config: { permission: 'keys.manage', stepUp: 'create an API key' } },
    withBusiness<Form>(async (request, reply, viewer) => {
      const covered = await listCoveredTokens(gateway, scopeOf(viewer));
      const label = (request.body?.label ?? '').trim().slice(0, 100);
      const tokens = ticked(request.body, 'token:').filter((t) => covered.includes(t));
      const ips = ipList(request.body?.allowed_ips);
      const refuse = (errors: Record<string, string>) =>
        rt.send(
          request,
          reply,
          newKeyPage(paths, rt.csrf(reply), viewer, covered, {
            values: { label, allowed_ips: request.body?.allowed_ips ?? '' },
            errors,
            deselected: new Set(covered.filter((t) => !tokens.includes(t))),
            status: 422,
          }),
        );
      if (label === '') return refuse({ label: 'Enter a label.' });
      if (tokens.length === 0) return refuse({ tokens: 'Tick at least one chain and token.' });
      const badIps = ips.filter((ip) => !isValidIpEntry(ip));
      if (badIps.length > 0)
        return refuse({ allowed_ips: `Not an IP address or CIDR range: ${badIps.join(', ')}.` });
      let created: { id: string; key: string };
      try {
        created = await createApiKeyAudited(gateway, rt.actor(request, viewer), {
          ...scopeOf(viewer),
          label,
          allowedTokens: tokens,
          allowedIps: ips,
        });
      } catch (error) {
        if (!(error instanceof KeyCreationError)) throw error;
        return refuse({ tokens: error.message });
      }
      const key = await loadApiKeyDetail(gateway, scopeOf(viewer), created.id);
      if (!key) return notFound(request, reply);
      return renderKey(request, reply, key, {
        fullKey: created.key,
        status: 201,
        notice: { kind: 'ok', text: 'Key created.' },
      });
    }),
  );

  scope.get<IdParams & TestQuery>(
    '/keys/:id',
    { config: { permission: 'keys.read' } },
    withKey<IdParams & TestQuery>(async (request, reply, _viewer, key) => {
      // Send test's outcome, shown under its button after the POST's redirect (a delivery of this key only).
      const testId = UUID.test(request.query.test ?? '') ? request.query.test : undefined;
      const [testDelivery] = testId
        ? await loadDeliveryLog(gateway, { apiKeyId: key.id, deliveryId: testId, limit: 1 })
        : [];
      return renderKey(request, reply, key, testDelivery ? { testDelivery } : {});
    }),
  );

  for (const action of ACTIONS) {
    scope.post<IdParams>(
      `/keys/:id/${action}`,
      // Reactivating grants access again, as creating a key does.
      {
        config: {
          permission: 'keys.manage',
          ...(action === 'reactivate' ? { stepUp: 'reactivate an API key' } : {}),
        },
      },
      withKey<IdParams>(async (request, reply, viewer, key) => {
        try {
          await setApiKeyStatusAudited(gateway, rt.actor(request, viewer), {
            businessId: viewer.business.id,
            keyId: key.id,
            action,
          });
        } catch (error) {
          if (!(error instanceof KeyCreationError)) throw error;
          const notice = { kind: 'error', text: error.message } as const;
          return renderKey(request, reply, key, { notice, status: 409 });
        }
        return rt.redirect(reply, paths.key(key.id), DONE[action]);
      }),
    );
  }

  scope.post<IdParams & Form>(
    '/keys/:id/webhook',
    { config: { permission: 'webhooks.manage', stepUp: 'change where webhooks go' } },
    withKey<IdParams & Form>(async (request, reply, viewer, key) => {
      const url = (request.body?.url ?? '').trim().slice(0, 2048);
      const events = ticked(request.body, 'event:').filter((e) =>
        (WEBHOOK_EVENT_NAMES as readonly string[]).includes(e),
      );
      const allowedIps = ipList(request.body?.destination_ips);
      const values = { url, events: events.join(','), destination_ips: request.body?.destination_ips ?? '' };
      if (events.length === 0) {
        const errors = { events: 'Tick at least one event.' };
        return renderKey(request, reply, key, { values, errors, status: 422 });
      }
      try {
        const saved = await setWebhookEndpointAudited(
          gateway,
          rt.actor(request, viewer),
          { businessId: viewer.business.id, apiKeyId: key.id, url, events, allowedIps },
          warn(request),
        );
        const warnings = saved.warnings.length > 0 ? ` ${saved.warnings.join(' ')}` : '';
        return renderKey(request, reply, key, {
          ...(saved.secret ? { webhookSecret: saved.secret } : {}),
          notice: { kind: warnings ? 'warn' : 'ok', text: `Webhook endpoint saved.${warnings}` },
        });
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        const errors = { [webhookField(error)]: error.message };
        return renderKey(request, reply, key, { values, errors, status: 422 });
      }
    }),
  );

  scope.post<IdParams>(
    '/keys/:id/webhook/rotate',
    { config: { permission: 'webhooks.manage', stepUp: 'rotate a webhook signing secret' } },
    withKey<IdParams>(async (request, reply, viewer, key) => {
      try {
        const rotated = await rotateWebhookSecretAudited(
          gateway,
          rt.actor(request, viewer),
          { businessId: viewer.business.id, apiKeyId: key.id },
          warn(request),
        );
        return renderKey(request, reply, key, {
          webhookSecret: rotated.secret,
          rotatedUntil: rotated.previousValidUntil,
          notice: { kind: 'ok', text: 'New signing secret made.' },
        });
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        return renderKey(request, reply, key, {
          notice: { kind: 'error', text: error.message },
          status: 409,
        });
      }
    }),
  );

  scope.post<IdParams>(
    '/keys/:id/webhook/test',
    { config: { permission: 'webhooks.manage', rateLimit: { max: 10, timeWindow: 60_000 } } },
    withKey<IdParams>(async (request, reply, _viewer, key) => {
      let testDelivery: Awaited<ReturnType<typeof sendTestWebhookAndWait>>;
      try {
        testDelivery = await sendTestWebhookAndWait(gateway, key.id, TEST_WAIT_MS);
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        return renderKey(request, reply, key, {
          notice: { kind: 'error', text: error.message },
          status: 409,
        });
      }
      // Back to the key's page, scrolled to the outcome under the button (a reload does not send it again).
      const outcome = testDelivery ? `?test=${testDelivery.id}#test-outcome` : '';
      return rt.redirect(reply, `${paths.key(key.id)}${outcome}`);
    }),
  );
}
