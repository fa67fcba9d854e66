import { describeOffer } from '../../../domain/chainOffers/judgeChainOffer.js';
import type { ChainOffer } from '../../../domain/gateway/ChainAvailability.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { isLoopbackAddress } from '../../../web/loopbackPeer.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { followParentExit } from '../runtime/followParentExit.js';

/** The start banner's chain lines: each enabled chain, offered or why not. */
function chainLines(offers: readonly ChainOffer[]): string[] {
  if (offers.length === 0) return ['  Chains       (none enabled: see CAIRN_ENABLED_CHAINS)'];
  return offers.map(
    (offer, i) =>
      `${i === 0 ? '  Chains       ' : '               '}${offer.chainId}: ${offer.offered ? 'offered' : `not offered now (${describeOffer(offer)})`}`,
  );
}

/** Whether HOST lets only this machine connect. */
const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/**
 * `cairn start`: runs the gateway until SIGINT, SIGTERM or SIGHUP (or, started by a package manager's
 * script, until that script's process has gone), then shuts it down in order.
 */
export const startCommand: CliCommand = {
  name: 'start',
  summary:
    'Start the gateway: migrations, workers, chain watchers and the HTTP server (embedded PostgreSQL unless DATABASE_URL).',
  usage: '',
  options: '',
  async run(_args, { runtime, onStopSignal }) {
    const config = loadConfig();
    const started = Date.now();
    const running = await runtime.startGateway(config);
    const { urls } = config;
    running.gateway.log.info({ ms: Date.now() - started, address: running.address }, 'gateway ready');
    console.log(
      [
        `Cairn gateway listening on ${running.address} (ready in ${Date.now() - started} ms)`,
        ...(isLoopbackHost(config.HOST)
          ? [`  Network      listening on ${config.HOST} only; set HOST=0.0.0.0 to accept other machines`]
          : []),
        `  API          ${urls.api}/api/v1`,
        `  Checkout     ${urls.checkout}/<payment_id>`,
        `  OpenAPI      ${urls.site}/openapi.json`,
        `  Health       ${urls.api}/healthz  ${urls.api}/readyz  ${urls.api}/metrics`,
        `  Database     ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL (${config.dataDir})`}`,
        ...(running.devChain
          ? [
              `  Dev chain    ETH_LOCAL on anvil at ${running.devChain.rpc_url} (test USDC ${running.devChain.tokens.USDC}, USDT ${running.devChain.tokens.USDT}; CAIRN_DEV_CHAIN=off disables it)`,
            ]
          : []),
        ...chainLines(running.gateway.chainAvailability.offers()),
        'Create a test API key with: pnpm cairn dev:seed --json',
      ].join('\n'),
    );
    await new Promise<void>((resolve) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        // A repeated signal while stopping must not kill the process half-way (the default action).
        if (stopping) {
          running.gateway.log.warn({ signal }, 'already shutting down');
          return;
        }
        stopping = true;
        running.gateway.log.info({ signal }, 'shutting down');
        running.stop().then(resolve, (error: unknown) => {
          running.gateway.log.error({ err: error }, 'shutdown failed');
          resolve();
        });
      };
      onStopSignal(shutdown);
      // Started by a package manager's script (`pnpm start`): stop with it, as it does not pass
      // SIGTERM on.
      if (process.env.npm_lifecycle_event) followParentExit(() => shutdown('parent process exited'));
    });
    return 0;
  },
};
