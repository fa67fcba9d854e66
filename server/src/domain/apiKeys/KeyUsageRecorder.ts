import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/runtime/clock.js';

/** A key's `last_used_at` is written at most once per this interval per process. */
const WRITE_EVERY_MS = 60_000;
/** Keys remembered at most (the oldest is forgotten first; forgetting only costs an extra write). */
const MAX_KEYS = 10_000;

/**
 * Records when API keys are used, cheaply: at most one UPDATE per key per minute per process, sent
 * after the response without being awaited, and the statement itself skips a row written in the last
 * minute (several processes). `last_used_at` is therefore accurate to about a minute.
 */
export class KeyUsageRecorder {
  readonly #written = new Map<string, number>();
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Notes a use of the key now. */
  record(keyId: string): void {
    const now = this.clock.now();
    const last = this.#written.get(keyId);
    if (last !== undefined && now.getTime() - last < WRITE_EVERY_MS) return;
    this.#written.delete(keyId);
    this.#written.set(keyId, now.getTime());
    if (this.#written.size > MAX_KEYS) this.#written.delete(this.#written.keys().next().value as string);
    const cutoff = new Date(now.getTime() - WRITE_EVERY_MS);
    this.orm.em
      .getConnection()
      .execute(
        'update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)',
        [now, keyId, cutoff],
      )
      .catch((error: unknown) =>
        this.log.warn({ err: error, keyId }, 'could not record the API key’s last use'),
      );
  }
}
