import { TRON_GENESIS_BLOCK_IDS } from '@cairn/chain-tron';
import { type FakeTronNode, startFakeTronNode } from '@cairn/chain-tron/testing';
import { getChain } from '@cairn/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { readChainStatusReport } from '../../../src/chains/readChainStatusReport.js';
import { startTestGateway, type TestGateway } from '../../harness/startTestGateway.js';
import { waitUntil } from '../../harness/waitUntil.js';

// The start-up checks on TRON (issue 31, item 7), through the fake java-tron full node (no TRON node
// runs here): the network is told by its genesis block id, USDT by decimals() and symbol().

const CHAIN = 'TRON_NILE';
const USDT = getChain(CHAIN)!.coins.find((c) => c.symbol === 'USDT')!.contract!;

describe('TRON chain and token checks at start (fake full node)', () => {
  const nodes: FakeTronNode[] = [];
  const gateways: TestGateway[] = [];
  afterAll(async () => {
    for (const g of gateways) await g.stop();
    for (const n of nodes) await n.stop();
  });
  const start = async (options: Parameters<typeof startFakeTronNode>[0]) => {
    const tron = await startFakeTronNode({ usdtContract: USDT, ...options });
    nodes.push(tron);
    const test = await startTestGateway({
      watchers: true,
      env: { [`CAIRN_CHAIN_${CHAIN}_RPC_URL`]: tron.url, [`CAIRN_CHAIN_${CHAIN}_DEPLOYER`]: tron.deployer },
    });
    gateways.push(test);
    return test;
  };

  it("a node on Nile's genesis block passes; a USDT with other decimals is disabled", async () => {
    const test = await start({
      genesisBlockId: TRON_GENESIS_BLOCK_IDS.TRON_NILE,
      usdtFacts: { symbol: 'USDT', decimals: 18 },
    });
    const { gateway } = test.running;
    expect(test.running.chainChecks!.checks()).toEqual([
      {
        chainId: CHAIN,
        state: 'ok',
        tokens: [
          {
            symbol: 'USDT',
            contract: USDT,
            state: 'disabled',
            detail: `decimals() answered 18 at ${USDT}; the registry says 6`,
          },
        ],
      },
    ]);
    await waitUntil(() => gateway.chainAvailability.isOffered(CHAIN), 'the first sync of TRON_NILE');
    expect(gateway.chainAvailability.coinOfferOf(CHAIN, 'TRX').offered).toBe(true);
    expect(gateway.chainAvailability.coinOfferOf(CHAIN, 'USDT').offered).toBe(false);
  });

  it('a node on another network (its genesis block) disables the chain: not watched, not offered', async () => {
    const test = await start({ genesisBlockId: TRON_GENESIS_BLOCK_IDS.TRON });
    const reason = `the node serves genesis block ${TRON_GENESIS_BLOCK_IDS.TRON}; ${CHAIN} is genesis block ${TRON_GENESIS_BLOCK_IDS.TRON_NILE}`;
    expect(test.running.chainChecks!.checks()).toEqual([
      { chainId: CHAIN, state: 'wrong network', detail: reason, tokens: [] },
    ]);
    expect(test.running.chainWatchers!.watchers.map((w) => w.chainId)).not.toContain(CHAIN);
    expect(test.running.gateway.chainAvailability.offerOf(CHAIN)).toMatchObject({
      offered: false,
      reason: 'its node serves another network',
    });
    const line = (await readChainStatusReport(test.running.gateway)).find((l) => l.chain_id === CHAIN)!;
    expect(line).toMatchObject({ health: `disabled: ${reason}`, offered: false });
  });
});
