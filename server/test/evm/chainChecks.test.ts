import { Writable } from 'node:stream';
import { ANVIL_ACCOUNTS, type AnvilNode, anvilAvailable, freePort, startAnvil } from '@cairn/anvil-node';
import { testStablecoin } from '@cairn/evm-contracts';
import pino from 'pino';
import { type Address, createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { readChainStatusReport } from '../../src/chains/readChainStatusReport.js';
import { clientFor, createPaymentVia } from '../api/apiHelpers.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import { waitUntil } from '../harness/waitUntil.js';

// Token facts checked at start (issue 31, item 7) on a real anvil: the gateway reads the node's chain
// id and each registry token's code, decimals() and symbol(). Another network disables the chain (not
// watched, not offered), a token with other decimals is disabled, a token whose symbol differs only
// (Polygon's USDT became USDT0) is logged and kept, and a node unreachable at start disables nothing
// for good: the chain is offered once a later check passes.

const CHAIN = 'ETH_LOCAL';

interface LogLine {
  level: number;
  msg: string;
}

/** A pino logger whose lines the test reads. */
function capturedLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

/** Deploys a test ERC-20 with the given name, symbol and decimals; its address. */
async function deployToken(
  anvil: AnvilNode,
  name: string,
  symbol: string,
  decimals: number,
): Promise<Address> {
  const chain = defineChain({
    id: anvil.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl, { retryCount: 0 });
  const reader = createPublicClient({ chain, transport, cacheTime: 0 });
  const deployer = createWalletClient({
    account: privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey),
    chain,
    transport,
  });
  const hash = await deployer.deployContract({
    abi: testStablecoin.abi,
    bytecode: testStablecoin.bytecode,
    args: [name, symbol, decimals],
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return getAddress(receipt.contractAddress!);
}

describe.runIf(anvilAvailable('EVM start-up checks'))('EVM chain and token checks at start, on anvil', () => {
  const nodes: AnvilNode[] = [];
  const gateways: TestGateway[] = [];
  afterAll(async () => {
    for (const g of gateways) await g.stop();
    for (const n of nodes) await n.stop();
  });
  const start = async (env: Record<string, string>) => {
    const { lines, log } = capturedLog();
    const test = await startTestGateway({ env, watchers: true, log });
    gateways.push(test);
    return { test, lines };
  };

  it('disables a token with other decimals, keeps one whose symbol differs, offers the rest', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    nodes.push(anvil);
    // USDC with 18 decimals where the registry says 6; USDT answering USDT0 with the right 6 decimals.
    const usdc = await deployToken(anvil, 'USD Coin', 'USDC', 18);
    const usdt = await deployToken(anvil, 'USDT0', 'USDT0', 6);
    const { test, lines } = await start({
      [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: anvil.rpcUrl,
      [`CAIRN_CHAIN_${CHAIN}_TOKENS`]: `USDC=${usdc},USDT=${usdt}`,
    });
    const { gateway } = test.running;
    // What the checks found of each token: the same at start-up and in chains:status.
    const tokens = [
      {
        symbol: 'USDC',
        contract: usdc,
        state: 'disabled',
        detail: `decimals() answered 18 at ${usdc}; the registry says 6`,
      },
      {
        symbol: 'USDT',
        contract: usdt,
        state: 'symbol differs',
        detail: `symbol() answered "USDT0" at ${usdt}`,
      },
    ];
    expect(test.running.chainChecks!.checks()).toEqual([{ chainId: CHAIN, state: 'ok', tokens }]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: `${CHAIN}:USDC disabled: decimals() answered 18 at ${usdc}; the registry says 6`,
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^ETH_LOCAL:USDT: symbol\(\) answered "USDT0" .*still offered/),
      }),
    );

    await waitUntil(() => gateway.chainAvailability.isOffered(CHAIN), 'the first sync of ETH_LOCAL');
    expect(gateway.chainAvailability.coinOfferOf(CHAIN, 'USDC')).toMatchObject({ offered: false });
    expect(gateway.chainAvailability.coinOfferOf(CHAIN, 'USDT').offered).toBe(true);
    // The merchant's forwarder factory is not what this test is about: mark the wallet onboarded.
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute(`update wallets set onboarding_status = 'active' where chain_id = '${CHAIN}'`);
    const payment = await createPaymentVia(clientFor(test.baseUrl, test.apiKey));
    const options = payment.chain_options
      .filter((o: { chain_id: string }) => o.chain_id === CHAIN)
      .map((o: { coin_symbol: string }) => o.coin_symbol);
    expect(options.sort()).toEqual(['ETH', 'USDT']);

    const line = (await readChainStatusReport(gateway)).find((l) => l.chain_id === CHAIN)!;
    expect(line.checks).toEqual({ network: 'ok', tokens });
  });

  it('keeps bridged USDC.e offered when its symbol() answers "USDC.e" or "USDC" (only a warning)', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    nodes.push(anvil);
    // Polygon's USDC.e has answered both over its upgrades: neither is the registry's USDCE.
    const dotted = await deployToken(anvil, 'USD Coin (PoS)', 'USDC.e', 6);
    const plain = await deployToken(anvil, 'USD Coin (PoS)', 'USDC', 6);
    for (const [contract, answered] of [
      [dotted, 'USDC.e'],
      [plain, 'USDC'],
    ] as const) {
      const { test, lines } = await start({
        [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: anvil.rpcUrl,
        [`CAIRN_CHAIN_${CHAIN}_TOKENS`]: `USDCE=${contract}`,
      });
      const { gateway } = test.running;
      expect(test.running.chainChecks!.checks()).toEqual([
        {
          chainId: CHAIN,
          state: 'ok',
          tokens: [
            {
              symbol: 'USDCE',
              contract,
              state: 'symbol differs',
              detail: `symbol() answered "${answered}" at ${contract}`,
            },
          ],
        },
      ]);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: expect.stringMatching(/^ETH_LOCAL:USDCE: symbol\(\) answered "USDC(\.e)?" .*still offered/),
        }),
      );
      await waitUntil(() => gateway.chainAvailability.isOffered(CHAIN), 'the first sync of ETH_LOCAL');
      expect(gateway.chainAvailability.coinOfferOf(CHAIN, 'USDCE').offered).toBe(true);
    }
  });

  it('disables a chain whose node serves another chain id: not watched, not offered', async () => {
    const anvil = await startAnvil({ chainId: 1337 });
    nodes.push(anvil);
    const { test, lines } = await start({
      [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: anvil.rpcUrl,
      // A gas wallet that must not spend on the wrong network.
      [`CAIRN_CHAIN_${CHAIN}_GAS_WALLET_KEY`]: ANVIL_ACCOUNTS[1].privateKey,
    });
    const { gateway } = test.running;
    const reason = `the node serves chain id 1337; ${CHAIN} is chain id 31337`;
    expect(test.running.chainChecks!.checks()).toEqual([
      { chainId: CHAIN, state: 'wrong network', detail: reason, tokens: [] },
    ]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: `${CHAIN} disabled: ${reason}` }));
    expect(test.running.chainWatchers!.watchers.map((w) => w.chainId)).not.toContain(CHAIN);
    // Not settled either: no onboarding or sweep is signed with the gas wallet there.
    expect(test.running.settlers!.settlers.map((s) => s.chainId)).not.toContain(CHAIN);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: `${CHAIN} is not settled: its node serves another network` }),
    );
    expect(gateway.chainAvailability.offerOf(CHAIN)).toEqual({
      chainId: CHAIN,
      offered: false,
      reason: 'its node serves another network',
      detail: reason,
    });
    const line = (await readChainStatusReport(gateway)).find((l) => l.chain_id === CHAIN)!;
    expect(line).toMatchObject({
      health: `disabled: ${reason}`,
      offered: false,
      checks: { network: `wrong network: ${reason}`, tokens: [] },
    });
  });

  it('a node unreachable at start disables nothing for good: the chain is offered once a check passes', async () => {
    const port = await freePort();
    const { test, lines } = await start({ [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: `http://127.0.0.1:${port}` });
    const { gateway } = test.running;
    const checks = test.running.chainChecks!;
    expect(checks.checks()).toMatchObject([{ chainId: CHAIN, state: 'unchecked', tokens: [] }]);
    expect(gateway.chainAvailability.offerOf(CHAIN)).toMatchObject({
      offered: false,
      reason: 'its node has not been checked yet',
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^ETH_LOCAL: cannot check the node's network/),
      }),
    );
    // The watcher runs all along (it is not disabled); the node comes up on the configured port.
    expect(test.running.chainWatchers!.watchers.map((w) => w.chainId)).toContain(CHAIN);
    const anvil = await startAnvil({ chainId: 31337, port });
    nodes.push(anvil);
    await checks.recheck();
    expect(checks.checks()).toEqual([{ chainId: CHAIN, state: 'ok', tokens: [] }]);
    await waitUntil(() => gateway.chainAvailability.isOffered(CHAIN), 'ETH_LOCAL offered after the check');
  });
});
