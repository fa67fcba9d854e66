import type { WatcherStatus } from '../../../chains/watchers/ChainWatcher.js';
import { describeOffer } from '../../../domain/chainOffers/judgeChainOffer.js';
import type { ChainOffer } from '../../../domain/gateway/ChainAvailability.js';
import { devMailboxEnabled } from '../../../domain/mail/devMailboxEnabled.js';
import type { Config } from '../../../platform/config/loadConfig.js';
import { isLoopbackAddress } from '../../../web/loopbackPeer.js';

/** What the start banner says. */
export interface StartBannerFacts {
  readonly config: Config;
  /** The socket address the HTTP server listens on (as fastify gives it). */
  readonly address?: string;
  readonly readyMs: number;
  readonly devChain?: { readonly rpc_url: string; readonly tokens: Record<string, string> };
  readonly offers: readonly ChainOffer[];
  /** This process's chain watchers: a chain whose watcher has not synced yet is "starting". */
  readonly watchers: readonly WatcherStatus[];
}

/** Whether HOST lets only this machine connect. */
const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/**
 * One chain's state in words: offered; starting while this process's watcher has not completed its
 * first sync (on a restart the last sync is a former run's, which says nothing yet); or why not.
 */
function chainState(offer: ChainOffer, watchers: readonly WatcherStatus[]): string {
  if (offer.offered) return 'offered';
  const watcher = watchers.find((w) => w.chainId === offer.chainId);
  if (watcher?.health === 'syncing') return 'starting (offered once its watcher has synced)';
  return `not offered now (${describeOffer(offer)})`;
}

/** The start banner's chain lines: each enabled chain, offered or why not. */
function chainLines(offers: readonly ChainOffer[], watchers: readonly WatcherStatus[]): string[] {
  if (offers.length === 0) return ['  Chains       (none enabled: see CAIRN_ENABLED_CHAINS)'];
  return offers.map(
    (offer, i) =>
      `${i === 0 ? '  Chains       ' : '               '}${offer.chainId}: ${chainState(offer, watchers)}`,
  );
}

/**
 * What `cairn start` prints once the gateway is ready. Every URL in it is a public one of the
 * configuration (`CAIRN_PUBLIC_URL` and the URLs it defaults), the same origin as the links the gateway
 * writes into mail and `checkout_url`; the socket address is named only as where it listens.
 */
export function startBanner(facts: StartBannerFacts): string {
  const { config } = facts;
  const { urls } = config;
  const listening = facts.address ? new URL(facts.address).host : `${config.HOST}:${config.PORT}`;
  return [
    `Cairn gateway ready in ${facts.readyMs} ms (listening on ${listening})`,
    `  Dashboard    ${urls.dashboard}  (sign up there; the dashboard starts in test mode)`,
    ...(devMailboxEnabled(config)
      ? [`  Dev mailbox  ${urls.dashboard}/mailbox  (mail is kept here, not sent: no CAIRN_SMTP_URL)`]
      : []),
    ...(isLoopbackHost(config.HOST)
      ? [`  Network      listening on ${config.HOST} only; set HOST=0.0.0.0 to accept other machines`]
      : []),
    `  API          ${urls.api}/api/v1`,
    `  Checkout     ${urls.checkout}/<payment_id>`,
    `  OpenAPI      ${urls.site}/openapi.json`,
    `  Health       ${urls.api}/healthz  ${urls.api}/readyz  ${urls.api}/metrics`,
    `  Database     ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL (${config.dataDir})`}`,
    ...(facts.devChain
      ? [
          `  Dev chain    ETH_LOCAL on anvil at ${facts.devChain.rpc_url} (test USDC ${facts.devChain.tokens.USDC}, USDT ${facts.devChain.tokens.USDT}; CAIRN_DEV_CHAIN=off disables it)`,
        ]
      : []),
    ...chainLines(facts.offers, facts.watchers),
  ].join('\n');
}
