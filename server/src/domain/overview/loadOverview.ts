import type { Mode } from '@cairn/contract';
import { ApiKey, Wallet, WebhookEndpoint } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type LatestPayment, listLatestPayments } from './listLatestPayments.js';
import { type HomeFacts, loadHomeFacts } from './loadHomeFacts.js';
import { loadVolumeHistory, type VolumeHistory } from './loadVolumeHistory.js';

/** What the dashboard's home shows for a business in one mode: its facts and how far set up it is. */
export interface BusinessOverview {
  readonly home: HomeFacts;
  /** Wallets in use (not removed). */
  readonly wallets: number;
  readonly activeKeys: number;
  readonly webhookEndpoints: number;
  /** Confirmed volume over the last 30 UTC days (the charts). */
  readonly volume: VolumeHistory;
  /** The newest payments of the mode. */
  readonly latest: readonly LatestPayment[];
}

/**
 * The home page of a business in one mode: {@link loadHomeFacts} (what needs the merchant, today's
 * totals), the three counts of the setup steps, the last 30 days' confirmed volume and the newest payments,
 * read side by side.
 */
export async function loadOverview(
  gateway: Gateway,
  scope: { readonly businessId: string; readonly mode: Mode },
): Promise<BusinessOverview> {
  const em = gateway.orm.em.fork();
  const where = { businessId: scope.businessId, mode: scope.mode };
  const now = gateway.clock.now();
  const [home, wallets, activeKeys, webhookEndpoints, volume, latest] = await Promise.all([
    loadHomeFacts(gateway.orm, { ...where, now }),
    em.count(Wallet, { ...where, removedAt: null }),
    em.fork().count(ApiKey, { ...where, status: 'active' }),
    em.fork().count(WebhookEndpoint, where),
    loadVolumeHistory(em.fork(), { ...where, now }),
    listLatestPayments(em.fork(), where),
  ]);
  return { home, wallets, activeKeys, webhookEndpoints, volume, latest };
}
