/**
 * A programmable fake of Horizon, Stellar's REST API, for tests (no stellar-core or Horizon exists on
 * this machine). It serves, over node:http on 127.0.0.1, the HAL JSON Horizon serves, shaped after:
 *
 * - the SDK's typings (`@stellar/stellar-sdk` 15.1.0, `lib/horizon/server_api.d.ts` `LedgerRecord`,
 *   `lib/horizon/horizon_api.d.ts` `PaymentOperationResponse`, `PathPaymentOperationResponse`,
 *   `PathPaymentStrictSendOperationResponse`, `CreateAccountOperationResponse`,
 *   `CreateClaimableBalanceOperationResponse` (`Claimant`, `Predicate`), `TransactionResponse`,
 *   `AccountResponse`, `BalanceLine`);
 * - Horizon's API reference examples (https://developers.stellar.org/docs/data/horizon/api-reference:
 *   "The Ledger Object", "The Payment Object", "Retrieve a Ledger's Payments", "Retrieve a Ledger's
 *   Operations", "Create Claimable Balance" (its `asset` in SEP-11 form, `native` or `CODE:ISSUER`),
 *   "Pagination", "Response Format": `_links`, `_embedded.records`, `paging_token`, problem+json
 *   errors).
 *
 * What is real: every transaction is built with the SDK's TransactionBuilder, signed offline with a
 * Keypair and decoded back from its envelope XDR, so `hash`, `envelope_xdr`, the operation's
 * destination (a `G...` or muxed `M...`), asset, amount and memo are what stellar-core would see; a
 * payment `viaContract` is a real Soroban call of the asset's contract (see fakeContractTransfer.ts).
 * Ledger headers are real `LedgerHeader` XDR (`header_xdr`) and a ledger's `hash` is the SHA-256 of it,
 * chained through `previousLedgerHash`. Operation and transaction ids are TOIDs (ledger << 32 | tx
 * order << 12 | operation index), as Horizon's. What is not real: balances are not debited or checked
 * (a payment always succeeds unless marked failed), `result_xdr`/`result_meta_xdr`/`fee_meta_xdr` are
 * left out, and only the endpoints below exist:
 *
 * `GET /`, `GET /ledgers` (order, limit, cursor), `GET /ledgers/{seq}`, `GET /ledgers/{seq}/operations`
 * (every operation) and `GET /ledgers/{seq}/payments` (its payment records: not a claimable balance),
 * both with order, limit, cursor, join=transactions, include_failed; `GET /transactions/{hash}`,
 * `GET /accounts/{id}`.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseUnits } from '@cairn/chain-core';
import {
  Account,
  Asset,
  Claimant,
  Keypair,
  Memo,
  MuxedAccount,
  Networks,
  Operation,
  StrKey,
  hash as sha256,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { contractTransferOperation, describeContractTransfer } from './fakeContractTransfer.js';

/** An asset the fake pays: XLM or an issued asset (code, issuer). */
export type FakeAsset = 'XLM' | { readonly code: string; readonly issuer: string };

/** One payment into the next closed ledger. */
export interface FakePayment {
  /** The destination: an account `G...` or a muxed address `M...`. */
  readonly to: string;
  /** An ID memo on the transaction (uint64 in decimal). */
  readonly memoId?: string;
  /** A text memo on the transaction (at most 28 bytes). */
  readonly memoText?: string;
  /** What the destination receives, in stroops (bigint) or as a decimal string (`"12.5"`). */
  readonly amount: bigint | string;
  readonly asset: FakeAsset;
  /** Pay with a path payment (XLM in, `asset` out): strict-receive (`true`) or strict-send. */
  readonly pathPayment?: boolean | 'strict-receive' | 'strict-send';
  /**
   * Pay through the asset's Stellar Asset Contract instead (`transfer(from, to, amount)`, as a
   * Soroban smart wallet does): Horizon lists it as an `invoke_host_function` with
   * `asset_balance_changes`. Takes no memo (pay a muxed `M...` address to carry an ID).
   */
  readonly viaContract?: boolean;
  /** The transaction fails (e.g. `op_underfunded`): in the ledger, but nothing moves. */
  readonly failed?: boolean;
  /** The paying account's keypair (default: the fake's funded payer). */
  readonly from?: Keypair;
}

/** A claimant of a claimable balance: an account that may claim it at any time, or under `predicate`. */
export type FakeClaimant = string | { readonly destination: string; readonly predicate: xdr.ClaimPredicate };

/** One `create_claimable_balance` into the next closed ledger. */
export interface FakeClaimableBalance {
  /** Who may claim it (accounts `G...`; Stellar takes one to ten). */
  readonly claimants: readonly FakeClaimant[];
  /** The balance, in stroops (bigint) or as a decimal string. */
  readonly amount: bigint | string;
  readonly asset: FakeAsset;
  /** An ID memo on the transaction (uint64 in decimal). */
  readonly memoId?: string;
  /** The transaction fails: in the ledger, but no balance is created. */
  readonly failed?: boolean;
  /** The creating account's keypair (default: the fake's funded payer). */
  readonly from?: Keypair;
}

/** A balance line the fake reports for an account. */
export interface FakeTrustline {
  readonly code: string;
  readonly issuer: string;
  /** Decimal string, default `"0.0000000"`. */
  readonly balance?: string;
  readonly limit?: string;
  readonly authorized?: boolean;
}

/** The fake Horizon a test drives. */
export interface FakeHorizon {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly networkPassphrase: string;
  /** The default payer's keypair (funded account). */
  readonly payer: Keypair;
  /** The newest closed ledger's sequence. */
  tipSequence(): number;
  /** The hash of closed ledger `sequence`, or undefined. */
  ledgerHash(sequence: number): string | undefined;
  /**
   * Builds, signs and queues a one-operation transaction into the next ledger `closeLedgers` closes;
   * resolves with its hash (hex).
   */
  pay(payment: FakePayment): Promise<string>;
  /**
   * Builds, signs and queues a transaction with one `create_claimable_balance` (listed among the
   * ledger's operations, not its payments); resolves with its hash.
   */
  createClaimableBalance(balance: FakeClaimableBalance): Promise<string>;
  /** Queues a `create_account` of `account` (starting balance in stroops or decimal); returns the tx hash. */
  createAccount(account: string, startingBalance: bigint | string): Promise<string>;
  /** Closes `n` ledgers (default 1): the first takes every queued transaction. Returns the new tip. */
  closeLedgers(n?: number): number;
  /**
   * A testnet reset, as SDF resets the Stellar testnet: every ledger and transaction is forgotten and
   * the network starts again from ledger 1 up to `ledgers` (default 5), each with a hash it never had
   * before; accounts set with `setAccount` stay. Returns the new tip.
   */
  reset(ledgers?: number): number;
  /** Sets what `GET /accounts/{id}` answers for `account` (XLM balance and trustlines). */
  setAccount(
    account: string,
    state: { readonly xlm?: string; readonly trustlines?: readonly FakeTrustline[] },
  ): void;
  /** Every request served so far (method and URL path with query). */
  readonly requests: readonly string[];
  /**
   * Misbehave like a proxy or an old Horizon that ignores `join=transactions` (while `on`): payment
   * records come without their `transaction`.
   */
  dropJoinedTransactions(on: boolean): void;
  /** Answer the next `count` requests whose path starts with `prefix` with HTTP `status` (default 503). */
  failNext(prefix: string, count?: number, status?: number): void;
  stop(): Promise<void>;
}

/** Options of {@link startFakeHorizon}. */
export interface FakeHorizonOptions {
  /** `testnet` (default) or `public`: the passphrase transactions are signed for. */
  readonly network?: 'testnet' | 'public';
  /** The tip when the fake starts (ledgers 1 to it exist, empty); default 20. */
  readonly startLedger?: number;
  /**
   * The oldest ledger this Horizon has (`history_elder_ledger`; default 1): older ones answer HTTP 410
   * `before_history` and are missing from `/ledgers`, like a Horizon that ingests from a recent
   * ledger or prunes its history.
   */
  readonly historyFrom?: number;
  /**
   * Print `to_muxed_id` as a JSON number (`"to_muxed_id": 42`), as Horizon's muxed-account
   * announcement shows it, rather than as a string; IDs above 2^53 stay exact in the text.
   */
  readonly muxedIdAsNumber?: boolean;
}

const STROOPS = 10_000_000n;
const EPOCH = Date.UTC(2025, 0, 1) / 1000;
const LEDGER_SECONDS = 5;
const PROTOCOL = 23;
const BASE_FEE = 100;
const BASE_RESERVE = 5_000_000;
const TOTAL_COINS = '105443902087.3472865';
const NOT_FOUND = {
  type: 'https://stellar.org/horizon-errors/not_found',
  title: 'Resource Missing',
  status: 404,
  detail:
    'The resource at the url requested was not found.  This usually occurs for one of two reasons:  The url requested is not valid, or no data in our database could be found with the parameters provided.',
};

/** Horizon's `problem.BeforeHistory`: a ledger older than the oldest one it keeps. */
const BEFORE_HISTORY = {
  type: 'https://stellar.org/horizon-errors/before_history',
  title: 'Data Requested Is Before Recorded History',
  status: 410,
  detail:
    "This horizon instance is configured to only track a portion of the stellar network's latest history. This request is asking for results prior to the recorded history known to this horizon instance.",
};

function decimalOf(amount: bigint | string): string {
  if (typeof amount === 'string') return amount;
  const whole = amount / STROOPS;
  const fraction = (amount % STROOPS).toString().padStart(7, '0');
  return `${whole}.${fraction}`;
}

/** Horizon prints amounts with exactly 7 decimals. */
function horizonAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(7, '0')}`;
}

function toid(ledger: number, txOrder: number, opIndex: number): string {
  return ((BigInt(ledger) << 32n) | (BigInt(txOrder) << 12n) | BigInt(opIndex)).toString();
}

function assetFields(asset: Asset, prefix = ''): Record<string, string> {
  if (asset.isNative()) return { [`${prefix}asset_type`]: 'native' };
  return {
    [`${prefix}asset_type`]: asset.getCode().length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
    [`${prefix}asset_code`]: asset.getCode(),
    [`${prefix}asset_issuer`]: asset.getIssuer(),
  };
}

function sdkAsset(asset: FakeAsset): Asset {
  return asset === 'XLM' ? Asset.native() : new Asset(asset.code, asset.issuer);
}

/** A destination as Horizon prints it: `to` is the account; a muxed one adds `to_muxed(_id)`. */
function destinationFields(destination: string): Record<string, string> {
  if (!StrKey.isValidMed25519PublicKey(destination)) return { to: destination };
  const muxed = MuxedAccount.fromAddress(destination, '0');
  const id = BigInt(muxed.id());
  // Horizon's `to_muxed_id` is `omitempty`: ID 0 is left out.
  return {
    to: muxed.baseAccount().accountId(),
    to_muxed: destination,
    ...(id === 0n ? {} : { to_muxed_id: id.toString() }),
  };
}

/**
 * A claim predicate as Horizon prints it (`unconditional`, `and`, `or`, `not`, `abs_before` as RFC 3339
 * with `abs_before_epoch`, `rel_before` in seconds).
 */
function predicateJson(predicate: xdr.ClaimPredicate): Record<string, unknown> {
  switch (predicate.switch().name) {
    case 'claimPredicateUnconditional':
      return { unconditional: true };
    case 'claimPredicateAnd':
      return { and: predicate.andPredicates().map(predicateJson) };
    case 'claimPredicateOr':
      return { or: predicate.orPredicates().map(predicateJson) };
    case 'claimPredicateNot': {
      const inner = predicate.notPredicate();
      return inner ? { not: predicateJson(inner) } : { not: null };
    }
    case 'claimPredicateBeforeAbsoluteTime': {
      const epoch = predicate.absBefore().toString();
      return {
        abs_before: new Date(Number(epoch) * 1000).toISOString().replace('.000Z', 'Z'),
        abs_before_epoch: epoch,
      };
    }
    case 'claimPredicateBeforeRelativeTime':
      return { rel_before: predicate.relBefore().toString() };
    default:
      throw new Error(`unknown claim predicate ${predicate.switch().name}`);
  }
}

/** The operation types Horizon lists among payments (`/payments` endpoints). */
const PAYMENT_TYPES: ReadonlySet<string> = new Set([
  'create_account',
  'payment',
  'path_payment_strict_receive',
  'path_payment_strict_send',
  'account_merge',
  'invoke_host_function',
]);

interface FakeTx {
  readonly hash: string;
  readonly envelope: string;
  readonly successful: boolean;
  readonly source: string;
  readonly sequence: string;
  readonly memoType: string;
  readonly memo?: string;
  readonly signatures: string[];
  /** Operation fields as Horizon prints them (minus the common ones). */
  readonly operations: Record<string, unknown>[];
}

interface Ledger {
  readonly sequence: number;
  readonly hash: string;
  readonly prevHash: string;
  readonly headerXdr: string;
  readonly closedAt: string;
  readonly txs: readonly FakeTx[];
}

/** Starts a fake Horizon on 127.0.0.1 (a free port); see the module comment for what it serves. */
export async function startFakeHorizon(options: FakeHorizonOptions = {}): Promise<FakeHorizon> {
  const networkPassphrase = options.network === 'public' ? Networks.PUBLIC : Networks.TESTNET;
  const payer = Keypair.fromRawEd25519Seed(createHash('sha256').update('cairn fake horizon payer').digest());
  const sequences = new Map<string, bigint>();
  const ledgers: Ledger[] = [];
  const byTxHash = new Map<string, { tx: FakeTx; ledger: Ledger; order: number }>();
  const accounts = new Map<string, { xlm: string; trustlines: readonly FakeTrustline[] }>();
  let pending: FakeTx[] = [];
  const requests: string[] = [];
  const failures: { prefix: string; remaining: number; status: number }[] = [];
  let dropJoin = false;
  const historyFrom = options.historyFrom ?? 1;
  /** The first close time's base: moved by a reset, so the new ledgers' hashes are new. */
  let epoch = EPOCH;

  function close(): Ledger {
    const previous = ledgers.at(-1);
    const sequence = (previous?.sequence ?? 0) + 1;
    const prevHash = previous?.hash ?? '0'.repeat(64);
    const closeTime = epoch + sequence * LEDGER_SECONDS;
    const txs = pending;
    pending = [];
    const txSetHash = sha256(Buffer.from(txs.map((t) => t.hash).join(''), 'utf8'));
    const zero = Buffer.alloc(32);
    const header = new xdr.LedgerHeader({
      ledgerVersion: PROTOCOL,
      previousLedgerHash: Buffer.from(prevHash, 'hex'),
      scpValue: new xdr.StellarValue({
        txSetHash,
        closeTime: xdr.Uint64.fromString(String(closeTime)),
        upgrades: [],
        ext: xdr.StellarValueExt.stellarValueBasic(),
      }),
      txSetResultHash: zero,
      bucketListHash: zero,
      ledgerSeq: sequence,
      totalCoins: xdr.Int64.fromString('1054439020873472865'),
      feePool: xdr.Int64.fromString('0'),
      inflationSeq: 0,
      idPool: xdr.Uint64.fromString('0'),
      baseFee: BASE_FEE,
      baseReserve: BASE_RESERVE,
      maxTxSetSize: 1000,
      skipList: [zero, zero, zero, zero],
      ext: new xdr.LedgerHeaderExt(0),
    });
    const raw = header.toXDR();
    const ledger: Ledger = {
      sequence,
      hash: sha256(raw).toString('hex'),
      prevHash,
      headerXdr: raw.toString('base64'),
      closedAt: new Date(closeTime * 1000).toISOString().replace('.000Z', 'Z'),
      txs,
    };
    ledgers.push(ledger);
    txs.forEach((tx, i) => {
      byTxHash.set(tx.hash, { tx, ledger, order: i + 1 });
    });
    return ledger;
  }

  for (let i = 0; i < (options.startLedger ?? 20); i += 1) close();

  function nextSequence(source: string): string {
    const next = (sequences.get(source) ?? BigInt(ledgers.length) << 32n) + 1n;
    sequences.set(source, next);
    return next.toString();
  }

  /** Builds, signs and decodes back a transaction with one operation; queues it. */
  function submit(
    from: Keypair,
    operation: xdr.Operation,
    memo: Memo | undefined,
    successful: boolean,
    describe: (decoded: Operation) => Record<string, unknown>,
  ): string {
    const source = from.publicKey();
    const sequence = nextSequence(source);
    // TransactionBuilder increments the account's sequence: start one below.
    const builder = new TransactionBuilder(new Account(source, (BigInt(sequence) - 1n).toString()), {
      fee: String(BASE_FEE),
      networkPassphrase,
    })
      .addOperation(operation)
      .setTimeout(0);
    if (memo) builder.addMemo(memo);
    const built = builder.build();
    built.sign(from);
    const envelope = built.toEnvelope().toXDR('base64');
    // Decode it back: what follows is read from the signed envelope, as Horizon would.
    const tx = TransactionBuilder.fromXDR(envelope, networkPassphrase);
    if ('innerTransaction' in tx) throw new Error('unexpected fee bump');
    const decodedMemo = tx.memo;
    const fake: FakeTx = {
      hash: tx.hash().toString('hex'),
      envelope,
      successful,
      source: tx.source,
      sequence: tx.sequence,
      memoType: decodedMemo.type,
      ...(decodedMemo.type === 'id' || decodedMemo.type === 'text'
        ? { memo: String(decodedMemo.value) }
        : {}),
      signatures: tx.signatures.map((s) => s.signature().toString('base64')),
      operations: tx.operations.map((op) => describe(op)),
    };
    pending.push(fake);
    return fake.hash;
  }

  function memoOf(payment: { memoId?: string; memoText?: string }): Memo | undefined {
    if (payment.memoId !== undefined) return Memo.id(payment.memoId);
    if (payment.memoText !== undefined) return Memo.text(payment.memoText);
    return undefined;
  }

  async function pay(payment: FakePayment): Promise<string> {
    const from = payment.from ?? payer;
    const asset = sdkAsset(payment.asset);
    const amount = decimalOf(payment.amount);
    const mode = payment.pathPayment === true ? 'strict-receive' : payment.pathPayment || undefined;
    let operation: xdr.Operation;
    if (payment.viaContract) {
      if (mode !== undefined || payment.memoId !== undefined || payment.memoText !== undefined) {
        throw new Error(
          'a contract transfer is neither a path payment nor carries a memo: pay an M... address',
        );
      }
      operation = contractTransferOperation(
        from.publicKey(),
        payment.to,
        asset,
        parseUnits(amount, 7),
        networkPassphrase,
      );
    } else if (mode === 'strict-receive') {
      operation = Operation.pathPaymentStrictReceive({
        sendAsset: Asset.native(),
        sendMax: '100000',
        destination: payment.to,
        destAsset: asset,
        destAmount: amount,
        path: [],
      });
    } else if (mode === 'strict-send') {
      operation = Operation.pathPaymentStrictSend({
        sendAsset: Asset.native(),
        sendAmount: '1000',
        destination: payment.to,
        destAsset: asset,
        destMin: amount,
        path: [],
      });
    } else {
      operation = Operation.payment({ destination: payment.to, asset, amount });
    }
    return submit(from, operation, memoOf(payment), payment.failed !== true, (op) => {
      if (op.type === 'invokeHostFunction') {
        return describeContractTransfer(op, assetFields(asset), (stroops) => decimalOf(stroops));
      }
      if (op.type === 'payment') {
        return {
          type: 'payment',
          type_i: 1,
          ...assetFields(op.asset),
          from: from.publicKey(),
          ...destinationFields(op.destination),
          amount: op.amount,
        };
      }
      if (op.type === 'pathPaymentStrictReceive') {
        return {
          type: 'path_payment_strict_receive',
          type_i: 2,
          ...assetFields(op.destAsset),
          from: from.publicKey(),
          ...destinationFields(op.destination),
          amount: op.destAmount,
          path: [],
          source_amount: horizonAmount('3.1415926'),
          source_max: op.sendMax,
          ...assetFields(op.sendAsset, 'source_'),
        };
      }
      if (op.type === 'pathPaymentStrictSend') {
        return {
          type: 'path_payment_strict_send',
          type_i: 13,
          ...assetFields(op.destAsset),
          from: from.publicKey(),
          ...destinationFields(op.destination),
          amount: op.destMin,
          path: [],
          source_amount: op.sendAmount,
          destination_min: op.destMin,
          ...assetFields(op.sendAsset, 'source_'),
        };
      }
      throw new Error(`unexpected operation ${op.type}`);
    });
  }

  async function createClaimableBalance(balance: FakeClaimableBalance): Promise<string> {
    const from = balance.from ?? payer;
    const operation = Operation.createClaimableBalance({
      asset: sdkAsset(balance.asset),
      amount: decimalOf(balance.amount),
      claimants: balance.claimants.map((c) =>
        typeof c === 'string' ? new Claimant(c) : new Claimant(c.destination, c.predicate),
      ),
    });
    return submit(from, operation, memoOf(balance), balance.failed !== true, (op) => {
      if (op.type !== 'createClaimableBalance') throw new Error(`unexpected operation ${op.type}`);
      return {
        type: 'create_claimable_balance',
        type_i: 14,
        sponsor: from.publicKey(),
        asset: op.asset.isNative() ? 'native' : `${op.asset.getCode()}:${op.asset.getIssuer()}`,
        amount: op.amount,
        claimants: op.claimants.map((c) => ({
          destination: c.destination,
          predicate: predicateJson(c.predicate),
        })),
      };
    });
  }

  async function createAccount(account: string, startingBalance: bigint | string): Promise<string> {
    const operation = Operation.createAccount({
      destination: account,
      startingBalance: decimalOf(startingBalance),
    });
    return submit(payer, operation, undefined, true, (op) => {
      if (op.type !== 'createAccount') throw new Error(`unexpected operation ${op.type}`);
      accounts.set(op.destination, { xlm: op.startingBalance, trustlines: [] });
      return {
        type: 'create_account',
        type_i: 0,
        starting_balance: op.startingBalance,
        funder: payer.publicKey(),
        account: op.destination,
      };
    });
  }

  // ---- HAL rendering -------------------------------------------------------------------------------

  let base = '';
  const link = (href: string, templated = false) => (templated ? { href, templated } : { href });

  function ledgerJson(l: Ledger) {
    const ops = l.txs.filter((t) => t.successful).reduce((n, t) => n + t.operations.length, 0);
    return {
      _links: {
        self: link(`${base}/ledgers/${l.sequence}`),
        transactions: link(`${base}/ledgers/${l.sequence}/transactions{?cursor,limit,order}`, true),
        operations: link(`${base}/ledgers/${l.sequence}/operations{?cursor,limit,order}`, true),
        payments: link(`${base}/ledgers/${l.sequence}/payments{?cursor,limit,order}`, true),
        effects: link(`${base}/ledgers/${l.sequence}/effects{?cursor,limit,order}`, true),
      },
      id: l.hash,
      paging_token: toid(l.sequence, 0, 0),
      hash: l.hash,
      prev_hash: l.prevHash,
      sequence: l.sequence,
      successful_transaction_count: l.txs.filter((t) => t.successful).length,
      failed_transaction_count: l.txs.filter((t) => !t.successful).length,
      operation_count: ops,
      tx_set_operation_count: l.txs.reduce((n, t) => n + t.operations.length, 0),
      closed_at: l.closedAt,
      total_coins: TOTAL_COINS,
      fee_pool: '0.0000000',
      base_fee_in_stroops: BASE_FEE,
      base_reserve_in_stroops: BASE_RESERVE,
      max_tx_set_size: 1000,
      protocol_version: PROTOCOL,
      header_xdr: l.headerXdr,
    };
  }

  function txJson(tx: FakeTx, ledger: Ledger, order: number) {
    const id = tx.hash;
    return {
      _links: {
        self: link(`${base}/transactions/${id}`),
        account: link(`${base}/accounts/${tx.source}`),
        ledger: link(`${base}/ledgers/${ledger.sequence}`),
        operations: link(`${base}/transactions/${id}/operations{?cursor,limit,order}`, true),
        effects: link(`${base}/transactions/${id}/effects{?cursor,limit,order}`, true),
        precedes: link(`${base}/transactions?order=asc&cursor=${toid(ledger.sequence, order, 0)}`),
        succeeds: link(`${base}/transactions?order=desc&cursor=${toid(ledger.sequence, order, 0)}`),
        transaction: link(`${base}/transactions/${id}`),
      },
      id,
      paging_token: toid(ledger.sequence, order, 0),
      successful: tx.successful,
      hash: tx.hash,
      ledger: ledger.sequence,
      created_at: ledger.closedAt,
      source_account: tx.source,
      source_account_sequence: tx.sequence,
      fee_account: tx.source,
      fee_charged: String(BASE_FEE * tx.operations.length),
      max_fee: String(BASE_FEE * tx.operations.length),
      operation_count: tx.operations.length,
      envelope_xdr: tx.envelope,
      memo_type: tx.memoType,
      ...(tx.memo === undefined ? {} : { memo: tx.memo }),
      ...(tx.memoType === 'text' && tx.memo !== undefined
        ? { memo_bytes: Buffer.from(tx.memo, 'utf8').toString('base64') }
        : {}),
      signatures: tx.signatures,
      valid_after: '1970-01-01T00:00:00Z',
      preconditions: { timebounds: { min_time: '0' } },
    };
  }

  function operationJson(tx: FakeTx, ledger: Ledger, order: number, index: number, join: boolean) {
    const id = toid(ledger.sequence, order, index + 1);
    return {
      _links: {
        self: link(`${base}/operations/${id}`),
        transaction: link(`${base}/transactions/${tx.hash}`),
        effects: link(`${base}/operations/${id}/effects`),
        succeeds: link(`${base}/effects?order=desc&cursor=${id}`),
        precedes: link(`${base}/effects?order=asc&cursor=${id}`),
      },
      id,
      paging_token: id,
      transaction_successful: tx.successful,
      source_account: tx.source,
      ...tx.operations[index],
      created_at: ledger.closedAt,
      transaction_hash: tx.hash,
      ...(join ? { transaction: txJson(tx, ledger, order) } : {}),
    };
  }

  function page(path: string, query: URLSearchParams, records: { paging_token: string }[], order: string) {
    const limit = query.get('limit') ?? '10';
    const q = (cursor: string, o: string) => {
      const params = new URLSearchParams(query);
      params.set('cursor', cursor);
      params.set('limit', limit);
      params.set('order', o);
      return `${base}${path}?${params.toString()}`;
    };
    const self = new URLSearchParams(query);
    const flip = order === 'asc' ? 'desc' : 'asc';
    return {
      _links: {
        self: link(`${base}${path}?${self.toString()}`),
        next: link(q(records.at(-1)?.paging_token ?? query.get('cursor') ?? '', order)),
        prev: link(q(records[0]?.paging_token ?? query.get('cursor') ?? '', flip)),
      },
      _embedded: { records },
    };
  }

  function window<T extends { paging_token: string }>(all: T[], query: URLSearchParams): T[] | string {
    const order = query.get('order') ?? 'asc';
    const limit = Number(query.get('limit') ?? '10');
    if (order !== 'asc' && order !== 'desc') return 'order';
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return 'limit';
    const cursor = query.get('cursor');
    const sorted = order === 'asc' ? all : [...all].reverse();
    const after =
      cursor === null || cursor === ''
        ? sorted
        : sorted.filter((r) =>
            order === 'asc'
              ? BigInt(r.paging_token) > BigInt(cursor)
              : BigInt(r.paging_token) < BigInt(cursor),
          );
    return after.slice(0, limit);
  }

  function badRequest(res: ServerResponse, name: string) {
    send(res, 400, {
      type: 'https://stellar.org/horizon-errors/bad_request',
      title: 'Bad Request',
      status: 400,
      detail: 'The request you sent was invalid in some way.',
      extras: { invalid_field: name, reason: `invalid ${name}` },
    });
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    const type =
      status === 200 ? 'application/hal+json; charset=utf-8' : 'application/problem+json; charset=utf-8';
    res.writeHead(status, { 'content-type': type });
    const text = JSON.stringify(body, null, 2);
    res.end(options.muxedIdAsNumber ? text.replace(/"to_muxed_id": "([0-9]+)"/g, '"to_muxed_id": $1') : text);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const failure = failures.find((f) => f.remaining > 0 && url.pathname.startsWith(f.prefix));
    if (failure) {
      failure.remaining -= 1;
      send(res, failure.status, {
        type: 'https://stellar.org/horizon-errors/service_unavailable',
        title: 'Service Unavailable',
        status: failure.status,
        detail: 'The fake was told to fail this request.',
      });
      return;
    }
    if (req.method !== 'GET') {
      send(res, 405, { title: 'Method Not Allowed', status: 405 });
      return;
    }
    const parts = url.pathname.split('/').filter(Boolean);
    const query = url.searchParams;
    const tip = ledgers.at(-1)!;
    if (parts.length === 0) {
      send(res, 200, {
        _links: { ledgers: link(`${base}/ledgers{?cursor,limit,order}`, true) },
        history_latest_ledger: tip.sequence,
        history_latest_ledger_closed_at: tip.closedAt,
        history_elder_ledger: historyFrom,
        core_latest_ledger: tip.sequence,
        network_passphrase: networkPassphrase,
        current_protocol_version: PROTOCOL,
        core_supported_protocol_version: PROTOCOL,
      });
      return;
    }
    if (parts[0] === 'ledgers' && parts.length === 1) {
      const records = window(ledgers.filter((l) => l.sequence >= historyFrom).map(ledgerJson), query);
      if (typeof records === 'string') return badRequest(res, records);
      send(res, 200, page(url.pathname, query, records, query.get('order') ?? 'asc'));
      return;
    }
    if (
      parts[0] === 'ledgers' &&
      (parts.length === 2 || (parts.length === 3 && (parts[2] === 'payments' || parts[2] === 'operations')))
    ) {
      if (!/^[0-9]+$/.test(parts[1]!)) return badRequest(res, 'sequence');
      const ledger = ledgers[Number(parts[1]) - 1];
      if (!ledger) return send(res, 404, NOT_FOUND);
      if (ledger.sequence < historyFrom) return send(res, 410, BEFORE_HISTORY);
      if (parts.length === 2) return send(res, 200, ledgerJson(ledger));
      const join = !dropJoin && query.get('join') === 'transactions';
      const includeFailed = query.get('include_failed') === 'true';
      const paymentsOnly = parts[2] === 'payments';
      const all = ledger.txs.flatMap((tx, i) =>
        tx.successful || includeFailed
          ? tx.operations.flatMap((op, index) =>
              paymentsOnly && !PAYMENT_TYPES.has(String(op.type))
                ? []
                : [operationJson(tx, ledger, i + 1, index, join)],
            )
          : [],
      );
      const records = window(all, query);
      if (typeof records === 'string') return badRequest(res, records);
      send(res, 200, page(url.pathname, query, records, query.get('order') ?? 'asc'));
      return;
    }
    if (parts[0] === 'transactions' && parts.length === 2) {
      const found = byTxHash.get(parts[1]!);
      if (!found) return send(res, 404, NOT_FOUND);
      return send(res, 200, txJson(found.tx, found.ledger, found.order));
    }
    if (parts[0] === 'accounts' && parts.length === 2) {
      const id = parts[1]!;
      if (!StrKey.isValidEd25519PublicKey(id)) return badRequest(res, 'account_id');
      const state = accounts.get(id);
      if (!state) return send(res, 404, NOT_FOUND);
      return send(res, 200, {
        _links: {
          self: link(`${base}/accounts/${id}`),
          transactions: link(`${base}/accounts/${id}/transactions{?cursor,limit,order}`, true),
          payments: link(`${base}/accounts/${id}/payments{?cursor,limit,order}`, true),
        },
        id,
        account_id: id,
        sequence: (sequences.get(id) ?? 0n).toString(),
        sequence_ledger: tip.sequence,
        sequence_time: '0',
        subentry_count: state.trustlines.length,
        last_modified_ledger: tip.sequence,
        last_modified_time: tip.closedAt,
        thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
        flags: {
          auth_required: false,
          auth_revocable: false,
          auth_immutable: false,
          auth_clawback_enabled: false,
        },
        balances: [
          ...state.trustlines.map((t) => ({
            balance: horizonAmount(t.balance ?? '0'),
            limit: horizonAmount(t.limit ?? '922337203685.4775807'),
            buying_liabilities: '0.0000000',
            selling_liabilities: '0.0000000',
            last_modified_ledger: tip.sequence,
            is_authorized: t.authorized ?? true,
            is_authorized_to_maintain_liabilities: t.authorized ?? true,
            is_clawback_enabled: false,
            asset_type: t.code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
            asset_code: t.code,
            asset_issuer: t.issuer,
          })),
          {
            balance: horizonAmount(state.xlm),
            buying_liabilities: '0.0000000',
            selling_liabilities: '0.0000000',
            asset_type: 'native',
          },
        ],
        signers: [{ weight: 1, key: id, type: 'ed25519_public_key' }],
        data: {},
        num_sponsoring: 0,
        num_sponsored: 0,
        paging_token: id,
      });
    }
    return send(res, 404, NOT_FOUND);
  }

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      send(res, 500, { title: 'Internal Server Error', status: 500, detail: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  accounts.set(payer.publicKey(), { xlm: '1000000', trustlines: [] });

  return {
    url: base,
    networkPassphrase,
    payer,
    tipSequence: () => ledgers.at(-1)!.sequence,
    ledgerHash: (sequence) => ledgers[sequence - 1]?.hash,
    pay,
    createClaimableBalance,
    createAccount,
    closeLedgers(n = 1) {
      for (let i = 0; i < n; i += 1) close();
      return ledgers.at(-1)!.sequence;
    },
    reset(count = 5) {
      epoch += 10_000_000;
      ledgers.length = 0;
      byTxHash.clear();
      pending = [];
      for (let i = 0; i < count; i += 1) close();
      return ledgers.at(-1)!.sequence;
    },
    setAccount(account, state) {
      accounts.set(account, { xlm: state.xlm ?? '100', trustlines: state.trustlines ?? [] });
    },
    requests,
    dropJoinedTransactions(on) {
      dropJoin = on;
    },
    failNext(prefix, count = 1, status = 503) {
      failures.push({ prefix, remaining: count, status });
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
