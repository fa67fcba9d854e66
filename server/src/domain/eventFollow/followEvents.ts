import {
  type EventFollow,
  FOLLOW_LIMIT,
  FOLLOW_WAIT_DEFAULT,
  type ParsedFollowEventsQuery,
  parseEventTypeFilter,
  type WebhookEvent,
} from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { PaymentScope } from '../payments/lockPayment.js';
import { eventWakerOf } from './eventWakerOf.js';

/** Besides the notifications, a waiting follower looks again this often (a lost LISTEN, a late xmin). */
const FOLLOW_POLL_MS = 1_000;

/** A position in the follow order: after the event (xid, seq). */
interface Position {
  readonly xid: string;
  readonly seq: string;
}

const CURSOR = /^fc_(\d{1,20})_(\d{1,20})$/;
const cursorOf = (p: Position) => `fc_${p.xid}_${p.seq}`;

const badAfter = (message: string) =>
  new ApiError('VALIDATION_ERROR', message, { fields: [{ field: 'after', message }] });

/**
 * GET /api/v1/events/follow: the events of the key's business and mode after the cursor, oldest first,
 * waiting up to `wait` seconds for one (docs/listen.md).
 *
 * The order is (xid, seq): the transaction that wrote the event, then the order within it. Only
 * events whose transaction id is below the oldest transaction still open
 * (`pg_snapshot_xmin(pg_current_snapshot())`) are served, so every event at or before the cursor has
 * committed (or rolled back) before the answer: a transaction that commits after a later one cannot
 * slip in behind a cursor. Events of one payment are written by transactions that follow each other,
 * so they keep their order.
 */
export async function followEvents(
  gateway: Gateway,
  scope: PaymentScope,
  query: ParsedFollowEventsQuery,
  signal?: AbortSignal,
): Promise<EventFollow> {
  const em = gateway.orm.em.fork() as EntityManager;
  const types = parseEventTypeFilter(query.type);
  let position = await startOf(em, scope, query.after);
  const waker = eventWakerOf(gateway);
  const deadline = Date.now() + (query.wait ?? FOLLOW_WAIT_DEFAULT) * 1000;
  await waker.listening();
  for (;;) {
    const woken = waker.next();
    const rows = await readAfter(em, scope, position, types);
    if (rows.length > 0) {
      const last = rows.at(-1)!;
      position = { xid: last.xid, seq: last.seq };
      return { data: rows.map((row) => JSON.parse(row.body) as WebhookEvent), cursor: cursorOf(position) };
    }
    const left = deadline - Date.now();
    if (left <= 0 || waker.stopped || signal?.aborted) return { data: [], cursor: cursorOf(position) };
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    await Promise.race([
      woken,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.min(left, FOLLOW_POLL_MS));
      }),
      new Promise<void>((resolve) => {
        onAbort = () => resolve();
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** Where the follow starts: after a cursor, after an event of this key, or now. */
async function startOf(em: EntityManager, scope: PaymentScope, after: string | undefined): Promise<Position> {
  const connection = em.getConnection();
  if (after === undefined) {
    // Now: every transaction below xmin has finished, so everything from xmin on is new.
    const [row] = await connection.execute<{ xmin: string }[]>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    );
    return { xid: row!.xmin, seq: '0' };
  }
  const cursor = CURSOR.exec(after);
  if (cursor) {
    // Beyond bigint / xid8 range: refused here rather than by the database.
    if (BigInt(cursor[1]!) >= 2n ** 63n || BigInt(cursor[2]!) >= 2n ** 63n) {
      throw badAfter('after is not a cursor of a follow answer.');
    }
    return { xid: cursor[1]!, seq: cursor[2]! };
  }
  const [row] = await connection.execute<{ xid: string; seq: string }[]>(
    'select xid::text as xid, seq::text as seq from outbox_events where id = ? and business_id = ? and mode = ?',
    [after.slice('evt_'.length), scope.businessId, scope.mode],
  );
  if (!row) throw badAfter('after is not an event of this API key.');
  return row;
}

function readAfter(
  em: EntityManager,
  scope: PaymentScope,
  position: Position,
  types: string[] | undefined,
): Promise<{ body: string; xid: string; seq: string }[]> {
  const params: unknown[] = [scope.businessId, scope.mode, position.xid, position.seq];
  let typeFilter = '';
  if (types) {
    typeFilter = `and o.event in (${types.map(() => '?').join(', ')})`;
    params.push(...types);
  }
  return em.getConnection().execute(
    `select o.body, o.xid::text as xid, o.seq::text as seq
       from outbox_events o
      where o.business_id = ? and o.mode = ? and (o.xid, o.seq) > (?::xid8, ?::bigint)
        and o.xid < pg_snapshot_xmin(pg_current_snapshot()) ${typeFilter}
      order by o.xid, o.seq
      limit ${FOLLOW_LIMIT}`,
    params,
  );
}
