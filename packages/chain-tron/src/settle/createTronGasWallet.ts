import { BroadcastRejectedError, ChainBackendError } from '@cairn/chain-core';
import { utils } from 'tronweb';
import type { Hex } from 'viem';
import { sunOf } from '../observe/parseTronJson.js';
import { tronAddressFromHex, tronAddressToHex } from '../tronAddress.js';
import { tronSweepCalldata } from '../tronForwarders.js';
import { createTronApiCaller, textOfTronBytes } from './callTronApi.js';
import { createTronContractReader } from './createTronContractReader.js';
import { signTronDeployerCreation } from './signTronDeployerCreation.js';
import { signTronTrigger, type TronSignedTransaction } from './signTronTrigger.js';
import { tronRevertReason } from './tronRevertReason.js';

export type { TronSignedTransaction } from './signTronTrigger.js';

/** One forwarder to deploy (if needed) and flush in a sweep. */
export interface TronSweepItem {
  /** The forwarder's CREATE2 salt (`TronForwarder.salt`). */
  readonly salt: Hex;
  /** TRC-20 contract (`T…`), null for TRX. */
  readonly token: string | null;
}

/** What a transaction in a block did (`/wallet/gettransactioninfobyid`). */
export interface TronReceipt {
  readonly status: 'success' | 'reverted';
  readonly blockNumber: bigint;
  /** `receipt.energy_usage_total`. */
  readonly energyUsed: bigint;
  /** `receipt.net_usage` (bandwidth bytes; 0 when paid by burning, then `net_fee` says it). */
  readonly bandwidthUsed: bigint;
  /** `TransactionInfo.fee`: sun burnt in all (energy_fee + net_fee). */
  readonly feeSun: bigint;
  /** `resMessage` (hex-decoded) or the `contractResult` reason when reverted. */
  readonly reason?: string;
}

/** The operator's gas wallet on one TRON network: it pays for onboarding and sweeps, nothing else. */
export interface TronGasWallet {
  /** The gas wallet's address (`T…`). */
  readonly address: string;
  /** Its TRX balance in sun (`/wallet/getaccount`; an account never activated has 0). */
  balance(): Promise<bigint>;
  /** Sun per energy unit: the chain parameter `getEnergyFee` (`/wallet/getchainparameters`). */
  energyPrice(): Promise<bigint>;
  /** The time of the node's head block: the clock a transaction's expiration is judged by. */
  headTime(): Promise<Date>;
  /** Whether `address` holds contract code (`/wallet/getcontractinfo`: `runtimecode` present). */
  hasCode(address: string): Promise<boolean>;
  /**
   * The address the deployed `factory` computes for `salt` (constant call of
   * `forwarderAddress(bytes32)`, `/wallet/triggerconstantcontract`), as `T…`.
   */
  forwarderAddressOnChain(factory: string, salt: Hex): Promise<string>;
  /**
   * Signs the deployment of `treasury`'s forwarder factory: a call to the network's deterministic
   * `deployer` with `tronSweepCalldata.factoryDeployment(treasury)`.
   */
  signFactoryDeployment(deployer: string, treasury: string): Promise<TronSignedTransaction>;
  /**
   * Signs the creation of the network's deterministic deployer (`DEPLOYER_CREATION_CODE`, a
   * `CreateSmartContract`), once per network; `contract` is the address it will have. No node can
   * simulate a creation, so its fee limit is fixed: 50 TRX (or the cap, if lower), far above the about
   * 20,000 energy that storing 69 bytes of code costs.
   */
  signDeployerCreation(): Promise<TronSignedTransaction & { readonly contract: string }>;
  /** Signs one sweep: `factory.sweep(salts, tokens)` deploys each forwarder without code and flushes it. */
  signSweep(factory: string, items: readonly TronSweepItem[]): Promise<TronSignedTransaction>;
  /**
   * Broadcasts a signed transaction (`/wallet/broadcasttransaction`); a node that already has it
   * (`DUP_TRANSACTION_ERROR`) is not an error. Throws {@link BroadcastRejectedError} when the node
   * refuses it (the node's code and decoded message in the error's message), a plain
   * {@link ChainBackendError} when it may have arrived (transport failure, timeout, `OTHER_ERROR`).
   */
  broadcast(raw: string): Promise<void>;
  /**
   * The receipt of a transaction in a solidified block (`/walletsolidity/gettransactioninfobyid`),
   * null while it is in none (`{}`): a transaction in a block not yet solidified, which a fork could
   * still drop, has no receipt yet.
   */
  receipt(hash: string): Promise<TronReceipt | null>;
}

/** Options of {@link createTronGasWallet}. */
export interface TronGasWalletOptions {
  readonly chainId: string;
  /** The full node's HTTP API base URL (`http://…:8090`). */
  readonly url: string;
  /** secp256k1 private key, 64 hex digits, with or without 0x. */
  readonly privateKey: string;
  readonly timeoutMs?: number;
  /** Extra request headers (e.g. TronGrid's `TRON-PRO-API-KEY`). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The base URL of the node's solidity API (`/walletsolidity/…`, port 8091 of a java-tron node); by
   * default `url` (TronGrid serves both on one host).
   */
  readonly solidityUrl?: string;
  /** The most sun one transaction may burn for energy (its `fee_limit` cap); default 1 000 TRX. */
  readonly maxFeeLimitSun?: bigint;
  /** How long a signed transaction stays valid after its reference block; default 10 minutes. */
  readonly expirationMs?: number;
}

/** The fee limit of the deployer's creation (see `signDeployerCreation`). */
const DEPLOYER_FEE_LIMIT_SUN = 50_000_000n;
/** java-tron refuses a transaction expiring more than 24 h after the head block. */
const MAX_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** Broadcast answers that do not say the transaction stayed out of the pool. */
const MAYBE_ACCEPTED = new Set(['OTHER_ERROR']);

/**
 * The gas wallet of one TRON network (docs/operating/tron.md): a key that burns TRX for the energy and
 * bandwidth of a merchant's one-time factory deployment and of sweeps. It can move nothing but its own
 * TRX: every forwarder's destination is fixed to its treasury by its code.
 *
 * Every transaction is a `TriggerSmartContract` built and signed here (never one the node built):
 * simulated first (`/wallet/triggerconstantcontract`; a revert throws "would revert" and nothing is
 * signed), `fee_limit` = energy estimate × `getEnergyFee` × 1.5 rounded up (refused above
 * `maxFeeLimitSun`), reference block the node's head block, expiration that block's time +
 * `expirationMs`. Signed first and broadcast after the caller stored it, so a crash in between
 * rebroadcasts the same transaction instead of paying twice; past `expiresAt` it can never be
 * included and may be signed again.
 */
export function createTronGasWallet(options: TronGasWalletOptions): TronGasWallet {
  const chainId = options.chainId;
  const privateKey = options.privateKey.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(privateKey))
    throw new TypeError('the TRON gas wallet key must be 64 hex digits');
  const derived = utils.address.fromPrivateKey(privateKey);
  if (typeof derived !== 'string' || derived === '')
    throw new TypeError('the TRON gas wallet key is invalid');
  const ownerHex = tronAddressToHex(derived);
  const address = tronAddressFromHex(ownerHex);
  const maxFeeLimit = options.maxFeeLimitSun ?? 1_000_000_000n;
  if (maxFeeLimit <= 0n || maxFeeLimit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`maxFeeLimitSun ${maxFeeLimit} is out of range`);
  }
  const expirationMs = options.expirationMs ?? 10 * 60 * 1000;
  if (!Number.isSafeInteger(expirationMs) || expirationMs <= 0 || expirationMs > MAX_EXPIRATION_MS) {
    throw new RangeError(`expirationMs ${expirationMs} must be between 1 and ${MAX_EXPIRATION_MS}`);
  }
  const call = createTronApiCaller(options);
  const callSolidity = createTronApiCaller({ ...options, url: options.solidityUrl ?? options.url });
  const failure = (message: string): ChainBackendError => new ChainBackendError(chainId, message);
  const amount = (value: unknown, what: string): bigint => {
    try {
      return sunOf(value);
    } catch (error) {
      throw new ChainBackendError(chainId, `${what}: ${(error as Error).message}`, { cause: error });
    }
  };

  const reader = createTronContractReader(options);
  /** A constant call from the gas wallet; throws `WouldRevertError` when it reverts. */
  const constantCall = (contract: string, data: Hex) => reader.constantCall(contract, data, ownerHex);

  /** A chain parameter (`/wallet/getchainparameters`), in sun; java-tron leaves out a value of 0. */
  const chainParameter = async (key: string): Promise<bigint> => {
    const answer = await call('/wallet/getchainparameters', {});
    const list = Array.isArray(answer.chainParameter) ? answer.chainParameter : [];
    const entry = (list as { key?: string; value?: unknown }[]).find((p) => p.key === key);
    if (!entry) throw failure(`/wallet/getchainparameters: no ${key}`);
    return entry.value === undefined ? 0n : amount(entry.value, key);
  };
  const energyPrice = (): Promise<bigint> => chainParameter('getEnergyFee');
  const balance = async (): Promise<bigint> => {
    const account = await call('/wallet/getaccount', { address, visible: true });
    return amount(account.balance ?? 0, 'balance');
  };

  /** The node's head block: the reference block and the clock of a new transaction. */
  const headBlock = async (): Promise<{ number: bigint; id: string; time: bigint }> => {
    const head = await call('/wallet/getnowblock', { visible: false });
    const header = (head.block_header as { raw_data?: Record<string, unknown> } | undefined)?.raw_data;
    const id = typeof head.blockID === 'string' ? head.blockID : '';
    if (!header || !/^[0-9a-fA-F]{64}$/.test(id))
      throw failure('/wallet/getnowblock: the node answered no block');
    return {
      number: amount(header.number ?? 0, 'block number'),
      id,
      time: amount(header.timestamp, 'block timestamp'),
    };
  };

  const sign = async (contract: string, data: Hex): Promise<TronSignedTransaction> => {
    const simulated = await constantCall(contract, data);
    const energy = amount(simulated.energy_used, 'energy_used');
    if (energy <= 0n) throw failure(`a call to ${contract}: the node estimated no energy`);
    const [price, head] = await Promise.all([energyPrice(), headBlock()]);
    const feeLimit = (energy * price * 3n + 1n) / 2n;
    if (feeLimit > maxFeeLimit) {
      throw failure(
        `a call to ${contract} needs a fee limit of ${feeLimit} sun (${energy} energy at ${price} sun), above the cap of ${maxFeeLimit} sun`,
      );
    }
    let signed: TronSignedTransaction;
    try {
      signed = signTronTrigger({
        privateKey,
        ownerHex,
        contractHex: tronAddressToHex(contract),
        data,
        feeLimit,
        refBlock: { number: head.number, id: head.id },
        expiration: head.time + BigInt(expirationMs),
        timestamp: BigInt(Date.now()),
      });
    } catch (error) {
      throw new ChainBackendError(chainId, `signing a call to ${contract}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    await affordable(signed, feeLimit, `a call to ${contract}`);
    return signed;
  };

  /** Throws unless the balance covers what `signed` may burn: its fee limit and its bandwidth. */
  const affordable = async (signed: TronSignedTransaction, feeLimit: bigint, what: string): Promise<void> => {
    // java-tron would take a transaction the wallet cannot fully pay for and run it out of energy,
    // burning what is left: never sign one whose fee limit and bandwidth the balance does not cover.
    const bytes = BigInt(
      (JSON.parse(signed.raw) as { raw_data_hex: string }).raw_data_hex.length / 2 + 65 + 64,
    );
    const [held, bandwidthPrice] = await Promise.all([balance(), chainParameter('getTransactionFee')]);
    const needed = feeLimit + bytes * bandwidthPrice;
    if (held < needed) {
      throw failure(
        `the gas wallet ${address} holds ${held} sun, less than the ${needed} sun ${what} may burn (fee limit ${feeLimit} and ${bytes} bytes of bandwidth): top it up`,
      );
    }
  };

  return {
    address,
    balance,
    energyPrice,
    headTime: async () => new Date(Number((await headBlock()).time)),
    hasCode: (contract) => reader.hasCode(contract),
    forwarderAddressOnChain: (factory, salt) => reader.forwarderAddressOnChain(factory, salt),
    signFactoryDeployment(deployer, treasury) {
      return sign(deployer, tronSweepCalldata.factoryDeployment(treasury));
    },
    async signDeployerCreation() {
      const feeLimit = maxFeeLimit < DEPLOYER_FEE_LIMIT_SUN ? maxFeeLimit : DEPLOYER_FEE_LIMIT_SUN;
      const head = await headBlock();
      let signed: TronSignedTransaction & { contract: string };
      try {
        signed = signTronDeployerCreation({
          privateKey,
          ownerHex,
          feeLimit,
          refBlock: { number: head.number, id: head.id },
          expiration: head.time + BigInt(expirationMs),
          timestamp: BigInt(Date.now()),
        });
      } catch (error) {
        throw new ChainBackendError(chainId, `signing the deployer's creation: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await affordable(signed, feeLimit, "the deployer's creation");
      return signed;
    },
    async signSweep(factory, items) {
      if (items.length === 0) throw new TypeError('a sweep needs at least one forwarder');
      return sign(factory, tronSweepCalldata.sweep(items));
    },
    async broadcast(raw) {
      const answer = await call('/wallet/broadcasttransaction', raw);
      if (answer.result === true) return;
      const code = typeof answer.code === 'string' ? answer.code : undefined;
      if (code === 'DUP_TRANSACTION_ERROR') return;
      const message = `${code ?? 'no code'}${answer.message ? ` ${textOfTronBytes(answer.message)}` : ''}`;
      if (code === undefined || MAYBE_ACCEPTED.has(code)) {
        throw failure(`/wallet/broadcasttransaction: ${message}`);
      }
      throw new BroadcastRejectedError(chainId, `the node refused the transaction: ${message}`);
    },
    async receipt(hash) {
      const info = await callSolidity('/walletsolidity/gettransactioninfobyid', { value: hash });
      if (info.id === undefined) return null;
      const receipt = (info.receipt ?? {}) as Record<string, unknown>;
      if (info.blockNumber === undefined) throw failure(`the info of ${hash} has no block number`);
      const succeeded = info.result !== 'FAILED' && receipt.result === 'SUCCESS';
      const contractResult = Array.isArray(info.contractResult) ? String(info.contractResult[0] ?? '') : '';
      const detail = textOfTronBytes(info.resMessage) ?? tronRevertReason(contractResult);
      const result = typeof receipt.result === 'string' ? receipt.result : 'FAILED';
      return {
        status: succeeded ? 'success' : 'reverted',
        blockNumber: amount(info.blockNumber, 'blockNumber'),
        energyUsed: amount(receipt.energy_usage_total, 'energy_usage_total'),
        bandwidthUsed: amount(receipt.net_usage, 'net_usage'),
        feeSun: amount(info.fee, 'fee'),
        ...(succeeded ? {} : { reason: detail ? `${result}: ${detail}` : result }),
      };
    },
  };
}
