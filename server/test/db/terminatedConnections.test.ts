import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/platform/db/databaseTimeouts.js';
import { sql, validBody } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

/** The reproduction: an unpaced create loop while an administrator cuts the gateway's connections. */
const REQUESTS = 1_500;
const CONCURRENCY = 16;
/** No request may take longer than this (a hang fails the test). */
const REQUEST_TIMEOUT_MS = 15_000;

interface Outcome {
  readonly status: number;
  readonly retryAfter: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  readonly body: any;
  readonly text: string;
}

let test: TestGateway;

beforeAll(async () => {
  // The per-key rate limit would answer 429 to an unpaced loop; this test is about the database.
  test = await startTestGateway({ env: { CAIRN_RATE_LIMIT_PER_MINUTE: '1000000' } });
});
afterAll(async () => {
  await test?.stop();
});

/**
 * Terminates every connection of the gateway's database (`pg_terminate_backend`, as an administrator
 * or a failover does), from a connection of its own; returns how many were busy with a query.
 */
async function terminateGatewayConnections(): Promise<{ terminated: number; busy: number }> {
  const admin = new pg.Client({ connectionString: test.running.databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ terminated: number; busy: number }>(
      `select count(*)::int as terminated, count(*) filter (where state <> 'idle')::int as busy
         from (select pg_terminate_backend(pid), state from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and backend_type = 'client backend') as cut`,
    );
    return rows[0]!;
  } finally {
    await admin.end();
  }
}

async function create(): Promise<Outcome> {
  const response = await fetch(`${test.baseUrl}/api/v1/payments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${test.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(validBody()),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body, text };
}

describe('connections terminated under load', () => {
  it('answers 201 or a retryable 503, never a 500, and every 201 was stored', async () => {
    const outcomes: Outcome[] = [];
    const cuts: { terminated: number; busy: number }[] = [];
    let next = 0;
    // Cut at a third and at two thirds of the loop, while requests are in flight.
    const cutAt = [Math.floor(REQUESTS / 3), Math.floor((2 * REQUESTS) / 3)];
    const cutting: Promise<void>[] = [];
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        if (cutAt.includes(index))
          cutting.push(terminateGatewayConnections().then((cut) => void cuts.push(cut)));
        try {
          outcomes.push(await create());
        } catch (error) {
          throw new Error(`request ${index} got no answer within ${REQUEST_TIMEOUT_MS} ms: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await Promise.all(cutting);

    const byStatus = new Map<number, number>();
    for (const outcome of outcomes) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
    const summary = `statuses ${JSON.stringify(Object.fromEntries(byStatus))}, cuts ${JSON.stringify(cuts)}`;
    console.info(`terminated connections: ${summary}`);
    expect(cuts).toHaveLength(2);
    expect(
      cuts.every((cut) => cut.terminated > 0),
      summary,
    ).toBe(true);

    // The cuts must have hit requests in flight, or the test proves nothing about them.
    expect(
      outcomes.some((o) => o.status === 503),
      summary,
    ).toBe(true);
    const unexpected = outcomes.filter((o) => o.status !== 201 && o.status !== 503);
    expect(
      unexpected.map((o) => `${o.status} ${o.text.slice(0, 300)}`),
      summary,
    ).toEqual([]);
    for (const refused of outcomes.filter((o) => o.status === 503)) {
      expect(refused.retryAfter, refused.text).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(refused.body, refused.text).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: expect.stringContaining('database'),
          request_id: expect.stringMatching(/^req_/),
        },
      });
    }

    // Every 201 is a stored payment. (A 503 normally stored nothing; one whose connection was cut
    // after its commit but before the answer may have: the client cannot tell, which is why the
    // message points to the Idempotency-Key.)
    const created = outcomes.filter((o) => o.status === 201).map((o) => o.body.data.id as string);
    expect(new Set(created).size).toBe(created.length);
    const stored = new Set(
      (await sql<{ id: string }>(test, 'select id from payments where api_key_id = ?', [test.apiKeyId])).map(
        (row) => row.id,
      ),
    );
    expect(created.filter((id) => !stored.has(id))).toEqual([]);
    expect(stored.size - created.length).toBeLessThanOrEqual(byStatus.get(503) ?? 0);
  }, 180_000);
});
