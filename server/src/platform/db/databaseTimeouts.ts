/**
 * How long the gateway waits for its database before answering without it (docs/decisions.md, "The
 * database going away"). Without these, node-postgres waits for a connection forever and knex's
 * pool for 60 s, so a request against a database that does not answer hangs instead of failing with
 * a retryable 503.
 */
export const DATABASE_TIMEOUTS = {
  /**
   * Opening a connection, TCP and PostgreSQL's startup together (node-postgres
   * `connectionTimeoutMillis`; also tarn's `createTimeoutMillis` for the ORM pool). A healthy server
   * answers in milliseconds; a server still starting up or shutting down refuses at once (57P03).
   */
  connectMs: 3_000,
  /**
   * Waiting for a connection of the ORM's pool (tarn `acquireTimeoutMillis`): one connect attempt plus
   * room for a busy pool to hand a connection back.
   */
  acquireMs: 5_000,
  /** Idle time before TCP keepalive probes start on the gateway's connections. */
  keepAliveInitialDelayMs: 10_000,
  /** What `/readyz` waits for `select 1` before it says the database is down. */
  readinessMs: 1_000,
} as const;

/** Retry-After (seconds) of the 503 answered while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
