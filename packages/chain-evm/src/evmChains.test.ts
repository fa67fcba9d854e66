import { CHAINS } from '@cairn/contract';
import { getAddress } from 'viem';
import {
  anvil,
  base,
  baseSepolia,
  bsc,
  bscTestnet,
  mainnet,
  polygon,
  polygonAmoy,
  sepolia,
} from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { EVM_CHAIN_IDS, EVM_CHAINS, isEvmChainId } from './evmChains.js';

describe('EVM_CHAINS', () => {
  it('covers exactly the evm chains of the registry, in its order', () => {
    const registry = Object.values(CHAINS)
      .filter((c) => c.family === 'evm')
      .map((c) => c.id);
    expect(EVM_CHAIN_IDS).toEqual(registry);
    expect(isEvmChainId('BASE')).toBe(true);
    expect(isEvmChainId('BTC')).toBe(false);
    expect(isEvmChainId('toString')).toBe(false);
  });

  it("has each chain's EIP-155 id as viem's chain definitions give it", () => {
    expect(Object.fromEntries(EVM_CHAIN_IDS.map((id) => [id, EVM_CHAINS[id].chainId]))).toEqual({
      ETH: mainnet.id,
      ETH_SEPOLIA: sepolia.id,
      ETH_LOCAL: anvil.id,
      BASE: base.id,
      BASE_SEPOLIA: baseSepolia.id,
      POLYGON: polygon.id,
      POLYGON_AMOY: polygonAmoy.id,
      BSC: bsc.id,
      BSC_TESTNET: bscTestnet.id,
    });
    expect([mainnet.id, sepolia.id, anvil.id, base.id, baseSepolia.id]).toEqual([
      1, 11155111, 31337, 8453, 84532,
    ]);
    expect([polygon.id, polygonAmoy.id, bsc.id, bscTestnet.id]).toEqual([137, 80002, 56, 97]);
  });

  it('names every network for warnings and gives EIP-3770 short names to every public one', () => {
    for (const id of EVM_CHAIN_IDS) {
      const chain = EVM_CHAINS[id];
      expect(chain.id).toBe(id);
      expect(chain.networkName).toMatch(/mainnet|testnet|local/);
      expect(chain.shortNames.length > 0).toBe(CHAINS[id].network !== 'local');
    }
    const all = EVM_CHAIN_IDS.flatMap((id) => EVM_CHAINS[id].shortNames);
    expect(new Set(all).size).toBe(all.length);
  });

  it('carries only EIP-55 checksummed token contracts in the registry', () => {
    let checked = 0;
    for (const id of EVM_CHAIN_IDS) {
      for (const coin of CHAINS[id].coins) {
        if (coin.contract === undefined) continue;
        expect(getAddress(coin.contract.toLowerCase()), `${id} ${coin.symbol}`).toBe(coin.contract);
        checked += 1;
      }
    }
    expect(checked).toBe(11);
  });
});
