import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, createPaymentVia } from '../api/apiHelpers.js';
import { assertCompiled, runCli } from '../harness/compiledCli.js';
import { type Litecoind, litecoindAvailable, startLitecoind } from '../harness/startLitecoind.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { WEBHOOK_RECEIVER_ENV, type WebhookReceiver } from './attachWebhookReceiver.js';
import { eventNamesFor, receiveWebhooks } from './eventsFor.js';

// Operating chain watching (issue item 4): `CAIRN_CHAIN_LTC_REGTEST_RPC_URL` enables and watches the
// chain in a gateway booted as in production (background watcher loop, real clock), `dev:seed --json`
// gives a wallet for it, `chains:status` prints tip, lag and health, /readyz reports a failing watcher
// and /metrics the lag and the matched transfers.

const waitFor = async (probe: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.runIf(litecoindAvailable('gateway chain operation'))('operating chain watching', () => {
  let node: Litecoind;
  let test: TestGateway;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  /** The compiled `cairn` command with the gateway's chain settings and database. */
  const cairn = (...args: string[]) =>
    runCli(args, { env: { ...env, DATABASE_URL: test.running.databaseUrl, CAIRN_LOG_LEVEL: 'silent' } });
  const get = (path: string) => fetch(`${test.baseUrl}${path}`);

  beforeAll(async () => {
    assertCompiled();
    node = await startLitecoind();
    env = {
      CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,BTC',
      CAIRN_CHAIN_LTC_REGTEST_RPC_URL: node.rpcUrl,
      CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS: '2',
      CAIRN_CHAIN_LTC_REGTEST_POLL_MS: '200',
      CAIRN_WATCHER_STALL_MS: '2000',
      CAIRN_WATCHER_OFFLINE_MS: '1500',
    };
    test = await startTestGateway({ env: { ...env, ...WEBHOOK_RECEIVER_ENV }, watchers: true });
    receiver = await receiveWebhooks(test);
  });
  afterAll(async () => {
    await receiver?.stop();
    await test?.stop();
    await node?.stop();
  });

  it('dev:seed --json creates a wallet for the chain the node enables, with its extended public key', async () => {
    const { stdout, code } = await cairn('dev:seed', '--json');
    expect(code).toBe(0);
    const seed = JSON.parse(stdout) as { wallets: { chain_id: string; extended_public_key: string }[] };
    expect(seed.wallets.map((w) => w.chain_id).sort()).toEqual(['BTC_TESTNET', 'LTC_REGTEST']);
    expect(seed.wallets.find((w) => w.chain_id === 'LTC_REGTEST')!.extended_public_key).toMatch(/^vpub/);
  });

  it('the background watcher detects and confirms a payment; /readyz, /metrics and chains:status agree', async () => {
    const client = clientFor(test.baseUrl, test.apiKey);
    await waitFor(async () => (await (await get('/readyz')).json()).checks['chain:LTC_REGTEST'] === 'ok');
    const payment = await createPaymentVia(client);
    const selected = await client.post(`/checkout/${payment.id}/select-chain`, { token: 'LTC_REGTEST:LTC' });
    expect(selected.status).toBe(200);
    const { address, crypto_amount: amount } = selected.body.data.selected;
    await node.send(address, BigInt(amount));
    await waitFor(
      async () => (await client.get(`/payments/${payment.id}`)).body.data.status === 'payment_detected',
    );
    await node.mine(2);
    await waitFor(async () => (await client.get(`/payments/${payment.id}`)).body.data.status === 'confirmed');
    expect(await eventNamesFor(test, payment.id)).toEqual([
      'payment.awaiting',
      'payment.detected',
      'payment.confirming',
      'payment.confirmed',
    ]);

    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks).toMatchObject({ database: 'ok', 'chain:LTC_REGTEST': 'ok' });

    const metrics = await (await get('/metrics')).text();
    const height = await node.height();
    await waitFor(async () =>
      (await (await get('/metrics')).text()).includes(
        `cairn_chain_cursor_height{chain="LTC_REGTEST"} ${height}`,
      ),
    );
    expect(metrics).toContain('cairn_chain_matched_transfers_total{chain="LTC_REGTEST",source="mempool"} 1');
    expect(metrics).toMatch(/cairn_chain_lag_blocks\{chain="LTC_REGTEST"\} 0/);
    expect(metrics).toContain('cairn_chain_watcher_active{chain="LTC_REGTEST"} 1');
    expect(metrics).toMatch(/cairn_chain_seconds_since_sync\{chain="LTC_REGTEST"\} \d/);

    const status = await cairn('chains:status', '--json');
    expect(status.code).toBe(0);
    const lines = JSON.parse(status.stdout) as { chain_id: string }[];
    // The chains without a node are listed too: enabled, not watched, not offered.
    expect(lines.find((l) => l.chain_id === 'BTC')).toMatchObject({ health: 'not watched', offered: false });
    const line = lines.find((l) => l.chain_id === 'LTC_REGTEST');
    expect(line).toMatchObject({
      chain_id: 'LTC_REGTEST',
      backend: 'json-rpc',
      node_height: height,
      watcher_height: height,
      lag: 0,
      health: 'ok',
      offered: true,
    });
    expect(status.stdout).not.toContain(new URL(node.rpcUrl).password);
    const table = await cairn('chains:status');
    expect(table.stdout).toMatch(
      /LTC_REGTEST\s+json-rpc http:\/\/\*\*\*@127\.0\.0\.1:\d+\/\s+\d+\s+\d+\s+0\s+\S+\s+ok/,
    );
  });

  it('a watcher whose node stops answering is reported failing, and not ready once stalled', async () => {
    await node.stop();
    // A node shutting down may answer HTTP 503 for a moment before it stops listening: wait for the
    // watcher's error after it is gone.
    let body: { status: string; checks: Record<string, string> } = { status: '', checks: {} };
    await waitFor(async () => {
      const response = await get('/readyz');
      body = await response.json();
      return response.status === 503 && /cannot reach/.test(body.checks['chain:LTC_REGTEST'] ?? '');
    });
    expect(body.status).toBe('not_ready');
    expect(body.checks['chain:LTC_REGTEST']).toMatch(
      /^failing: no successful sync for \d+ s \(.*cannot reach/,
    );
    expect(body.checks.database).toBe('ok');
    const status = await cairn('chains:status', '--json');
    expect(status.code).toBe(1);
    const line = (JSON.parse(status.stdout) as { chain_id: string; health: string; offered: boolean }[]).find(
      (l) => l.chain_id === 'LTC_REGTEST',
    );
    expect(line?.health).toMatch(/^failing: node unreachable/);
    expect(line?.offered).toBe(false);
    const metrics = await (await get('/metrics')).text();
    expect(metrics).toMatch(/cairn_chain_sync_errors_total\{chain="LTC_REGTEST"\} [1-9]/);
  });
});
