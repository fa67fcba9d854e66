import pg from 'pg';
import { DATABASE_TIMEOUTS } from '../../platform/db/databaseTimeouts.js';

/** How long the lock's own statements (take, check, release) may take before the lock counts as lost. */
const LOCK_QUERY_TIMEOUT_MS = 5_000;

/**
 * A PostgreSQL session advisory lock that makes one gateway instance the active watcher of a chain;
 * the others stand by and retry. The lock lives on a dedicated connection: if that connection dies
 * (the instance crashed, the network broke), PostgreSQL releases the lock and a standby takes over.
 */
export class WatcherLock {
  #client: pg.Client | undefined;
  #held = false;

  constructor(
    private readonly databaseUrl: string,
    readonly key: string,
    /** How the lock's connection names itself in pg_stat_activity. */
    private readonly applicationName = 'cairn chain watcher',
  ) {}

  /**
   * Whether this instance still holds the lock as far as it knows: false as soon as the lock
   * connection reports an error (PostgreSQL then releases the lock, and a standby may take it).
   */
  get held(): boolean {
    return this.#held;
  }

  /**
   * Takes the lock if it is free, or confirms this instance still holds it (its connection is alive);
   * never waits. True when this instance holds it.
   */
  async tryAcquire(): Promise<boolean> {
    try {
      if (!this.#client) {
        const client = new pg.Client({
          connectionString: this.databaseUrl,
          application_name: this.applicationName,
          connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
          // A network partition must not freeze the watcher in its liveness check, nor keep the lock
          // on the server for hours: both ends probe the idle connection and give up within ~30 s.
          query_timeout: LOCK_QUERY_TIMEOUT_MS,
          keepAlive: true,
          keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
          options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
        });
        client.on('error', () => {
          this.#held = false;
        });
        this.#client = client;
        await client.connect();
      }
      if (this.#held) {
        await this.#client.query('select 1');
        return true;
      }
      const result = await this.#client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [this.key],
      );
      this.#held = result.rows[0]?.locked === true;
      return this.#held;
    } catch {
      await this.#drop();
      return false;
    }
  }

  /** Releases the lock and closes its connection. */
  async release(): Promise<void> {
    if (this.#held && this.#client) {
      await this.#client
        .query('select pg_advisory_unlock(hashtextextended($1, 0))', [this.key])
        .catch(() => undefined);
    }
    await this.#drop();
  }

  async #drop(): Promise<void> {
    this.#held = false;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}
