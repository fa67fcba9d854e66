import { ChainBackendError, type ChainFacts, type TokenFacts } from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { TronAdapterError } from '../TronAdapterError.js';
import { isTronChainId, TRON_GENESIS_BLOCK_IDS } from '../tronChains.js';
import { createTronApiCaller, type TronApiOptions } from './callTronApi.js';
import { createTronContractReader } from './createTronContractReader.js';

/**
 * Reads the genesis block id of the node's network (`/wallet/getblockbynum {num: 0}`) and, for every
 * token of the chain, its code (`/wallet/getcontractinfo`), `decimals()` and `symbol()` (constant
 * calls; a failing call leaves the answer out). Throws {@link ChainBackendError} when the node cannot
 * be reached or answers no genesis block.
 *
 * @example
 * const facts = await readTronChainFacts(getChain('TRON')!, { chainId: 'TRON', url });
 * // { network: '00000000000000001ebf…', expectedNetwork: '00000000000000001ebf…',
 * //   networkLabel: 'genesis block', tokens: [{ symbol: 'USDT', decimals: 6, onChainSymbol: 'USDT', … }] }
 */
export async function readTronChainFacts(chain: ChainDefinition, api: TronApiOptions): Promise<ChainFacts> {
  if (!isTronChainId(chain.id))
    throw new TronAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not a TRON chain`);
  const call = createTronApiCaller(api);
  const genesis = await call('/wallet/getblockbynum', { num: 0 });
  if (typeof genesis.blockID !== 'string' || genesis.blockID === '')
    throw new ChainBackendError(chain.id, '/wallet/getblockbynum: the node answered no genesis block');
  const reader = createTronContractReader(api);
  const read = async (contract: string, functionName: 'decimals' | 'symbol'): Promise<unknown> => {
    try {
      const answer = await reader.constantCall(contract, encodeFunctionData({ abi: erc20Abi, functionName }));
      const returned = answer.constant_result?.[0];
      if (!returned) return undefined;
      return decodeFunctionResult({ abi: erc20Abi, functionName, data: `0x${returned}` as Hex });
    } catch {
      return undefined;
    }
  };
  const tokens: TokenFacts[] = [];
  for (const coin of chain.coins) {
    if (coin.kind !== 'token' || !coin.contract) continue;
    const hasCode = await reader.hasCode(coin.contract);
    const decimals = hasCode ? await read(coin.contract, 'decimals') : undefined;
    const onChainSymbol = hasCode ? await read(coin.contract, 'symbol') : undefined;
    tokens.push({
      symbol: coin.symbol,
      contract: coin.contract,
      hasCode,
      ...(typeof decimals === 'number' ? { decimals } : {}),
      ...(typeof onChainSymbol === 'string' ? { onChainSymbol } : {}),
    });
  }
  return {
    network: genesis.blockID.toLowerCase(),
    expectedNetwork: TRON_GENESIS_BLOCK_IDS[chain.id],
    networkLabel: 'genesis block',
    tokens,
  };
}
