import { getChain, WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createApiKey, KeyCreationError } from '../../../domain/apiKeys/createApiKey.js';
import { isValidIpEntry } from '../../../domain/apiKeys/ipAllowlist.js';
import { type KeyStatusAction, setApiKeyStatus } from '../../../domain/apiKeys/setApiKeyStatus.js';
import { recordAudit } from '../../../domain/businesses/recordAudit.js';
import { createWebhookContext } from '../../../domain/webhooks/createWebhookContext.js';
import { type DeliveryLogEntry, listDeliveries } from '../../../domain/webhooks/listDeliveries.js';
import { rotateWebhookSecret } from '../../../domain/webhooks/rotateWebhookSecret.js';
import { sendTestWebhook } from '../../../domain/webhooks/sendTestWebhook.js';
import { setWebhookEndpoint } from '../../../domain/webhooks/setWebhookEndpoint.js';
import { WebhookError } from '../../../domain/webhooks/WebhookError.js';
import { ApiKey, type IApiKey, Wallet, WebhookEndpoint } from '../../../platform/db/entities/index.js';
import { html } from '../../../web/html.js';
import { type KeyPageExtras, keyPage, keysPage, newKeyPage } from '../render/keyPages.js';
import type { BusinessViewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type IdParams = { Params: { id: string } };

/** How long "Send test" waits for the delivery's outcome before showing it as still pending. */
const TEST_WAIT_MS = 10_000;
const ACTIONS: readonly KeyStatusAction[] = ['deactivate', 'reactivate', 'revoke'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** API keys of the current business and mode, and each key's webhook endpoint. */
export function registerKeyRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;

  const coveredTokens = async (viewer: BusinessViewer) => {
    const wallets = await gateway.orm.em
      .fork()
      .find(
        Wallet,
        { businessId: viewer.business.id, mode: viewer.mode, removedAt: null },
        { orderBy: { chainId: 'asc' } },
      );
    return wallets.flatMap((w) => (getChain(w.chainId)?.coins ?? []).map((c) => `${w.chainId}:${c.symbol}`));
  };

  /** The business's key in the current mode, or undefined. */
  const findKey = async (viewer: BusinessViewer, id: string) =>
    UUID.test(id)
      ? ((await gateway.orm.em
          .fork()
          .findOne(ApiKey, { id, businessId: viewer.business.id, mode: viewer.mode })) ?? undefined)
      : undefined;

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    rt.send(request, reply, {
      title: 'No such key',
      section: 'keys',
      status: 404,
      main: keysNotFound(paths.keys),
    });

  const renderKey = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: IApiKey,
    extra: Omit<KeyPageExtras, 'now' | 'deliveries'> = {},
  ) => {
    const em = gateway.orm.em.fork();
    const endpoint = await em.findOne(WebhookEndpoint, { apiKeyId: key.id });
    const deliveries = endpoint ? await listDeliveries(em, { apiKeyId: key.id, limit: 5 }) : [];
    return rt.send(
      request,
      reply,
      keyPage(paths, rt.csrf(reply), key, endpoint, { ...extra, now: gateway.clock.now(), deliveries }),
    );
  };

  const webhookContext = (request: FastifyRequest) =>
    createWebhookContext(gateway.orm.em.fork(), gateway.clock, gateway.config, {
      warn: (message) => request.log.warn(message),
    });

  scope.get('/keys', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const em = gateway.orm.em.fork();
    const where = { businessId: viewer.business.id, mode: viewer.mode };
    const [keys, wallets, endpoints] = await Promise.all([
      em.find(ApiKey, where, { orderBy: { createdAt: 'desc' } }),
      em.fork().count(Wallet, { ...where, removedAt: null }),
      em.fork().find(WebhookEndpoint, where, { fields: ['apiKeyId'] }),
    ]);
    return rt.send(
      request,
      reply,
      keysPage(paths, viewer, keys, wallets > 0, new Set(endpoints.map((e) => e.apiKeyId))),
    );
  });

  scope.get('/keys/new', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const covered = await coveredTokens(viewer);
    if (covered.length === 0) return rt.redirect(reply, paths.keys);
    return rt.send(request, reply, newKeyPage(paths, rt.csrf(reply), viewer, covered));
  });

  scope.post<Form>('/keys', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const covered = await coveredTokens(viewer);
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
    try {
      const created = await gateway.orm.em.fork().transactional(async (em) => {
        const result = await createApiKey(em, gateway.clock, {
          businessId: viewer.business.id,
          mode: viewer.mode,
          label,
          allowedTokens: tokens,
          allowedIps: ips,
        });
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: 'api_key.created',
          target: `${result.apiKey.keyHint} (${label})`,
          details: { mode: viewer.mode, allowed_tokens: tokens, allowed_ips: ips },
        });
        return result;
      });
      return renderKey(request, reply, created.apiKey, {
        fullKey: created.key,
        status: 201,
        notice: { kind: 'ok', text: 'Key created.' },
      });
    } catch (error) {
      if (!(error instanceof KeyCreationError)) throw error;
      return refuse({ tokens: error.message });
    }
  });

  scope.get<IdParams>('/keys/:id', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const key = await findKey(viewer, request.params.id);
    return key ? renderKey(request, reply, key) : notFound(request, reply);
  });

  for (const action of ACTIONS) {
    scope.post<IdParams>(`/keys/:id/${action}`, async (request, reply) => {
      const viewer = rt.requireBusiness(request, reply);
      if (!viewer) return reply;
      const key = await findKey(viewer, request.params.id);
      if (!key) return notFound(request, reply);
      try {
        await gateway.orm.em.fork().transactional(async (em) => {
          const before = key.status;
          const changed = await setApiKeyStatus(em, gateway.clock, {
            businessId: viewer.business.id,
            keyId: key.id,
            action,
          });
          if (changed.status === before) return;
          await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
            businessId: viewer.business.id,
            action: `api_key.${action === 'deactivate' ? 'deactivated' : action === 'reactivate' ? 'reactivated' : 'revoked'}`,
            target: `${key.keyHint} (${key.label})`,
            details: { mode: key.mode },
          });
        });
      } catch (error) {
        if (!(error instanceof KeyCreationError)) throw error;
        return renderKey(request, reply, key, {
          notice: { kind: 'error', text: error.message },
          status: 409,
        });
      }
      const notice =
        action === 'deactivate'
          ? 'key-deactivated'
          : action === 'reactivate'
            ? 'key-reactivated'
            : 'key-revoked';
      return rt.redirect(reply, paths.key(key.id), notice);
    });
  }

  scope.post<IdParams & Form>('/keys/:id/webhook', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const key = await findKey(viewer, request.params.id);
    if (!key) return notFound(request, reply);
    const url = (request.body?.url ?? '').trim().slice(0, 2048);
    const events = ticked(request.body, 'event:').filter((e) =>
      (WEBHOOK_EVENT_NAMES as readonly string[]).includes(e),
    );
    const allowedIps = ipList(request.body?.destination_ips);
    const values = { url, events: events.join(','), destination_ips: request.body?.destination_ips ?? '' };
    if (events.length === 0) {
      return renderKey(request, reply, key, {
        values,
        errors: { events: 'Tick at least one event.' },
        status: 422,
      });
    }
    try {
      const context = webhookContext(request);
      const result = await context.em.transactional(async (em) => {
        const saved = await setWebhookEndpoint(
          { ...context, em },
          { apiKeyId: key.id, url, events, allowedIps },
        );
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: saved.created ? 'webhook.created' : 'webhook.updated',
          target: `${key.keyHint} → ${saved.endpoint.url}`,
          details: { events, allowed_ips: allowedIps },
        });
        return saved;
      });
      const warnings = result.warnings.length > 0 ? ` ${result.warnings.join(' ')}` : '';
      return renderKey(request, reply, key, {
        ...(result.secret ? { webhookSecret: result.secret } : {}),
        notice: { kind: warnings ? 'warn' : 'ok', text: `Webhook endpoint saved.${warnings}` },
      });
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      const field =
        error.code === 'INVALID_DESTINATION_ALLOWLIST'
          ? 'destination_ips'
          : error.code === 'INVALID_WEBHOOK_EVENTS'
            ? 'events'
            : 'url';
      return renderKey(request, reply, key, { values, errors: { [field]: error.message }, status: 422 });
    }
  });

  scope.post<IdParams>('/keys/:id/webhook/rotate', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const key = await findKey(viewer, request.params.id);
    if (!key) return notFound(request, reply);
    try {
      const context = webhookContext(request);
      const rotated = await context.em.transactional(async (em) => {
        const result = await rotateWebhookSecret({ ...context, em }, key.id);
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: 'webhook.secret_rotated',
          target: key.keyHint,
          details: { previous_valid_until: result.previousValidUntil.toISOString() },
        });
        return result;
      });
      return renderKey(request, reply, key, {
        webhookSecret: rotated.secret,
        rotatedUntil: rotated.previousValidUntil,
        notice: { kind: 'ok', text: 'New signing secret made.' },
      });
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      return renderKey(request, reply, key, { notice: { kind: 'error', text: error.message }, status: 409 });
    }
  });

  scope.post<IdParams>(
    '/keys/:id/webhook/test',
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
    async (request, reply) => {
      const viewer = rt.requireBusiness(request, reply);
      if (!viewer) return reply;
      const key = await findKey(viewer, request.params.id);
      if (!key) return notFound(request, reply);
      let deliveryId: string;
      try {
        ({ deliveryId } = await sendTestWebhook(gateway.orm.em.fork(), gateway.clock, key.id));
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        return renderKey(request, reply, key, {
          notice: { kind: 'error', text: error.message },
          status: 409,
        });
      }
      const testDelivery = await awaitOutcome(deliveryId);
      return testDelivery ? renderKey(request, reply, key, { testDelivery }) : renderKey(request, reply, key);
    },
  );

  /** The test delivery once it is no longer pending, or as it is after {@link TEST_WAIT_MS}. */
  async function awaitOutcome(deliveryId: string): Promise<DeliveryLogEntry | undefined> {
    const deadline = Date.now() + TEST_WAIT_MS;
    for (;;) {
      const [delivery] = await listDeliveries(gateway.orm.em.fork(), { deliveryId });
      if (!delivery || (delivery.status === 'pending' && delivery.attempts === 0 && Date.now() < deadline)) {
        if (!delivery || Date.now() >= deadline) return delivery;
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      return delivery;
    }
  }
}

function keysNotFound(keysPath: string) {
  return messageMain(
    'No such key in this mode',
    'It may belong to the other mode or another business.',
    keysPath,
  );
}

function messageMain(title: string, text: string, back: string) {
  return html`<h1>${title}</h1><div class="card"><p>${text}</p><p><a href="${back}">All keys</a></p></div>`;
}
