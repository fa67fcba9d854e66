import type { Task } from 'graphile-worker';
import { pruneAccountRecords } from '../../domain/accounts/pruneAccountRecords.js';
import type { Gateway } from '../../domain/gateway/Gateway.js';

export const PRUNE_ACCOUNT_RECORDS_TASK = 'prune_account_records';

/** Hourly: ended sessions, old link tokens, old sign-in failures and sent mail (pruneAccountRecords). */
export function pruneAccountRecordsTask(gateway: Gateway): Task {
  return async (_payload, helpers) => {
    const deleted = await pruneAccountRecords(gateway.orm.em.fork(), gateway.clock);
    helpers.logger.debug(`pruned account records: ${JSON.stringify(deleted)}`);
  };
}
