import type { Mode } from '@cairn/contract';
import { ApiKey, Wallet, WebhookEndpoint } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type HomeFacts, loadHomeFacts } from './loadHomeFacts.js';

/** What the dashboard's home shows for a business in one mode: its facts and how far set up it is. */
export interface BusinessOverview {
  readonly home: HomeFacts;
  /** Wallets in use (not removed). */
  readonly wallets: number;
  readonly activeKeys: number;
  readonly webhookEndpoints: number;
}

/**
 * The home page of a business in one mode: {@link loadHomeFacts} (what needs the merchant, today's
 * totals) and the three counts of the setup steps, read side by side.
 */
export async function loadOverview(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<BusinessOverview> {
  const em = gateway.orm.em.fork();
  const where = { businessId: scope.businessId, mode: scope.mode };
  const [home, wallets, activeKeys, webhookEndpoints] = await Promise.all([
    loadHomeFacts(gateway.orm, { ...where, now: gateway.clock.now() }),
    em.count(Wallet, { ...where, removedAt: null }),
    em.fork().count(ApiKey, { ...where, status: 'active' }),
    em.fork().count(WebhookEndpoint, where),
  ]);
  return { home, wallets, activeKeys, webhookEndpoints };
}
