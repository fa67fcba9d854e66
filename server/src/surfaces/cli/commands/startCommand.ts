import { loadConfig } from '../../../platform/config/loadConfig.js';
import { startBanner } from '../format/startBanner.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { followParentExit } from '../runtime/followParentExit.js';

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
    running.gateway.log.info({ ms: Date.now() - started, address: running.address }, 'gateway ready');
    console.log(
      startBanner({
        config: running.gateway.config,
        ...(running.address ? { address: running.address } : {}),
        readyMs: Date.now() - started,
        ...(running.devChain ? { devChain: running.devChain } : {}),
        offers: running.gateway.chainAvailability.offers(),
        watchers: running.chainWatchers?.statuses() ?? [],
      }),
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
