/**
 * The operator CLI: `pnpm cairn <command>`.
 *
 *   migrate                                   apply database migrations
 *   start                                     start the gateway (embedded PostgreSQL unless DATABASE_URL)
 *   dev:seed [--json]                         create a verified user, business, test wallets and a test key
 *   keys:create --business <id> --mode test|live --label <text> [--tokens A:B,..] [--ips ip,cidr,..]
 *   keys:revoke <key id>
 *   credit:top-up --business <id> --mode test|live --usd <amount>
 *   credit:balance --business <id>
 *   chains:status [--json]                    tip, watcher height, lag and health of every watched chain
 *   webhooks:set | webhooks:rotate-secret | webhooks:send-test | webhooks:deliveries | webhooks:redeliver
 */
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { formatUnits } from '@cairn/chain-core';
import { getChain, isChainId, parseToken } from '@cairn/contract';
import { createChainRegistry } from '../../app/createChainRegistry.js';
import { createLogger, resolveDatabase, startGateway } from '../../app/startGateway.js';
import { attachDevChain } from '../../chains/devChain/attachDevChain.js';
import { gatewayEvmFacts } from '../../chains/settlement/gatewayEvmFacts.js';
import { readSettlementStatus } from '../../chains/settlement/readSettlementStatus.js';
import { readChainStatuses } from '../../chains/watchers/readChainStatuses.js';
import { createApiKey, KeyCreationError } from '../../domain/apiKeys/createApiKey.js';
import { revokeApiKey } from '../../domain/apiKeys/revokeApiKey.js';
import { type ChainOffer, describeOffer } from '../../domain/chainOffers/judgeChainOffer.js';
import { CreditTopUpError, creditBalanceOf, topUpCredit } from '../../domain/credit/topUpCredit.js';
import { WebhookError } from '../../domain/webhooks/WebhookError.js';
import { loadConfig } from '../../platform/config/loadConfig.js';
import { createOrm, migrate } from '../../platform/db/createOrm.js';
import { systemClock } from '../../platform/runtime/clock.js';
import { StartupError } from '../../platform/runtime/StartupError.js';
import { migrateWorkerSchema } from '../../workers/jobs/startWorkers.js';
import { devSeed } from './devSeed.js';
import { followParentExit } from './followParentExit.js';
import { runWebhookCommand, WEBHOOK_USAGE, WebhookUsageError } from './runWebhookCommand.js';

const USAGE = `Usage: pnpm cairn <command>
  migrate
  start
  dev:seed [--json]
  keys:create --business <id> --mode test|live --label <text> [--tokens CHAIN:SYMBOL,...] [--ips IP|CIDR,...]
  keys:revoke <key id>
  credit:top-up --business <id> --mode test|live --usd <amount>
  credit:balance --business <id>
  chains:status [--json]
${WEBHOOK_USAGE}`;

class UsageError extends Error {}

/**
 * What SIGINT, SIGTERM and SIGHUP (a closed terminal) do. Once the gateway runs, `start` sets it to
 * its orderly shutdown; until then, and for the other commands, the process exits at once, and the exit
 * hook of the embedded PostgreSQL it may have started stops that server too (it runs in its own
 * process group, so a terminal's signals do not reach it).
 */
let onStopSignal: ((signal: string) => void) | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () =>
    onStopSignal ? onStopSignal(signal) : process.exit(128 + constants.signals[signal]),
  );

/** The start banner's chain lines: each enabled chain, offered or why not. */
function chainLines(offers: readonly ChainOffer[]): string[] {
  if (offers.length === 0) return ['  Chains       (none enabled: see CAIRN_ENABLED_CHAINS)'];
  return offers.map(
    (offer, i) =>
      `${i === 0 ? '  Chains       ' : '               '}${offer.chainId}: ${offer.offered ? 'offered' : `not offered now (${describeOffer(offer)})`}`,
  );
}

const csv = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

async function withDatabase<T>(run: (orm: Awaited<ReturnType<typeof createOrm>>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const log = createLogger(config.CAIRN_LOG_LEVEL === 'info' ? 'warn' : config.CAIRN_LOG_LEVEL, 'stderr');
  const database = await resolveDatabase(config, log);
  const orm = await createOrm(database.url, { log });
  try {
    await migrate(orm);
    return await run(orm);
  } finally {
    await orm.close(true);
    await database.embedded?.stop();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate': {
      const config = loadConfig();
      const log = createLogger(config.CAIRN_LOG_LEVEL, 'stderr');
      const database = await resolveDatabase(config, log);
      const orm = await createOrm(database.url, { log });
      try {
        const applied = await migrate(orm);
        await migrateWorkerSchema(database.url, log);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      } finally {
        await orm.close(true);
        await database.embedded?.stop();
      }
      return 0;
    }
    case 'start': {
      const config = loadConfig();
      const started = Date.now();
      const running = await startGateway({ config, devChain: 'start' });
      const { urls } = config;
      running.gateway.log.info({ ms: Date.now() - started, address: running.address }, 'gateway ready');
      console.log(
        [
          `Cairn gateway listening on ${running.address} (ready in ${Date.now() - started} ms)`,
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
        onStopSignal = shutdown;
        // Started by a package manager's script (`pnpm start`): stop with it, as it does not pass
        // SIGTERM on.
        if (process.env.npm_lifecycle_event) followParentExit(() => shutdown('parent process exited'));
      });
      return 0;
    }
    case 'dev:seed': {
      const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
      const config = loadConfig();
      const log = createLogger('warn', 'stderr');
      const running = await startGateway({
        config,
        log,
        listen: false,
        workers: false,
        watchers: false,
        devChain: 'attach',
      });
      try {
        const result = await devSeed(running.gateway);
        if (values.json) console.log(JSON.stringify(result));
        else {
          console.log(`Business ${result.business_id}\nTest API key (shown once): ${result.api_key}`);
          for (const w of result.wallets)
            console.log(
              'extended_public_key' in w
                ? `  ${w.chain_id} wallet ${w.extended_public_key}`
                : `  ${w.chain_id} treasury ${w.address} (onboarding ${w.onboarding})`,
            );
        }
      } finally {
        await running.stop();
      }
      return 0;
    }
    case 'keys:create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          business: { type: 'string' },
          mode: { type: 'string' },
          label: { type: 'string' },
          tokens: { type: 'string' },
          ips: { type: 'string' },
        },
      });
      if (!values.business || (values.mode !== 'test' && values.mode !== 'live') || !values.label) {
        throw new UsageError('keys:create needs --business <id> --mode test|live --label <text>');
      }
      const tokens = csv(values.tokens);
      for (const token of tokens ?? []) {
        const ref = parseToken(token);
        if (!ref || !isChainId(ref.chain_id))
          throw new UsageError(`--tokens: "${token}" is not CHAIN:SYMBOL`);
      }
      const { business, mode, label } = values;
      const ips = csv(values.ips);
      return withDatabase(async (orm) => {
        const { key, apiKey } = await createApiKey(orm.em.fork(), systemClock, {
          businessId: business,
          mode,
          label,
          ...(tokens ? { allowedTokens: tokens } : {}),
          ...(ips ? { allowedIps: ips } : {}),
        });
        console.log(
          JSON.stringify({
            api_key: key,
            api_key_id: apiKey.id,
            mode: apiKey.mode,
            allowed_tokens: apiKey.allowedTokens,
          }),
        );
        return 0;
      });
    }
    case 'keys:revoke': {
      const id = rest[0];
      if (!id) throw new UsageError('keys:revoke needs a key id');
      return withDatabase(async (orm) => {
        const revoked = await revokeApiKey(orm.em.fork(), systemClock, id);
        if (!revoked) {
          console.error(`No API key ${id}.`);
          return 1;
        }
        console.log(`Revoked ${revoked.id} (${revoked.label}).`);
        return 0;
      });
    }
    case 'credit:top-up': {
      const { values } = parseArgs({
        args: rest,
        options: { business: { type: 'string' }, mode: { type: 'string' }, usd: { type: 'string' } },
      });
      if (!values.business || (values.mode !== 'test' && values.mode !== 'live') || !values.usd) {
        throw new UsageError('credit:top-up needs --business <id> --mode test|live --usd <amount>');
      }
      const { business, mode, usd } = values;
      return withDatabase(async (orm) => {
        const balance = await topUpCredit(orm.em.fork(), systemClock, {
          businessId: business,
          mode,
          amountUsd: usd,
        });
        console.log(JSON.stringify({ business_id: business, mode, balance_usd: balance }));
        return 0;
      });
    }
    case 'credit:balance': {
      const { values } = parseArgs({ args: rest, options: { business: { type: 'string' } } });
      if (!values.business) throw new UsageError('credit:balance needs --business <id>');
      const business = values.business;
      return withDatabase(async (orm) => {
        const em = orm.em.fork();
        const [test, live] = [
          await creditBalanceOf(em, business, 'test'),
          await creditBalanceOf(em, business, 'live'),
        ];
        console.log(JSON.stringify({ business_id: business, test_usd: test, live_usd: live }));
        return 0;
      });
    }
    case 'chains:status': {
      const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
      const config = await attachDevChain(loadConfig());
      const registry = createChainRegistry(
        config.enabledChains,
        createLogger('silent', 'stderr'),
        config.chains,
      );
      return withDatabase(async (orm) => {
        const facts = gatewayEvmFacts({ config });
        const lines = await readChainStatuses(orm, config, registry, systemClock.now(), (chainId) =>
          readSettlementStatus(orm, config, facts, chainId),
        );
        if (values.json) console.log(JSON.stringify(lines));
        else if (lines.length === 0) {
          console.log('No chain is enabled: set CAIRN_ENABLED_CHAINS or give a chain a node (see README).');
        } else {
          const rows = [
            ['chain', 'backend', 'node tip', 'watcher', 'lag', 'last sync', 'health', 'offered'],
            ...lines.map((l) => [
              l.chain_id,
              l.url ? `${l.backend} ${l.url}` : l.backend,
              String(l.node_height ?? '-'),
              String(l.watcher_height ?? '-'),
              String(l.lag ?? '-'),
              l.last_sync_at ?? '-',
              l.health,
              l.offered ? 'yes' : `no: ${l.offer_reason}`,
            ]),
          ];
          const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
          for (const row of rows)
            console.log(
              row
                .map((cell, i) => cell.padEnd(widths[i]!))
                .join('  ')
                .trimEnd(),
            );
          for (const l of lines) {
            if (!l.evm) continue;
            const e = l.evm;
            const native = getChain(l.chain_id)?.coins[0];
            console.log(
              `${l.chain_id}: gas wallet ${e.gas_wallet ?? '(none)'}${e.gas_balance_wei ? ` holds ${formatUnits(BigInt(e.gas_balance_wei), native?.decimals ?? 18)} ${native?.symbol ?? ''}` : ''}; sweeps pending ${e.sweeps_pending}, due ${e.sweeps_due}; wallets onboarding ${e.wallets_onboarding}${e.gas_warning ? `\n  WARNING: ${e.gas_warning}` : ''}`,
            );
          }
        }
        // Exit 1 when a chain given a node is not healthy (chains without one are shown, not failed).
        return lines.every((l) => l.backend === 'none' || l.health === 'ok') ? 0 : 1;
      });
    }
    case 'webhooks:set':
    case 'webhooks:rotate-secret':
    case 'webhooks:send-test':
    case 'webhooks:deliveries':
    case 'webhooks:redeliver':
      return withDatabase((orm) => runWebhookCommand(command, rest, orm, loadConfig()));
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
}

/** What the CLI prints for a failure: one sentence for the errors it knows, the stack otherwise. */
function describeFailure(error: unknown): string {
  if (
    error instanceof StartupError ||
    error instanceof KeyCreationError ||
    error instanceof CreditTopUpError ||
    error instanceof WebhookError
  )
    return error.message;
  if (error instanceof Error) return `Unexpected error: ${error.stack ?? error.message}`;
  return `Unexpected error: ${String(error)}`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isUsage =
      error instanceof UsageError ||
      error instanceof WebhookUsageError ||
      (error instanceof Error &&
        String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS'));
    console.error(isUsage ? `${(error as Error).message}\n\n${USAGE}` : describeFailure(error));
    process.exit(isUsage ? 2 : 1);
  },
);
