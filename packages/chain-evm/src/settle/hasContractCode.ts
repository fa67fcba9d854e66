import { ChainBackendError } from '@cairn/chain-core';
import { type Address, createPublicClient, http } from 'viem';

/**
 * Whether a contract is deployed at `address` on the node at `url`, sent with `headers` if any (no
 * key needed: a merchant's factory may have been deployed by anybody). Throws {@link ChainBackendError} when the node fails.
 */
export async function hasContractCode(
  chainId: string,
  url: string,
  address: Address,
  timeoutMs = 15_000,
  headers?: Readonly<Record<string, string>>,
): Promise<boolean> {
  const client = createPublicClient({
    transport: http(url, {
      retryCount: 0,
      timeout: timeoutMs,
      ...(headers ? { fetchOptions: { headers: { ...headers } } } : {}),
    }),
    cacheTime: 0,
  });
  try {
    const code = await client.getCode({ address });
    return code !== undefined && code !== '0x';
  } catch (error) {
    throw new ChainBackendError(
      chainId,
      `reading the code at ${address}: ${(error as Error).message.split('\n')[0]}`,
      {
        cause: error,
      },
    );
  }
}
