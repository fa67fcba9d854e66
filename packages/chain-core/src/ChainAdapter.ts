import type { ChainDefinition, CoinDefinition } from '@cairn/contract';
import type { ChainFacts } from './ChainFacts.js';
import type { ChainBackend, ChainObserver, CreateObserverInput } from './ChainObserver.js';

/** What a merchant typed as a wallet for one chain: an extended public key, an address, ... */
export interface WalletInput {
  readonly chainId: string;
  readonly value: string;
}

/** Outcome of validating a merchant wallet. */
export type WalletValidation =
  | {
      readonly ok: true;
      /** The value to store (e.g. a canonical extended key, an EIP-55 address). */
      readonly normalized: string;
      /** What kind of wallet it is, e.g. `p2wpkh` for a vpub, `p2pkh` for a tpub. */
      readonly kind: string;
      /** A short, human outcome (e.g. `EIP-55 verified`, `Canonicalized`). */
      readonly outcome: string;
    }
  | {
      readonly ok: false;
      /** A stable machine code, e.g. `WRONG_XPUB_VARIANT`, `CHECKSUM_MISMATCH`. */
      readonly code: string;
      /** A message a merchant can act on, naming what was expected. */
      readonly message: string;
    };

/** Outcome of validating an address a customer typed (e.g. a refund address) for one chain. */
export type AddressValidation =
  | {
      readonly ok: true;
      /** The address to store and pay to (canonical case, prefix included where the family has one). */
      readonly normalized: string;
    }
  | {
      readonly ok: false;
      /** A stable machine code, e.g. `WRONG_NETWORK`, `INVALID_ADDRESS`. */
      readonly code: string;
      /** A message a customer can act on, naming the network expected. */
      readonly message: string;
    };

/** The on-chain target a customer pays for one payment. */
export interface DepositTarget {
  /** The address the customer pays to. */
  readonly address: string;
  /** Destination tag, memo or reference where the family needs one; empty string otherwise. */
  readonly memo: string;
  /**
   * What the chain watcher matches observed outputs against (`ObservedOutput.matchKey`), e.g. the
   * scriptPubKey in hex on UTXO chains, so one address in several encodings (CashAddr and legacy) is
   * one target. Absent: the address itself.
   */
  readonly matchKey?: string;
  /**
   * The same target as one address that carries the tag or memo inside it, for wallets that take it
   * (XRP: the X-address of the address and tag; Stellar: the muxed `M...` address of the account and
   * ID). Absent where the family has no such encoding.
   */
  readonly alternateAddress?: string;
}

/** Everything needed to derive one payment's deposit target. */
export interface DeriveDepositTargetInput {
  readonly chain: ChainDefinition;
  /** The wallet as stored after validation (`normalized`). */
  readonly wallet: string;
  /** The per-wallet derivation index allocated for this payment (UTXO receive chain `0/index`). */
  readonly index: number;
  /** The payment id, for families that derive from it (CREATE2 salts, references). */
  readonly paymentId: string;
}

/** Everything needed to build a payment URI for a wallet app. */
export interface PaymentUriInput {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
  readonly target: DepositTarget;
  /** Amount in the coin's smallest unit. */
  readonly amount: bigint;
  /** Optional label shown by the wallet (merchant or business name). */
  readonly label?: string;
}

/**
 * One chain family behind one interface (docs/design.md). Chains never leak into the lifecycle
 * module: the server only talks to adapters through this interface; chain observation goes through
 * the {@link ChainObserver} an adapter opens.
 */
export interface ChainAdapter {
  /** The family this adapter serves; it must serve every chain of that family it is registered for. */
  readonly family: ChainDefinition['family'];
  /** Validates a merchant wallet for `chainId` (variant, checksum, network). Pure, no I/O. */
  validateWallet(input: WalletInput): WalletValidation;
  /** Derives the deposit target of one payment. Pure, no I/O; deterministic for the same input. */
  deriveDepositTarget(input: DeriveDepositTargetInput): DepositTarget;
  /**
   * Opens an observer of the chain on a backend (a node's JSON-RPC, an Esplora server, ...), used by
   * the server's generic chain watcher. Absent: the family cannot be watched yet.
   */
  createObserver?(input: CreateObserverInput): ChainObserver;
  /**
   * Families whose wallets need a one-time on-chain setup before they can take payments (EVM: the
   * merchant's forwarder factory, deployed once per treasury and chain): the address that setup
   * creates, computed offline. Absent: wallets are usable as soon as they are stored.
   */
  onboardingAddress?(input: { chain: ChainDefinition; wallet: string }): string;
  /**
   * Reads the merchant's account on the chain once a wallet is stored and says what would keep
   * payments from reaching it (XRP Ledger: an account that does not exist yet, no RequireDest flag;
   * Stellar: no account, no trustline to a token the chain offers). Each string is a sentence the
   * merchant can act on; none: nothing to say. It may throw when the backend cannot be read (the
   * caller says nothing then). Absent: the family has nothing to check.
   */
  walletAdvice?(input: {
    readonly chain: ChainDefinition;
    readonly backend: ChainBackend;
    readonly wallet: string;
  }): Promise<readonly string[]>;
  /**
   * Asks the node which network it serves and reads each known token contract of the chain (code,
   * `decimals()`, `symbol()`); the server compares them with the registry at start. Throws when the
   * node cannot be reached. Absent: the family has nothing to check.
   */
  readChainFacts?(input: {
    readonly chain: ChainDefinition;
    readonly backend: ChainBackend;
  }): Promise<ChainFacts>;
  /** Builds the payment URI (BIP21, EIP-681, Solana Pay, SEP-7, XRP). */
  buildPaymentUri(input: PaymentUriInput): string;
  /**
   * Validates an address a customer typed for `chainId` (a refund address): encoding, checksum and
   * network. Pure, no I/O. Optional until every family implements it; the checkout refuses refund
   * requests on a chain whose adapter lacks it.
   */
  validateAddress?(chainId: string, address: string): AddressValidation;
}
