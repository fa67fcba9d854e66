/**
 * MCP against REST, create-payment: `pnpm --filter @cairn/server bench:mcp`.
 *
 * Starts the gateway in its own process (gatewayTarget.ts, seeded like `dev:seed`, rate limit out of
 * the way) on a fresh database (DATABASE_URL's server, or an embedded PostgreSQL), then alternates
 * BENCH_ROUNDS (default 3) rounds of autocannon loads (CONNECTIONS connections, BENCH_DURATION_S
 * seconds each, default 10, after a warm-up) of:
 *
 * - REST: `POST /api/v1/payments` with the key;
 * - MCP: `POST /mcp` with a JSON-RPC `tools/call` of `create_payment` (stateless: no initialize, no
 *   session), the same arguments and key.
 *
 * Prints each round's requests per second and the median of the per-round ratio MCP/REST; the target
 * is at least 0.70 (a stateless MCP call builds a server and calls the API in-process on top of the
 * same work). Exit code 1 when the target is missed or a load had errors or non-2xx answers.
 * BENCH_MCP_ONLY=1 loads only MCP (to profile it with BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=...").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase } from './createBenchDatabase.js';
import { killAllTracked, TargetProcess } from './support.js';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.7;
const ARGS = { fiat_amount: '25.00', fiat_currency: 'EUR', order_id: 'bench' };

const cleanups: (() => Promise<unknown>)[] = [];
const say = (message: string) => console.log(`[bench:mcp] ${message}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function load(url: string, headers: Record<string, string>, body: string, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, method: 'POST', headers, body });
}

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'cairn-bench-mcp-'));
  cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
  const database = await createBenchDatabase(root, 'cairn_bench_mcp', (_label, run) => cleanups.push(run));
  say(`database: ${database.kind}`);
  const gateway = await TargetProcess.start('gateway', './gatewayTarget.ts', {
    ...process.env,
    DATABASE_URL: database.url,
  });
  cleanups.push(() => gateway.stop());
  const auth = { authorization: `Bearer ${gateway.info.apiKey}` };
  const rest = {
    url: `${gateway.url}/api/v1/payments`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(ARGS),
  };
  const mcp = {
    url: `${gateway.url}/mcp`,
    headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'create_payment', arguments: ARGS },
    }),
  };
  // One call of each first: both must succeed, and the MCP one must be a result, not a tool error.
  const probe = await fetch(mcp.url, { method: 'POST', headers: mcp.headers, body: mcp.body });
  const probeBody = (await probe.json()) as {
    result?: { isError?: boolean; structuredContent?: { id?: string } };
  };
  if (probe.status !== 200 || probeBody.result?.isError || !probeBody.result?.structuredContent?.id) {
    throw new Error(`the MCP probe failed: ${probe.status} ${JSON.stringify(probeBody).slice(0, 300)}`);
  }
  say('warming up both');
  await load(rest.url, rest.headers, rest.body, 3);
  await load(mcp.url, mcp.headers, mcp.body, 3);

  const ratios: number[] = [];
  let failures = 0;
  if (process.env.BENCH_MCP_ONLY === '1') {
    // For profiling the MCP path alone (BENCH_NODE_ARGS="--cpu-prof ..."): no ratio is judged.
    const run = await load(mcp.url, mcp.headers, mcp.body, DURATION_S);
    say(`MCP only: ${run.requests.average.toFixed(0)} req/s (p99 ${run.latency.p99} ms)`);
    return 0;
  }
  for (let round = 1; round <= ROUNDS; round++) {
    const restRun = await load(rest.url, rest.headers, rest.body, DURATION_S);
    const mcpRun = await load(mcp.url, mcp.headers, mcp.body, DURATION_S);
    for (const run of [restRun, mcpRun]) failures += run.errors + run.non2xx;
    const ratio = mcpRun.requests.average / restRun.requests.average;
    ratios.push(ratio);
    say(
      `round ${round}: REST ${restRun.requests.average.toFixed(0)} req/s (p99 ${restRun.latency.p99} ms), MCP ${mcpRun.requests.average.toFixed(0)} req/s (p99 ${mcpRun.latency.p99} ms), ratio ${ratio.toFixed(2)}`,
    );
  }
  const result = median(ratios);
  const pass = result >= TARGET_RATIO && failures === 0;
  say(
    `median ratio MCP/REST ${result.toFixed(2)} over ${ROUNDS} rounds (target >= ${TARGET_RATIO}); errors and non-2xx: ${failures}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass ? 0 : 1;
}

main()
  .then(
    (code) => code,
    (error: unknown) => {
      console.error('[bench:mcp] failed:', error);
      return 1;
    },
  )
  .then(async (code) => {
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup().catch(() => {});
    killAllTracked();
    process.exit(code);
  });
