/**
 * A gateway in its own process that kills itself (SIGKILL) at one point of one request, to test what
 * a crash leaves behind. Started by `startCrashingGateway` (beside this file) on an existing, seeded
 * database; it reports its address over IPC. Test code only: the gateway's code is not changed; this
 * process watches the SQL its connections send and dies:
 *
 * - `after-commit`: as soon as the change (the CRASH_OCCURRENCE-th statement matching CRASH_CHANGE,
 *   the first by default) is committed:
 *   when PostgreSQL answers the COMMIT of the transaction that made it, or answers the statement
 *   itself when it ran outside a transaction. Nothing the gateway would do next (store a response,
 *   answer the request) happens.
 * - `before-commit`: just before it would send that COMMIT, so PostgreSQL rolls the transaction back
 *   when the connection drops.
 */
import pino from 'pino';
import { startGateway } from '../../src/app/startGateway.js';
import { systemClock } from '../../src/platform/runtime/clock.js';
import { testGatewaySettings } from '../harness/startTestGateway.js';

type Query = (...args: unknown[]) => unknown;
interface Connection {
  query: Query;
}

const databaseUrl = process.env.CRASH_DATABASE_URL;
const change = new RegExp(process.env.CRASH_CHANGE ?? '^$', 'i');
const at = process.env.CRASH_AT;
let untilChange = Number(process.env.CRASH_OCCURRENCE ?? '1');
if (!databaseUrl || !process.env.CRASH_CHANGE || (at !== 'after-commit' && at !== 'before-commit')) {
  throw new Error('crashingGatewayProcess: set CRASH_DATABASE_URL, CRASH_CHANGE and CRASH_AT');
}

function crash(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL');
}

const watched = new WeakSet<Connection>();

/** Wraps a pg connection's `query` to crash at the configured point. */
function watch(connection: Connection): void {
  if (watched.has(connection)) return;
  watched.add(connection);
  const query = connection.query.bind(connection);
  let inTransaction = false;
  let changed = false;
  connection.query = (config: unknown, ...rest: unknown[]) => {
    const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
    const isCommit = /^\s*commit\b/i.test(text);
    const ends = isCommit || /^\s*rollback\s*;?\s*$/i.test(text);
    if (/^\s*begin\b/i.test(text)) inTransaction = true;
    const isChange = !changed && change.test(text) && --untilChange === 0;
    if (isChange) changed = true;
    const committing = (isCommit && changed) || (isChange && !inTransaction);
    if (ends) {
      inTransaction = false;
      changed = false;
    }
    if (!committing) return query(config, ...rest);
    if (at === 'before-commit') crash();
    // After the commit: when PostgreSQL's answer arrives, before the gateway sees it.
    const callback = rest.at(-1);
    if (typeof callback === 'function') {
      rest[rest.length - 1] = (error: unknown, result: unknown) => {
        if (!error) crash();
        callback(error, result);
      };
      return query(config, ...rest);
    }
    return (query(config, ...rest) as Promise<unknown>).then((result) => {
      crash();
      return result;
    });
  };
}

// Configured exactly as the test gateways of the same file are.
const { config, testOnlyWatchedChains } = testGatewaySettings(databaseUrl);
const running = await startGateway({
  config,
  clock: systemClock,
  log: pino({ level: 'silent' }),
  workers: false,
  watchers: false,
  testOnlyWatchedChains,
});
// Every connection the ORM's pool hands out (to a transaction or to a single statement) is watched.
const client = running.gateway.orm.em.getConnection().getKnex().client as {
  acquireConnection(): Promise<Connection>;
};
const acquire = client.acquireConnection.bind(client);
client.acquireConnection = async () => {
  const connection = await acquire();
  watch(connection);
  return connection;
};
process.send?.({ address: running.address });
