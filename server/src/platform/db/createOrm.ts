import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migration20261121000000_initial } from '../../../migrations/Migration20261121000000_initial.js';
import { Migration20261121010000_lifecycleAmounts } from '../../../migrations/Migration20261121010000_lifecycleAmounts.js';
import { Migration20261121020000_webhooks } from '../../../migrations/Migration20261121020000_webhooks.js';
import { Migration20261121030000_chainWatching } from '../../../migrations/Migration20261121030000_chainWatching.js';
import { Migration20261121040000_checkout } from '../../../migrations/Migration20261121040000_checkout.js';
import { Migration20261121050000_webhookBodies } from '../../../migrations/Migration20261121050000_webhookBodies.js';
import { Migration20261121060000_webhookDeliveriesFillfactor } from '../../../migrations/Migration20261121060000_webhookDeliveriesFillfactor.js';
import { Migration20261123010000_closedFunds } from '../../../migrations/Migration20261123010000_closedFunds.js';
import { Migration20261124010000_evm } from '../../../migrations/Migration20261124010000_evm.js';
import { Migration20261124020000_gasless } from '../../../migrations/Migration20261124020000_gasless.js';
import { Migration20261125010000_dashboard } from '../../../migrations/Migration20261125010000_dashboard.js';
import { Migration20261125020000_creditBalances } from '../../../migrations/Migration20261125020000_creditBalances.js';
import { Migration20261125030000_dashboardPayments } from '../../../migrations/Migration20261125030000_dashboardPayments.js';
import { Migration20261125040000_events } from '../../../migrations/Migration20261125040000_events.js';
import { Migration20261125050000_metadata } from '../../../migrations/Migration20261125050000_metadata.js';
import { Migration20261125060000_paymentLinks } from '../../../migrations/Migration20261125060000_paymentLinks.js';
import { Migration20261125070000_invoices } from '../../../migrations/Migration20261125070000_invoices.js';
import { Migration20261126010000_tronSweeps } from '../../../migrations/Migration20261126010000_tronSweeps.js';
import { Migration20261127010000_paymentLinkHolds } from '../../../migrations/Migration20261127010000_paymentLinkHolds.js';
import { Migration20261127015000_signUpPasswords } from '../../../migrations/Migration20261127015000_signUpPasswords.js';
import { Migration20261127020000_twoFactor } from '../../../migrations/Migration20261127020000_twoFactor.js';
import { Migration20261127100000_securityAlerts } from '../../../migrations/Migration20261127100000_securityAlerts.js';
import { Migration20261127110000_walletConfirmation } from '../../../migrations/Migration20261127110000_walletConfirmation.js';
import { Migration20261127120000_passkeys } from '../../../migrations/Migration20261127120000_passkeys.js';
import { Migration20261127130000_paymentReverted } from '../../../migrations/Migration20261127130000_paymentReverted.js';
import { Migration20261127140000_chainResets } from '../../../migrations/Migration20261127140000_chainResets.js';
import { Migration20261127150000_strayFunds } from '../../../migrations/Migration20261127150000_strayFunds.js';
import { Migration20261127160000_straySweeps } from '../../../migrations/Migration20261127160000_straySweeps.js';
import { Migration20261128000000_invoiceLanguage } from '../../../migrations/Migration20261128000000_invoiceLanguage.js';
import { Migration20261128030000_eventFollow } from '../../../migrations/Migration20261128030000_eventFollow.js';
import { Migration20261128100000_members } from '../../../migrations/Migration20261128100000_members.js';
import { Migration20261128130000_reports } from '../../../migrations/Migration20261128130000_reports.js';
import { Migration20261128140000_invitations } from '../../../migrations/Migration20261128140000_invitations.js';
import { StartupError } from '../runtime/StartupError.js';
import { DATABASE_TIMEOUTS } from './databaseTimeouts.js';
import { ENTITIES } from './entities/index.js';

/** Every migration, in order. New migrations are added here (and committed). */
export const MIGRATIONS = [
  { name: 'Migration20261121000000_initial', class: Migration20261121000000_initial },
  { name: 'Migration20261121010000_lifecycleAmounts', class: Migration20261121010000_lifecycleAmounts },
  { name: 'Migration20261121020000_webhooks', class: Migration20261121020000_webhooks },
  { name: 'Migration20261121030000_chainWatching', class: Migration20261121030000_chainWatching },
  { name: 'Migration20261121040000_checkout', class: Migration20261121040000_checkout },
  { name: 'Migration20261121050000_webhookBodies', class: Migration20261121050000_webhookBodies },
  {
    name: 'Migration20261121060000_webhookDeliveriesFillfactor',
    class: Migration20261121060000_webhookDeliveriesFillfactor,
  },
  { name: 'Migration20261123010000_closedFunds', class: Migration20261123010000_closedFunds },
  { name: 'Migration20261124010000_evm', class: Migration20261124010000_evm },
  { name: 'Migration20261124020000_gasless', class: Migration20261124020000_gasless },
  { name: 'Migration20261125010000_dashboard', class: Migration20261125010000_dashboard },
  { name: 'Migration20261125020000_creditBalances', class: Migration20261125020000_creditBalances },
  {
    name: 'Migration20261125030000_dashboardPayments',
    class: Migration20261125030000_dashboardPayments,
  },
  { name: 'Migration20261125040000_events', class: Migration20261125040000_events },
  { name: 'Migration20261125050000_metadata', class: Migration20261125050000_metadata },
  { name: 'Migration20261125060000_paymentLinks', class: Migration20261125060000_paymentLinks },
  { name: 'Migration20261125070000_invoices', class: Migration20261125070000_invoices },
  { name: 'Migration20261126010000_tronSweeps', class: Migration20261126010000_tronSweeps },
  {
    name: 'Migration20261127010000_paymentLinkHolds',
    class: Migration20261127010000_paymentLinkHolds,
  },
  {
    name: 'Migration20261127015000_signUpPasswords',
    class: Migration20261127015000_signUpPasswords,
  },
  { name: 'Migration20261127020000_twoFactor', class: Migration20261127020000_twoFactor },
  { name: 'Migration20261127100000_securityAlerts', class: Migration20261127100000_securityAlerts },
  {
    name: 'Migration20261127110000_walletConfirmation',
    class: Migration20261127110000_walletConfirmation,
  },
  { name: 'Migration20261127120000_passkeys', class: Migration20261127120000_passkeys },
  {
    name: 'Migration20261127130000_paymentReverted',
    class: Migration20261127130000_paymentReverted,
  },
  { name: 'Migration20261127140000_chainResets', class: Migration20261127140000_chainResets },
  { name: 'Migration20261127150000_strayFunds', class: Migration20261127150000_strayFunds },
  { name: 'Migration20261127160000_straySweeps', class: Migration20261127160000_straySweeps },
  { name: 'Migration20261128000000_invoiceLanguage', class: Migration20261128000000_invoiceLanguage },
  { name: 'Migration20261128030000_eventFollow', class: Migration20261128030000_eventFollow },
  { name: 'Migration20261128100000_members', class: Migration20261128100000_members },
  { name: 'Migration20261128130000_reports', class: Migration20261128130000_reports },
  { name: 'Migration20261128140000_invitations', class: Migration20261128140000_invitations },
];

/** Opens the ORM on `url` (no schema changes; run {@link migrate} for that). */
export async function createOrm(
  url: string,
  options: {
    poolMax?: number;
    debug?: boolean;
    /** Where knex's own warnings go (a lost connection, say); default: knex prints them to stdout. */
    log?: { warn(message: string): void; debug(message: string): void };
  } = {},
): Promise<MikroORM> {
  const { log } = options;
  return MikroORM.init({
    clientUrl: url,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    schemaGenerator: { ignoreSchema: ['graphile_worker'] },
    // Bounded waits: a database that does not answer fails a request within seconds (a 503) instead
    // of holding it for knex's 60 s acquire timeout or node-postgres's endless connect.
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      acquireTimeoutMillis: DATABASE_TIMEOUTS.acquireMs,
      createTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    },
    driverOptions: {
      ...(log
        ? {
            log: {
              warn: (message: string) => log.warn(`database: ${message}`),
              error: (message: string) => log.warn(`database: ${message}`),
              deprecate: (message: string) => log.debug(`database: ${message}`),
              debug: (message: string) => log.debug(`database: ${message}`),
            },
          }
        : {}),
      connection: {
        // Names the gateway's connections in pg_stat_activity (the others: job workers, webhook
        // delivery and its listener, chain watcher).
        application_name: 'cairn gateway',
        connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
      },
    },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: true },
  });
}

/**
 * Applies pending migrations; returns the names applied. Refuses (a {@link StartupError}) a database
 * that a newer Cairn has migrated: this version does not know that schema, and running on it could
 * write rows the newer code misreads. Downgrading means restoring the backup taken before the upgrade.
 */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const migrator = orm.getMigrator();
  const known = new Set(MIGRATIONS.map((m) => m.name));
  const unknown = (await migrator.getExecutedMigrations())
    .filter((m) => !known.has(m.name))
    .map((m) => m.name);
  if (unknown.length > 0)
    throw new StartupError(
      `The database was migrated by a newer version of Cairn (${unknown.join(', ')}), which this version does not know: run that version again, or restore the backup taken before the upgrade.`,
    );
  const applied = await migrator.up();
  return applied.map((m) => m.name);
}
