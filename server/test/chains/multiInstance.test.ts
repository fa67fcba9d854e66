import { verifyWebhook } from '@cairn/webhook-verifier';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor } from '../api/apiHelpers.js';
import { assertCompiled, type RunningCli, runCli, startCli } from '../harness/compiledCli.js';
import { createTestDatabase } from '../harness/createTestDatabase.js';
import { redisAvailable, TEST_REDIS_URL } from '../harness/redisAvailable.js';
import { type Litecoind, litecoindAvailable, startLitecoind } from '../harness/startLitecoind.js';
import { waitUntil } from '../harness/waitUntil.js';
import { type Receiver, startReceiver, TEST_MASTER_KEY } from '../webhooks/webhookHarness.js';

// Several instances, as an operator runs them: two compiled gateways (`cairn start`, separate
// processes) on one PostgreSQL server and one Redis, both serving the API, one watching the chain (a
// real litecoind -regtest). The watching instance is killed with SIGKILL in the middle of a payment,
// and later only its watcher lock connection is terminated: each time the other instance takes the
// watcher over, the payment confirms, every state change happens once and every webhook reaches the
// merchant's verifying receiver at least once. The takeover times are printed.

const CHAIN = 'LTC_REGTEST';
const LIFECYCLE = ['payment.awaiting', 'payment.detected', 'payment.confirming', 'payment.confirmed'];
const RATE_LIMIT = 40;
const withRedis = await redisAvailable('several instances');

describe.runIf(litecoindAvailable('several instances') && withRedis)(
  'two gateways on one PostgreSQL and one Redis',
  () => {
    let node: Litecoind;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let db: pg.Client;
    let receiver: Receiver;
    let env: Record<string, string>;
    const instances: RunningCli[] = [];
    let apiKey: string;
    let apiKeyId: string;
    let businessId: string;
    /** Verified deliveries per `evt_` id (at least once: duplicates are counted, not refused). */
    const received = new Map<string, number>();
    const refused: string[] = [];

    beforeAll(async () => {
      assertCompiled();
      node = await startLitecoind();
      database = await createTestDatabase();
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
      receiver = await startReceiver();
      env = {
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        CAIRN_ENABLED_CHAINS: CHAIN,
        [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: node.rpcUrl,
        [`CAIRN_CHAIN_${CHAIN}_CONFIRMATIONS`]: '2',
        [`CAIRN_CHAIN_${CHAIN}_POLL_MS`]: '200',
        CAIRN_MASTER_KEY: TEST_MASTER_KEY,
        CAIRN_ALLOW_PRIVATE_WEBHOOKS: 'true',
        // A killed instance's claimed deliveries are retried by the other after the lease.
        CAIRN_WEBHOOK_LEASE_SECONDS: '3',
        CAIRN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        // Each instance would run a dev chain of its own: several instances share real nodes only.
        CAIRN_DEV_CHAIN: 'off',
      };
      instances.push(await startCli({ env }));
      instances.push(await startCli({ env }));
      const seed = await runCli(['dev:seed', '--json'], { env });
      expect(seed.code, seed.stderr).toBe(0);
      ({ api_key: apiKey, api_key_id: apiKeyId, business_id: businessId } = JSON.parse(seed.stdout));
      const set = await runCli(['webhooks:set', '--key', apiKeyId, '--url', `${receiver.url}/hook`], { env });
      expect(set.code, set.stderr).toBe(0);
      const { secret } = JSON.parse(set.stdout) as { secret: string };
      receiver.respond((request) => {
        try {
          const event = verifyWebhook({
            payload: request.body,
            header: request.headers['x-webhook-signature'] as string,
            secret,
          });
          received.set(event.id, (received.get(event.id) ?? 0) + 1);
          return { status: 200 };
        } catch (error) {
          refused.push(String(error));
          return { status: 400 };
        }
      });
    }, 180_000);
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
      await receiver?.close();
      await db?.end();
      await database?.drop();
      await node?.stop();
    });

    const client = (instance: RunningCli): Client => clientFor(instance.url, apiKey);
    const chainCheck = async (instance: RunningCli) =>
      ((await (await fetch(`${instance.url}/readyz`)).json()) as { checks: Record<string, string> }).checks[
        `chain:${CHAIN}`
      ];
    const statusOf = async (id: string) =>
      (await db.query<{ status: string }>('select status from payments where id = $1', [id])).rows[0]?.status;
    /** The one instance whose watcher is active (the other stands by). */
    const activeAndStandby = async (): Promise<[RunningCli, RunningCli]> => {
      let pair: [RunningCli, RunningCli] | undefined;
      await waitUntil(async () => {
        const [x, y] = instances as [RunningCli, RunningCli];
        const checks = [await chainCheck(x), await chainCheck(y)];
        if (checks[0] === 'ok' && checks[1] === 'standby') pair = [x, y];
        if (checks[1] === 'ok' && checks[0] === 'standby') pair = [y, x];
        return pair !== undefined;
      }, 'one active watcher and one standby');
      return pair!;
    };
    /** Created on one instance, picked on the other, paid on the node, detected. */
    const paidPayment = async () => {
      const [first, second] = instances as [RunningCli, RunningCli];
      const created = await client(first).post('/payments', { fiat_amount: '25.00', fiat_currency: 'USD' });
      expect(created.status, created.text).toBe(201);
      const id = created.body.data.id as string;
      const picked = await client(second).post(`/checkout/${id}/select-chain`, { token: `${CHAIN}:LTC` });
      expect(picked.status, picked.text).toBe(200);
      const { address, crypto_amount: amount } = picked.body.data.selected;
      await node.send(address, BigInt(amount));
      await waitUntil(async () => (await statusOf(id)) === 'payment_detected', 'detection');
      return id;
    };
    /** Every state change once in the outbox, every event delivered at least once, none refused. */
    const expectDelivered = async (id: string) => {
      const { rows } = await db.query<{ id: string; event: string }>(
        `select payload->>'id' as id, payload->>'event' as event from outbox_events where payment_id = $1 order by seq`,
        [id],
      );
      expect(rows.map((row) => row.event)).toEqual(LIFECYCLE);
      const transfers = await db.query('select 1 from transfers where payment_id = $1', [id]);
      expect(transfers.rowCount).toBe(1);
      await waitUntil(
        () => rows.every((row) => received.has(row.id)),
        'every webhook at the receiver',
        30_000,
      );
      expect(refused).toEqual([]);
    };

    it('both serve the API, and share the per-key rate limit through Redis', async () => {
      const [x, y] = instances as [RunningCli, RunningCli];
      const created = await client(x).post('/payments', { fiat_amount: '10.00', fiat_currency: 'USD' });
      expect(created.status, created.text).toBe(201);
      expect((await client(y).get(`/payments/${created.body.data.id}`)).body.data.status).toBe('pending');

      const key = await runCli(
        ['keys:create', '--business', businessId, '--mode', 'test', '--label', 'limit'],
        {
          env,
        },
      );
      const limited = (instance: RunningCli) => clientFor(instance.url, JSON.parse(key.stdout).api_key);
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT + 4; i += 1)
        statuses.push((await limited(i % 2 === 0 ? x : y).get('/payments?limit=1')).status);
      // One budget across both instances: with a limit per process each would allow RATE_LIMIT.
      expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429, 429, 429]);
    });

    it('the watching instance is killed with SIGKILL mid-payment: the other takes over, nothing is lost', async () => {
      const id = await paidPayment();
      const [active, standby] = await activeAndStandby();
      const killedAt = Date.now();
      active.child.kill('SIGKILL');
      expect(await active.exited).toEqual({ code: null, signal: 'SIGKILL' });
      instances.splice(instances.indexOf(active), 1);
      await node.mine(2);
      await waitUntil(
        async () => (await chainCheck(standby)) === 'ok',
        'the standby to take the watcher over',
      );
      const takeoverMs = Date.now() - killedAt;
      await waitUntil(async () => (await statusOf(id)) === 'confirmed', 'confirmation');
      await expectDelivered(id);
      console.log(
        `several instances: watcher taken over ${takeoverMs} ms after SIGKILL of the active instance`,
      );
      // A new instance joins as the standby.
      instances.push(await startCli({ env }));
    });

    it('only the watcher lock connection is terminated: the other instance takes over, nothing is lost', async () => {
      const id = await paidPayment();
      const [active, standby] = await activeAndStandby();
      const holder = await db.query<{ pid: number }>(
        `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and a.datname = current_database() and l.granted
            and a.application_name = 'cairn chain watcher'`,
      );
      expect(holder.rowCount).toBe(1);
      const terminatedAt = Date.now();
      await db.query('select pg_terminate_backend($1)', [holder.rows[0]!.pid]);
      await node.mine(2);
      await waitUntil(
        async () => (await chainCheck(standby)) === 'ok',
        'the standby to take the watcher over',
      );
      const takeoverMs = Date.now() - terminatedAt;
      expect(await chainCheck(active)).toBe('standby');
      await waitUntil(async () => (await statusOf(id)) === 'confirmed', 'confirmation');
      await expectDelivered(id);
      console.log(
        `several instances: watcher taken over ${takeoverMs} ms after its lock connection was terminated`,
      );
    });
  },
);
