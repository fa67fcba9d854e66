import { ChainBackendError, type ChainFacts, type TokenFacts } from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';
import { type Address, createPublicClient, erc20Abi, getAddress, http } from 'viem';
import { EvmAdapterError } from './EvmAdapterError.js';
import { EVM_CHAINS, isEvmChainId } from './evmChains.js';
import type { TokenContracts } from './tokenContractOf.js';

/** Where the node is, and the run-time token contracts (local chains). */
export interface ReadEvmChainFactsInput {
  readonly chain: ChainDefinition;
  readonly url: string;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly tokenContracts?: TokenContracts;
}

/**
 * Reads `eth_chainId` from the node and, for every token of the chain whose contract is known, its
 * code, `decimals()` and `symbol()` (a failing call leaves the answer out: no code, a revert, or a
 * `bytes32` symbol). Throws {@link ChainBackendError} when the chain id cannot be read (the node is
 * unreachable); a token whose calls fail is reported, not thrown.
 *
 * @example
 * const facts = await readEvmChainFacts({ chain: getChain('POLYGON')!, url });
 * // { network: '137', expectedNetwork: '137', networkLabel: 'chain id',
 * //   tokens: [{ symbol: 'USDT', decimals: 6, onChainSymbol: 'USDT0', hasCode: true, ... }, ...] }
 */
export async function readEvmChainFacts(input: ReadEvmChainFactsInput): Promise<ChainFacts> {
  const { chain } = input;
  if (!isEvmChainId(chain.id))
    throw new EvmAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not an EVM chain`);
  const client = createPublicClient({
    transport: http(input.url, {
      retryCount: 0,
      timeout: input.timeoutMs ?? 10_000,
      ...(input.headers === undefined ? {} : { fetchOptions: { headers: { ...input.headers } } }),
    }),
    cacheTime: 0,
  });
  const readToken = async (symbol: string, contract: Address): Promise<TokenFacts> => {
    const code = await client.getCode({ address: contract }).catch((error: Error) => {
      throw new ChainBackendError(
        chain.id,
        `reading the code at ${contract}: ${error.message.split('\n')[0]}`,
        {
          cause: error,
        },
      );
    });
    const hasCode = code !== undefined && code !== '0x';
    const read = (functionName: 'decimals' | 'symbol'): Promise<unknown> =>
      hasCode
        ? client.readContract({ address: contract, abi: erc20Abi, functionName }).catch(() => undefined)
        : Promise.resolve(undefined);
    const [decimals, onChainSymbol] = await Promise.all([read('decimals'), read('symbol')]);
    return {
      symbol,
      contract,
      hasCode,
      ...(typeof decimals === 'number' ? { decimals } : {}),
      ...(typeof onChainSymbol === 'string' ? { onChainSymbol } : {}),
    };
  };
  const known = chain.coins.flatMap((coin) => {
    const configured =
      coin.kind === 'token' ? (coin.contract ?? input.tokenContracts?.[chain.id]?.[coin.symbol]) : undefined;
    return configured === undefined ? [] : [{ symbol: coin.symbol, contract: getAddress(configured) }];
  });
  // Two rounds (chain id and code, then decimals and symbol), every token at once: the gateway waits
  // for these before it watches.
  const [network, tokens] = await Promise.all([
    client.getChainId().catch((error: Error) => {
      throw new ChainBackendError(chain.id, `reading the chain id: ${error.message.split('\n')[0]}`, {
        cause: error,
      });
    }),
    Promise.all(known.map((t) => readToken(t.symbol, t.contract))),
  ]);
  return {
    network: String(network),
    expectedNetwork: String(EVM_CHAINS[chain.id].chainId),
    networkLabel: 'chain id',
    tokens,
  };
}
