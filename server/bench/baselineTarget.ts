/**
 * Benchmark child: the baseline. A bare Fastify app with one route, POST /baseline, that parses the
 * same JSON body as create-payment and does ONE INSERT of a payment-shaped row (all of `payments`'
 * columns) through a pg Pool as large as the gateway's MikroORM pool (10).
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { failChild, serveParent } from './support.js';

const POOL_MAX = 10;
const MINUTE = 60_000;

const COLUMNS = [
  'id',
  'business_id',
  'api_key_id',
  'mode',
  'status',
  'fiat_amount',
  'fiat_currency',
  'order_id',
  'description',
  'customer_email',
  'success_url',
  'cancel_url',
  'accepted_chains',
  'accepted_coins',
  'accepted_tokens',
  'restrict_to_accepted',
  'underpayment_tolerance_bps',
  'overpayment_threshold_bps',
  'fee_usd',
  'expires_at',
  'late_grace_ends_at',
  'selected_chain_id',
  'selected_coin_symbol',
  'selected_at',
  'wallet_id',
  'derivation_index',
  'deposit_address',
  'deposit_memo',
  'payment_uri',
  'locked_amount',
  'required_confirmations',
  'revived',
  'overpaid',
  'fee_charged',
  'cancelled_by',
  'failure_reason',
  'confirmed_at',
  'created_at',
  'updated_at',
] as const;

interface Body {
  fiat_amount?: unknown;
  fiat_currency?: unknown;
  order_id?: unknown;
}

async function main(): Promise<void> {
  const { DATABASE_URL, BENCH_BUSINESS_ID, BENCH_API_KEY_ID, BENCH_TABLE } = process.env;
  if (!DATABASE_URL || !BENCH_BUSINESS_ID || !BENCH_API_KEY_ID || !BENCH_TABLE) {
    throw new Error('DATABASE_URL, BENCH_BUSINESS_ID, BENCH_API_KEY_ID and BENCH_TABLE are required');
  }
  const insert = `insert into ${BENCH_TABLE} (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_MAX });
  pool.on('error', (error) => console.error('[baseline] idle client error', error));
  const app = Fastify({ logger: false });

  app.post('/baseline', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    if (typeof body.fiat_amount !== 'string' || typeof body.fiat_currency !== 'string') {
      return reply.status(422).send({ error: { code: 'VALIDATION_ERROR' } });
    }
    const orderId = typeof body.order_id === 'string' ? body.order_id : null;
    const id = randomUUID();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 60 * MINUTE);
    const row: Record<(typeof COLUMNS)[number], unknown> = {
      id,
      business_id: BENCH_BUSINESS_ID,
      api_key_id: BENCH_API_KEY_ID,
      mode: 'test',
      status: 'pending',
      fiat_amount: body.fiat_amount,
      fiat_currency: body.fiat_currency,
      order_id: orderId,
      description: null,
      customer_email: null,
      success_url: null,
      cancel_url: null,
      accepted_chains: [],
      accepted_coins: [],
      accepted_tokens: [],
      restrict_to_accepted: false,
      underpayment_tolerance_bps: 0,
      overpayment_threshold_bps: 0,
      fee_usd: '0.27',
      expires_at: expiresAt,
      late_grace_ends_at: new Date(expiresAt.getTime() + 30 * MINUTE),
      selected_chain_id: null,
      selected_coin_symbol: null,
      selected_at: null,
      wallet_id: null,
      derivation_index: null,
      deposit_address: null,
      deposit_memo: '',
      payment_uri: '',
      locked_amount: null,
      required_confirmations: null,
      revived: false,
      overpaid: false,
      fee_charged: false,
      cancelled_by: null,
      failure_reason: null,
      confirmed_at: null,
      created_at: now,
      updated_at: now,
    };
    await pool.query(
      insert,
      COLUMNS.map((column) => row[column]),
    );
    return reply.status(201).send({
      data: {
        id,
        status: 'pending',
        fiat_amount: body.fiat_amount,
        fiat_currency: body.fiat_currency,
        order_id: orderId,
      },
    });
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  serveParent(async () => {
    await app.close();
    await pool.end();
  });
  process.send?.({ type: 'ready', url: `${url}/baseline`, info: {} });
}

main().catch(failChild);
