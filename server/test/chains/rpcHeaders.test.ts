import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChainBackend } from '@cairn/chain-core';
import { createEvmGasWallet, hasContractCode } from '@cairn/chain-evm';
import { getChain } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/app/createChainRegistry.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { redactBackendUrl } from '../../src/platform/config/redactUrl.js';

// CAIRN_CHAIN_<ID>_RPC_HEADERS, from the environment to the wire: every family's observer (and the EVM
// settlement clients) sends the configured headers to its node. The node here is a local HTTP
// server that records each request's path and headers and answers `{}` (the observers then fail on
// the answer, which does not matter: the request was made).

/** One chain per family, each behind its own path of the recording server. */
const CHAINS = {
  ETH_SEPOLIA: 'eth',
  TRON_NILE: 'tron',
  XRP_TESTNET: 'xrp',
  XLM_TESTNET: 'xlm',
  SOL_DEVNET: 'sol',
  LTC_TESTNET: 'ltc',
  BTC_TESTNET: 'esplora',
  XMR_STAGENET: 'xmr',
} as const;

describe('RPC_HEADERS reach every family node', () => {
  let server: Server;
  let base: string;
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        seen.push({ path: request.url ?? '', headers: request.headers });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const env = (): Record<string, string> => {
    const vars: Record<string, string> = {};
    for (const [chainId, path] of Object.entries(CHAINS)) {
      vars[`CAIRN_CHAIN_${chainId}_${chainId === 'BTC_TESTNET' ? 'ESPLORA_URL' : 'RPC_URL'}`] =
        `${base}/${path}`;
      vars[`CAIRN_CHAIN_${chainId}_RPC_HEADERS`] = JSON.stringify({ 'X-Api-Key': `key-of-${path}` });
    }
    vars.CAIRN_CHAIN_XMR_STAGENET_WALLET_RPC_URL = `${base}/xmrwallet`;
    vars.CAIRN_CHAIN_TRON_NILE_DEPLOYER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    return vars;
  };

  /** The requests made under `/<path>`, and the API key each carried. */
  const keysAt = (path: string) =>
    seen.filter((r) => r.path.startsWith(`/${path}`)).map((r) => r.headers['x-api-key']);

  it("each family's observer sends the chain's headers, and only its own", async () => {
    const config = loadConfig(env());
    const adapters = createAdapters(config.chains);
    for (const chainId of Object.keys(CHAINS)) {
      const chain = getChain(chainId)!;
      const adapter = adapters.find((a) => a.family === chain.family)!;
      const backend = config.chains[chainId]!.backend as ChainBackend;
      expect(redactBackendUrl(backend)).toMatch(/\[X-Api-Key: \*\*\*\]$/);
      const observer = adapter.createObserver!({ chain, backend, log: { warn: () => {} } });
      await observer.tip().catch(() => undefined);
    }
    for (const path of Object.values(CHAINS)) {
      const keys = keysAt(path);
      expect(keys.length, `requests to /${path}`).toBeGreaterThan(0);
      expect(new Set(keys), `headers sent to /${path}`).toEqual(new Set([`key-of-${path}`]));
    }
    // The Monero wallet RPC is the gateway's own: the daemon's key is not sent there.
    expect(keysAt('xmrwallet').every((key) => key === undefined)).toBe(true);
  });

  it("the EVM settlement clients send them too (TRON's: tron/tronSweeps.test.ts)", async () => {
    const config = loadConfig(env());
    const before = seen.length;
    const eth = config.chains.ETH_SEPOLIA!.backend!;
    await hasContractCode('ETH_SEPOLIA', eth.url, `0x${'11'.repeat(20)}`, 5_000, eth.headers).catch(
      () => undefined,
    );
    await createEvmGasWallet({
      chainId: 'ETH_SEPOLIA',
      evmChainId: 11155111,
      url: eth.url,
      privateKey: `0x${'5a'.repeat(32)}`,
      ...(eth.headers ? { headers: eth.headers } : {}),
    })
      .balance()
      .catch(() => undefined);
    const after = seen.slice(before);
    expect(after.filter((r) => r.path.startsWith('/eth')).map((r) => r.headers['x-api-key'])).toEqual([
      'key-of-eth',
      'key-of-eth',
    ]);
  });
});
