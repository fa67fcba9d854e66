import { testStablecoin } from '@cairn/evm-contracts';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DevChainRecord } from './devChainRecord.js';
import { DEV_TEST_WALLET } from './withDevChain.js';

/** A payment on the dev chain, paid by its funded test wallet. */
export interface TestWalletPayment {
  /** The deposit address. */
  readonly to: Address;
  /** Smallest units of the coin. */
  readonly amount: bigint;
  /** The token's contract; undefined for the native coin. */
  readonly token?: Address;
  /** The sending account's key; the funded test wallet's by default. */
  readonly fromKey?: Hex;
}

/**
 * "Pay with a test wallet" on the local dev chain: the chain's funded test account sends exactly
 * `amount` to the deposit address (test ETH from its balance; a test token minted first, as anyone may
 * on the dev chain). Both transactions go to the node's pool at once (consecutive nonces, fixed gas) and
 * land in the next block; returns the hash of the payment itself. Only for the dev chain: nothing here
 * can reach a chain of value. `fromKey` sends from another of the dev chain's funded accounts instead.
 */
export async function payWithTestWallet(record: DevChainRecord, payment: TestWalletPayment): Promise<Hex> {
  const chain = defineChain({
    id: record.chain_id,
    name: 'Cairn dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [record.rpc_url] } },
  });
  const account = privateKeyToAccount(payment.fromKey ?? DEV_TEST_WALLET.privateKey);
  const wallet = createWalletClient({ account, chain, transport: http(record.rpc_url, { retryCount: 0 }) });
  if (payment.token === undefined) return wallet.sendTransaction({ to: payment.to, value: payment.amount });
  const reader = createPublicClient({
    chain,
    transport: http(record.rpc_url, { retryCount: 0 }),
    cacheTime: 0,
  });
  const nonce = await reader.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const call = (data: Hex, offset: number) =>
    wallet.sendTransaction({ to: payment.token!, data, gas: 120_000n, nonce: Number(nonce) + offset });
  await call(
    encodeFunctionData({
      abi: testStablecoin.abi,
      functionName: 'mint',
      args: [account.address, payment.amount],
    }),
    0,
  );
  return call(
    encodeFunctionData({
      abi: testStablecoin.abi,
      functionName: 'transfer',
      args: [payment.to, payment.amount],
    }),
    1,
  );
}
