import { BroadcastRejectedError, ChainBackendError } from '@cairn/chain-core';
import { cairnForwarderFactory, factoryDeploymentData } from '@cairn/evm-contracts';
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  type WalletClient,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Whether viem's error carries a JSON-RPC error answered by the node (not a transport failure). */
function answeredByNode(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (typeof (e as { code?: unknown }).code === 'number') return true;
  }
  return false;
}

/** One forwarder to deploy (if needed) and flush in a sweep. */
export interface SweepItem {
  /** The forwarder's CREATE2 salt (`forwarderSalt(chainId, paymentId)`). */
  readonly salt: Hex;
  /** The token to flush; null for the native coin. */
  readonly token: Address | null;
}

/** A signed transaction, kept before it is broadcast so a crash never signs a second one. */
export interface SignedTransaction {
  readonly hash: Hex;
  readonly raw: Hex;
  readonly nonce: number;
}

/** What a mined transaction did. */
export interface MinedReceipt {
  readonly status: 'success' | 'reverted';
  readonly gasUsed: bigint;
  /** Wei paid per unit of gas: the fee is `gasUsed * effectiveGasPrice`. */
  readonly effectiveGasPrice: bigint;
  readonly blockNumber: bigint;
}

/** The operator's gas wallet on one EVM chain: it pays for onboarding and sweeps, nothing else. */
export interface EvmGasWallet {
  readonly address: Address;
  /** The gas wallet's balance in wei. */
  balance(): Promise<bigint>;
  /** The current gas price in wei (for the low-balance warning). */
  gasPrice(): Promise<bigint>;
  /** Signs the deployment of `treasury`'s forwarder factory through the deterministic deployer. */
  signFactoryDeployment(treasury: Address, nonce: number): Promise<SignedTransaction>;
  /**
   * Simulates a call from the gas wallet (`eth_call` on the latest block): undefined when it would
   * succeed, else the revert reason.
   */
  simulate(to: Address, data: Hex): Promise<string | undefined>;
  /**
   * Signs a relayed call (an EIP-3009 settlement) to `to` with `data` and a fixed gas limit: simulated
   * beforehand, it is not estimated again (against a pending state it might no longer fit).
   */
  signCall(to: Address, data: Hex, nonce: number, gas: bigint): Promise<SignedTransaction>;
  /** Signs one sweep: deploys each forwarder that has no code yet and flushes it to the treasury. */
  signSweep(factory: Address, items: readonly SweepItem[], nonce: number): Promise<SignedTransaction>;
  /** The next nonce, counting transactions still pending. */
  nextNonce(): Promise<number>;
  /**
   * Broadcasts a signed transaction; a node that already has it is not an error. Throws
   * {@link BroadcastRejectedError} when the node refuses it.
   */
  broadcast(raw: Hex): Promise<void>;
  /** The receipt of a mined transaction, null while it is not mined. */
  receipt(hash: Hex): Promise<MinedReceipt | null>;
}

/** Options of {@link createEvmGasWallet}. */
export interface EvmGasWalletOptions {
  readonly chainId: string;
  /** EIP-155 chain id (signatures are bound to it). */
  readonly evmChainId: number;
  readonly url: string;
  readonly privateKey: Hex;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The gas wallet of one EVM chain (docs/operating/evm.md): a private key that pays for the merchant's
 * one-time factory deployment and for sweeps. It can move nothing but its own gas money: every
 * forwarder's destination is fixed to its treasury by its code. Transactions are signed first and
 * broadcast after the caller stored them (`SignedTransaction.raw`), so a crash in between rebroadcasts
 * the same transaction instead of paying twice. Gas is estimated on the node (a revert is found before
 * anything is spent).
 */
export function createEvmGasWallet(options: EvmGasWalletOptions): EvmGasWallet {
  const account = privateKeyToAccount(options.privateKey);
  const chain: Chain = defineChain({
    id: options.evmChainId,
    name: options.chainId,
    nativeCurrency: { name: 'native', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.url] } },
  });
  const transport = http(options.url, {
    retryCount: 0,
    timeout: options.timeoutMs ?? 15_000,
    ...(options.headers ? { fetchOptions: { headers: { ...options.headers } } } : {}),
  });
  const reader: PublicClient = createPublicClient({ chain, transport, cacheTime: 0 });
  const signer: WalletClient = createWalletClient({ account, chain, transport, cacheTime: 0 });
  const fail = (what: string, error: unknown): never => {
    if (error instanceof ChainBackendError) throw error;
    const reason = (error as Error).message?.split('\n')[0] ?? String(error);
    throw new ChainBackendError(options.chainId, `${what}: ${reason}`, { cause: error });
  };

  const sign = async (to: Address, data: Hex, nonce: number, gas?: bigint): Promise<SignedTransaction> => {
    try {
      const request = await signer.prepareTransactionRequest({
        account,
        chain,
        to,
        data,
        nonce,
        value: 0n,
        ...(gas === undefined ? {} : { gas }),
      });
      const raw = await signer.signTransaction({ ...request, account, chain } as never);
      return { hash: keccak256(raw), raw, nonce };
    } catch (error) {
      return fail(`preparing a transaction to ${to}`, error);
    }
  };

  return {
    address: account.address,
    balance: () =>
      reader.getBalance({ address: account.address }).catch((e) => fail('reading the gas wallet balance', e)),
    gasPrice: () => reader.getGasPrice().catch((e) => fail('reading the gas price', e)),
    async simulate(to, data) {
      try {
        await reader.call({ account: account.address, to, data });
        return undefined;
      } catch (error) {
        const message = (error as Error).message ?? '';
        // A revert is an answer; a node that cannot be reached is not.
        if (!/revert/i.test(message)) fail(`simulating a call to ${to}`, error);
        const reason =
          (error as { shortMessage?: string }).shortMessage ?? message.split('\n')[0] ?? 'reverted';
        return reason;
      }
    },
    signCall(to, data, nonce, gas) {
      return sign(to, data, nonce, gas);
    },
    signFactoryDeployment(treasury, nonce) {
      const { to, data } = factoryDeploymentData(treasury);
      return sign(to, data, nonce);
    },
    signSweep(factory, items, nonce) {
      const data = encodeFunctionData({
        abi: cairnForwarderFactory.abi,
        functionName: 'sweep',
        args: [items.map((i) => i.salt), items.map((i) => i.token ?? zeroAddress)],
      });
      return sign(factory, data, nonce);
    },
    nextNonce: () =>
      reader
        .getTransactionCount({ address: account.address, blockTag: 'pending' })
        .catch((e) => fail('reading the nonce', e)),
    async broadcast(raw) {
      try {
        await reader.request({ method: 'eth_sendRawTransaction', params: [raw] });
      } catch (error) {
        const message = (error as Error).message ?? '';
        if (/already known|known transaction|already imported/i.test(message)) return;
        if (answeredByNode(error)) {
          const reason =
            message.split('\n').find((line) => line.startsWith('Details:')) ?? message.split('\n')[0];
          throw new BroadcastRejectedError(options.chainId, `the node refused the transaction: ${reason}`, {
            cause: error,
          });
        }
        fail('broadcasting a transaction', error);
      }
    },
    async receipt(hash) {
      try {
        const receipt = await reader.getTransactionReceipt({ hash });
        return {
          status: receipt.status,
          gasUsed: receipt.gasUsed,
          effectiveGasPrice: receipt.effectiveGasPrice,
          blockNumber: receipt.blockNumber,
        };
      } catch (error) {
        if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
        return fail(`reading the receipt of ${hash}`, error);
      }
    },
  };
}
