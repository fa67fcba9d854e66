import type { ChainDefinition, StrayFundsKind } from '@cairn/contract';

/**
 * The observation side of a chain adapter, family-neutral (docs/design.md). A generic watcher in
 * the server follows the tip through {@link HeaderSource}, detects reorgs by parent-hash continuity and
 * finds payments either by scanning every block and the mempool ({@link BlockScanObserver}) or, for
 * backends that can only answer per address, by polling the watched targets ({@link TargetPollObserver}).
 * Observers only read the chain; they never decide what an output means for a payment.
 */

/** A block's place on the chain. */
export interface BlockRef {
  readonly height: number;
  readonly hash: string;
}

/** A block header as far as the watcher needs it: where it sits and what it builds on. */
export interface BlockHeader extends BlockRef {
  /** The hash of the block it builds on; null for the genesis block. */
  readonly parentHash: string | null;
}

/** One output (UTXO) or transfer (account chains) that pays some target. */
export interface ObservedOutput {
  readonly txid: string;
  /** Output index (UTXO) or log index (EVM). */
  readonly index: number;
  /**
   * What the watcher matches against deposit targets: the target's `matchKey` (a scriptPubKey in hex
   * on UTXO chains), or its address when the family sets none.
   */
  readonly matchKey: string;
  /** Smallest units. */
  readonly amount: bigint;
  /** The coin paid, where a chain carries several (tokens); undefined for the chain's native coin. */
  readonly coinSymbol?: string;
  /**
   * The account paid, for families whose match key adds a tag or memo to an account the merchant owns
   * (`<account>:<tag>`: XRP Ledger, Stellar): the watcher logs a transfer to a watched account whose
   * match key is no payment's (a missing or wrong destination tag) instead of dropping it silently.
   */
  readonly account?: string;
}

/**
 * Money that reached a merchant's account without being a payment to any target, as the observer
 * knows it (docs/stray-funds.md): a transfer without a Solana Pay reference, an XRP Check or Escrow
 * naming the account, a Stellar claimable balance, a Monero transfer with an unlock time. A transfer
 * with a missing or wrong tag or memo needs no observer's word: the watcher finds it from `account`.
 */
export interface ObservedStray extends ObservedOutput {
  readonly kind: Exclude<StrayFundsKind, 'other_coin'>;
  /** The merchant account (the wallet as stored) the money names. */
  readonly account: string;
  /**
   * Where the money landed, when that is not the account itself (Monero: the payment's subaddress;
   * the stored wallet holds the private view key and is never shown).
   */
  readonly address?: string;
}

/** A block with every output it creates. */
export interface ObservedBlock extends BlockHeader {
  readonly outputs: readonly ObservedOutput[];
  /** Stray money the observer recognised in the block; the watcher records it for the merchant. */
  readonly strays?: readonly ObservedStray[];
}

/** A target a {@link TargetPollObserver} is asked about. */
export interface PolledTarget {
  readonly matchKey: string;
  readonly address: string;
  /**
   * The merchant wallet the target was derived from, as stored (`WalletValidation.normalized`), and
   * the payment's derivation index: for families whose backend must be told which wallet and index to
   * look at (Monero: a view-only wallet per merchant wallet, one subaddress per index).
   */
  readonly wallet?: { readonly value: string; readonly index: number };
}

/** An output paying a polled target, with where the backend says it is. */
export interface TargetActivity extends ObservedOutput {
  /** The block the backend reports it in; null while it is in the mempool. */
  readonly block: BlockRef | null;
}

/** Following the tip: every observer can do this. */
export interface HeaderSource {
  readonly chainId: string;
  /** The backend's best block. */
  tip(): Promise<BlockRef>;
  /**
   * Chains with a finality rule of their own (TRON's solidified block): the height at and below which
   * blocks are final. A transfer in such a block counts at its full required depth; one above it never
   * does, however many blocks follow. Without it, depth is counted from the tip.
   */
  finalizedHeight?(): Promise<number>;
  /** The hash of the active chain's block at `height`, or null above the tip. */
  blockHashAt(height: number): Promise<string | null>;
  /** A block header by hash. */
  header(hash: string): Promise<BlockHeader>;
  /**
   * A fact naming the network the backend serves, cheap to read and the same for as long as that
   * network lives (the genesis block's hash; EVM: the chain id with it). The watcher stores it the
   * first time and takes a different answer for a node on another network or a reset chain. Absent
   * where a family cannot read one cheaply (a reset chain is then told by its tip alone: far below the
   * stored one, with no common ancestor in the kept headers).
   */
  networkIdentity?(): Promise<string>;
  /**
   * Whether the node says it is still catching up with its network (Bitcoin Core's initial block
   * download, an EVM node's `eth_syncing`): a tip below the watcher's cursor is then a node
   * resyncing, waited for, not a reset chain. Absent: the family cannot tell.
   */
  catchingUp?(): Promise<boolean>;
  /**
   * Resolves when a block arrives or after `timeoutMs`, whichever is first: a long-poll where the
   * backend has one (Bitcoin Core's `waitfornewblock`). Absent: the watcher sleeps instead.
   */
  waitForBlock?(timeoutMs: number): Promise<void>;
  /** Releases connections. */
  close?(): Promise<void>;
}

/** Finds payments by scanning whole blocks and the mempool: cost per block, not per open payment. */
export interface BlockScanObserver extends HeaderSource {
  readonly strategy: 'block-scan';
  /** A block with all its outputs. */
  block(hash: string): Promise<ObservedBlock>;
  /** The ids of the transactions in the mempool now. */
  mempoolTxids(): Promise<readonly string[]>;
  /** The outputs of these mempool transactions; transactions that left the mempool are skipped. */
  mempoolOutputs(txids: readonly string[]): Promise<readonly ObservedOutput[]>;
  /**
   * Account chains: native coin credited to these targets in `block` that its outputs do not show,
   * found by comparing each target's balance before and after the block (EVM: value sent from inside
   * a contract never appears as a transaction to the target). Costs one batched balance read per
   * target and block, so the watcher asks only about open targets paid in the native coin. Absent:
   * every credit is an output of `block()` (UTXO chains).
   */
  hiddenCredits?(block: ObservedBlock, targets: readonly PolledTarget[]): Promise<readonly ObservedOutput[]>;
}

/** What a target poll found, and which targets it could not read this time. */
export interface TargetPollResult {
  /** Every output paying the targets read, in blocks or in the mempool. */
  readonly activity: readonly TargetActivity[];
  /**
   * The match keys of targets the backend could not read this time (Monero: a merchant's view-only
   * wallet that failed): the watcher changes nothing about them until a later poll reads them.
   */
  readonly unread: readonly string[];
  /** Stray money the backend reported for the targets' accounts (Monero: locked transfers). */
  readonly strays?: readonly (ObservedStray & { readonly block: BlockRef | null })[];
}

/** Finds payments by asking the backend about each watched target (Esplora's address API). */
export interface TargetPollObserver extends HeaderSource {
  readonly strategy: 'target-poll';
  /**
   * Every output paying these targets that the backend knows. Throws when the backend cannot be read
   * at all; a backend that fails for some targets only reports them as `unread`.
   */
  targetActivity(targets: readonly PolledTarget[]): Promise<TargetPollResult>;
  /**
   * Drops what the backend keeps for a merchant wallet that was removed and none of whose targets is
   * watched any more (Monero: closes its view-only wallet and deletes the file). Called once per
   * wallet and process by the watcher; absent where the backend keeps nothing per wallet.
   */
  forgetWallet?(wallet: string): Promise<void>;
}

export type ChainObserver = BlockScanObserver | TargetPollObserver;

/** How to reach a chain: a node's JSON-RPC (block scan) or an Esplora REST server (target polling). */
export type ChainBackend =
  | {
      readonly kind: 'json-rpc';
      readonly url: string;
      readonly timeoutMs?: number;
      /**
       * Monero: the monero-wallet-rpc processes that keep the view-only wallets, sharing one wallet
       * directory (`url` is the daemon's RPC).
       */
      readonly walletRpcUrls?: readonly string[];
      /**
       * Monero: the wallet RPCs' `--wallet-dir` as the gateway sees it; set, a removed merchant
       * wallet's view-only files are deleted there once none of its payments is watched.
       */
      readonly walletDir?: string;
      /**
       * Monero: the gateway's secret each view-only wallet file's password is derived from (an HMAC
       * of the file name); unset, the files have no password.
       */
      readonly walletSecret?: Uint8Array;
      /** Extra HTTP headers of every request to `url` (a hosted node's API key); secret, never logged. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      readonly kind: 'esplora';
      readonly url: string;
      readonly timeoutMs?: number;
      /** Extra HTTP headers of every request to `url`; secret, never logged. */
      readonly headers?: Readonly<Record<string, string>>;
    };

/** Where an observer reports what it saw and left out (pino's argument order: fields, message). */
export interface ObserverLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info?(fields: Record<string, unknown>, message: string): void;
}

/** Everything needed to open an observer for one chain. */
export interface CreateObserverInput {
  readonly chain: ChainDefinition;
  readonly backend: ChainBackend;
  readonly log?: ObserverLog;
  /**
   * Milliseconds since the epoch by the caller's clock (the server passes its injectable clock), for
   * an observer's time-based rules (Solana: how long a transfer without a known reference is kept
   * before it is reported as stray). Absent: `Date.now`.
   */
  readonly now?: () => number;
}

/** Raised by an observer when its backend fails or answers something unusable. */
export class ChainBackendError extends Error {
  readonly code = 'CHAIN_BACKEND_ERROR';
  constructor(
    readonly chainId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${chainId}: ${message}`, options);
    this.name = 'ChainBackendError';
  }
}

/**
 * A node answered a broadcast with a refusal (insufficient funds, a used nonce, an expired or
 * malformed transaction): the transaction is not in its pool and will not be mined as it is. A
 * timeout or a connection failure is a plain {@link ChainBackendError} instead (it may have arrived).
 */
export class BroadcastRejectedError extends ChainBackendError {
  override readonly name = 'BroadcastRejectedError';
}

/**
 * A node's simulation of a transaction (an `eth_call`, a TRON constant call) says it would revert:
 * nothing was signed or sent. Unlike a plain {@link ChainBackendError} (the node could not be
 * asked), asking again gives the same answer until the chain's state changes.
 */
export class WouldRevertError extends ChainBackendError {
  override readonly name = 'WouldRevertError';
}
