import { getChain } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeTronNode, startFakeTronNode } from '../../test/index.js';
import { TRON_GENESIS_BLOCK_IDS } from '../tronChains.js';
import { readTronChainFacts } from './readTronChainFacts.js';

// The start-up checks' reads through a java-tron full node's HTTP API, against the fake node (no TRON
// node runs here): the genesis block id, and USDT's code, decimals() and symbol().

const NILE = getChain('TRON_NILE')!;
const USDT = NILE.coins.find((c) => c.symbol === 'USDT')!.contract!;

describe('readTronChainFacts', () => {
  const nodes: FakeTronNode[] = [];
  afterEach(async () => {
    for (const node of nodes.splice(0)) await node.stop();
  });
  const start = async (options: Parameters<typeof startFakeTronNode>[0]) => {
    const node = await startFakeTronNode({ usdtContract: USDT, ...options });
    nodes.push(node);
    return readTronChainFacts(NILE, { chainId: NILE.id, url: node.url });
  };

  it("reads the network's genesis block id and USDT's decimals and symbol", async () => {
    expect(await start({ genesisBlockId: TRON_GENESIS_BLOCK_IDS.TRON_NILE })).toEqual({
      network: TRON_GENESIS_BLOCK_IDS.TRON_NILE,
      expectedNetwork: TRON_GENESIS_BLOCK_IDS.TRON_NILE,
      networkLabel: 'genesis block',
      tokens: [{ symbol: 'USDT', contract: USDT, hasCode: true, decimals: 6, onChainSymbol: 'USDT' }],
    });
  });

  it('reports another network, other decimals and another symbol as the node answers them', async () => {
    const facts = await start({
      genesisBlockId: TRON_GENESIS_BLOCK_IDS.TRON,
      usdtFacts: { symbol: 'USDT0', decimals: 18 },
    });
    expect(facts.network).toBe(TRON_GENESIS_BLOCK_IDS.TRON);
    expect(facts.expectedNetwork).toBe(TRON_GENESIS_BLOCK_IDS.TRON_NILE);
    expect(facts.tokens).toEqual([
      { symbol: 'USDT', contract: USDT, hasCode: true, decimals: 18, onChainSymbol: 'USDT0' },
    ]);
  });

  it('reports no code at an address where the node has no contract', async () => {
    // A node that stands for mainnet has no contract at Nile's USDT address.
    const node = await startFakeTronNode({ genesisBlockId: TRON_GENESIS_BLOCK_IDS.TRON_NILE });
    nodes.push(node);
    const facts = await readTronChainFacts(NILE, { chainId: NILE.id, url: node.url });
    expect(facts.tokens).toEqual([{ symbol: 'USDT', contract: USDT, hasCode: false }]);
  });

  it('throws when the node cannot be reached', async () => {
    await expect(
      readTronChainFacts(NILE, { chainId: NILE.id, url: 'http://127.0.0.1:1', timeoutMs: 2_000 }),
    ).rejects.toThrow(/TRON_NILE: \/wallet\/getblockbynum/);
  });
});
