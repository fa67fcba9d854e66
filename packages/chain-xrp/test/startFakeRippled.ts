/**
 * A fake rippled for tests: rippled's JSON-RPC interface over HTTP on 127.0.0.1 (a free port), with a
 * growing chain of ledgers the test closes and validates at will. No rippled runs on this machine
 * (nor any XRP Ledger network), so this is what the observer and the server's lifecycle suites are
 * tested against.
 *
 * Where the shapes come from:
 * - request and answer envelope, `ledger` parameters and header fields: the XRP Ledger docs,
 *   xrpl-dev-portal `docs/references/http-websocket-apis/public-api-methods/ledger-methods/ledger.md`
 *   and its example `_api-examples/ledger/jsonrpc-response.json` (https://xrpl.org/docs/references/
 *   http-websocket-apis/public-api-methods/ledger-methods/ledger);
 * - error answers (HTTP 200, `result.status: "error"`, `result.error`, `result.error_code`,
 *   `result.error_message`, `result.request` = the params plus `command`): the docs'
 *   `api-conventions/error-formatting.md` and rippled's `ServerHandler.cpp` (`processRequest`);
 *   error codes from `ErrorCodes.h` (lgrNotFound 21, invalidParams 31, unknownCmd 32); the `ledger`
 *   method's errors and which ledger a number names (the open ledger too, for its own index) from
 *   `RPCLedgerHelpers.cpp` (`ledgerFromRequest`, `getLedger`, `lookupLedger`);
 * - requests rippled refuses before any method runs (an `api_version` it does not support, params
 *   that are not a one-object array, no method): HTTP 400 with a plain-text reason, as
 *   `ServerHandler.cpp` answers them;
 * - expanded transactions per API version (v2: `{ tx_json, meta, hash, ledger_hash, ledger_index,
 *   validated, close_time_iso }` with a Payment's `Amount` renamed `DeliverMax`; v1: flat fields plus
 *   `hash` and `metaData`, with both `Amount` and `DeliverMax`): rippled's `LedgerToJson.cpp`
 *   (`fillJsonTx`) and `DeliverMax.cpp` (`insertDeliverMax`);
 * - `delivered_amount` (only on successful Payment/CheckCash/AccountDelete, from the metadata's
 *   `DeliveredAmount` when set, else the transaction's `Amount`): rippled's `DeliveredAmount.cpp`
 *   (`canHaveDeliveredAmount`, `getDeliveredAmount`);
 * - the transactions themselves: Payments built here, SIGNED OFFLINE with xrpl.js's `Wallet` and
 *   decoded back from the signed blob with xrpl.js's `decode`, so the transaction JSON and the hash
 *   (`hashSignedTx`) are real; metadata `AffectedNodes` are shaped like the docs' `tx` example
 *   (`_api-examples/tx/jsonrpc-response.json`), with balances that are plausible, not replayed.
 *
 * Ledger hashes are 64 upper-case hex digits (SHA-512 halves of the ledger's contents, like real
 * ones, but not rippled's ledger-header hash), each ledger naming its predecessor in `parent_hash`.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decode, type Payment, PaymentFlags, Wallet } from 'xrpl';
import { LSF_REQUIRE_DEST_TAG } from '../src/readXrpAccountAdvice.js';

/** A validated or closed ledger of the fake chain. */
export interface FakeLedgerRef {
  readonly index: number;
  readonly hash: string;
}

/** A payment to put into the next ledger. */
export interface FakePayment {
  /** The classic address paid. */
  readonly to: string;
  /** The destination tag; omitted: a payment without a tag. */
  readonly tag?: number;
  /** The transaction's `Amount` (`DeliverMax` in API v2), in drops. */
  readonly amountDrops: bigint;
  /**
   * The partial-payment attack: the transaction sets tfPartialPayment and spends a token (`SendMax` in
   * USD), names `amountDrops` as its Amount, and delivers only `deliveredDrops`.
   */
  readonly partial?: { readonly deliveredDrops: bigint };
}

/** A payment that fails (a `tec` result: its fee is taken, nothing is delivered). */
export interface FakeFailedPayment {
  readonly to: string;
  readonly tag?: number;
  readonly amountDrops: bigint;
  /** The result code; default `tecPATH_PARTIAL`. */
  readonly result?: string;
}

/** A payment of an issued currency (a token), not XRP. */
export interface FakeIssuedPayment {
  readonly to: string;
  readonly tag?: number;
  /** Three-letter code or 40-hex; default `USD`. */
  readonly currency?: string;
  /** Decimal string, e.g. `"25"`. */
  readonly value: string;
}

/** Where a submitted transaction lands. */
export interface FakeSubmitOptions {
  /**
   * Default true: close and validate a ledger holding it (and anything queued before) right away.
   * False: queue it for the next ledger closed by {@link FakeRippled.closeLedgers} or
   * {@link FakeRippled.closeUnvalidated}.
   */
  readonly close?: boolean;
}

/** A request the fake received. */
export interface FakeRippledRequest {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** A running fake rippled. */
export interface FakeRippled {
  /** The JSON-RPC URL (`http://127.0.0.1:<port>/`). */
  readonly url: string;
  /** The classic address of the account the fake pays from. */
  readonly payer: string;
  /** The last validated ledger. */
  validated(): FakeLedgerRef;
  /** Pays XRP (or, with `partial`, runs the partial-payment attack); returns the transaction hash. */
  pay(payment: FakePayment, options?: FakeSubmitOptions): string;
  /** A payment that fails with a `tec` code (default tecPATH_PARTIAL); returns its hash. */
  payFailed(payment: FakeFailedPayment, options?: FakeSubmitOptions): string;
  /** A payment of an issued currency (a token); returns its hash. */
  payIssued(payment: FakeIssuedPayment, options?: FakeSubmitOptions): string;
  /**
   * A successful XRP payment whose metadata says `delivered_amount: "unavailable"` (as rippled does
   * for payments in ledgers before 4594095); returns its hash.
   */
  payUnavailable(payment: Omit<FakePayment, 'partial'>, options?: FakeSubmitOptions): string;
  /**
   * A successful `CheckCreate` (its `SendMax` in drops) or `EscrowCreate` (its `Amount`) from the
   * payer naming `to`: money `to` only gets by cashing or finishing it; returns its hash.
   */
  createCheckOrEscrow(
    entry: { kind: 'CheckCreate' | 'EscrowCreate'; to: string; tag?: number; amountDrops: bigint },
    options?: FakeSubmitOptions,
  ): string;
  /**
   * Closes `count` (default 1) new ledgers and validates them, after validating any ledger closed
   * earlier by {@link closeUnvalidated}; queued transactions go into the first. Returns the new ones.
   */
  closeLedgers(count?: number): FakeLedgerRef[];
  /**
   * Closes one ledger with the queued transactions and does NOT validate it: it is answered by index
   * and by hash with `validated: false`, and `ledger_index: "validated"` stays below it.
   */
  closeUnvalidated(): FakeLedgerRef;
  /** While true, every request is answered HTTP 503 (a server that is down or overloaded). */
  setUnavailable(unavailable: boolean): void;
  /**
   * Answers as a server `ledgers` validated ledgers behind (0: in step): one of several behind a
   * load-balanced URL, or one resyncing. Its last validated ledger is that many below the real one and
   * the ledgers above it are `lgrNotFound`, by index and by hash.
   */
  setLag(ledgers: number): void;
  /**
   * Answers as two servers behind one load-balanced URL that disagree (0: they agree):
   * `ledger_index: "validated"` comes from one that has validated the last ledger, every other
   * `ledger` request from one that has closed the last `ledgers` validated ledgers but not validated
   * them yet (it answers them with `validated: false`).
   */
  setValidationLag(ledgers: number): void;
  /**
   * Makes `account` exist (`account_info` answers its AccountRoot): its XRP balance in drops and
   * whether it has RequireDest (`lsfRequireDestTag`). Unknown accounts answer `actNotFound`.
   */
  setAccount(
    account: string,
    state: { readonly balanceDrops?: bigint; readonly requireDest?: boolean },
  ): void;
  /**
   * A testnet reset, as Ripple resets the XRP Ledger's testnet and devnet: every ledger is forgotten
   * and the network starts again at `firstIndex` (default 1,000: far below the default start) with one
   * validated, genesis-like ledger; queued transactions are dropped, accounts stay. Returns it.
   */
  reset(firstIndex?: number): FakeLedgerRef;
  /** Every request received, in order (to count calls per ledger). */
  readonly requests: readonly FakeRippledRequest[];
  stop(): Promise<void>;
}

/** Options of {@link startFakeRippled}. */
export interface FakeRippledOptions {
  /**
   * The index of the first validated ledger; default 90,000,000. It is genesis-like: its
   * `parent_hash` is all zeros (the observer reports a null parent), so a watcher starting on a fresh
   * fake walks back no further than it.
   */
  readonly firstIndex?: number;
  /**
   * The lowest ledger the server has (`lgrNotFound` below it, like a server with limited history);
   * default: the first ledger.
   */
  readonly historyFrom?: number;
  /**
   * Called with every request before it is answered (after it is recorded in `requests`): a test can
   * change the chain between two calls of the observer, e.g. validate a ledger right after the
   * observer read it unvalidated.
   */
  readonly beforeAnswer?: (request: FakeRippledRequest, fake: FakeRippled) => void;
}

/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01T00:00:00Z). */
const RIPPLE_EPOCH = 946_684_800;
/** The payer's and the token issuer's keys: test-only family seeds (never funded anywhere). */
const PAYER_SEED = 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2';
const ISSUER_SEED = 'sEdSxx4GwsKzWjHFVx6MibisJuAQXpf';
const FEE = '12';

interface StoredTransaction {
  /** The transaction as xrpl.js decodes it from the signed blob (v1 field names: `Amount`). */
  readonly tx: Record<string, unknown>;
  readonly hash: string;
  readonly meta: Record<string, unknown>;
}

interface StoredLedger {
  readonly index: number;
  readonly hash: string;
  readonly parentHash: string;
  readonly closeTime: number;
  readonly parentCloseTime: number;
  readonly transactions: readonly StoredTransaction[];
  validated: boolean;
}

const sha512Half = (text: string) =>
  createHash('sha512').update(text).digest('hex').slice(0, 64).toUpperCase();

/** Ripple-epoch seconds as rippled's `close_time_human` and `close_time_iso`. */
function closeTimes(closeTime: number): { human: string; iso: string } {
  const date = new Date((closeTime + RIPPLE_EPOCH) * 1000);
  const iso = `${date.toISOString().slice(0, 19)}Z`;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  const human = `${date.getUTCFullYear()}-${months[date.getUTCMonth()]}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.000000000 UTC`;
  return { human, iso };
}

/**
 * Starts a fake rippled (see the module comment for where every shape comes from). It answers
 * `ledger` (by `ledger_index` number, numeric string, `"validated"`, `"closed"`, `"current"`, or by
 * `ledger_hash`; `transactions`, `expand`; API versions 1 and 2, v1 when `api_version` is absent, like
 * rippled; the open ledger, unvalidated and without a hash, for `"current"` and for its own index) and
 * `server_info` (minimal); anything else is `unknownCmd`. `setLag` makes it answer like a server some
 * validated ledgers behind, `beforeAnswer` lets a test change the chain between two calls.
 *
 * @example
 * const rippled = await startFakeRippled();
 * const txid = rippled.pay({ to: merchant, tag: 1, amountDrops: 2_500_000n });
 * // ... observe ...
 * await rippled.stop();
 */
export async function startFakeRippled(options: FakeRippledOptions = {}): Promise<FakeRippled> {
  const payer = Wallet.fromSeed(PAYER_SEED);
  const issuer = Wallet.fromSeed(ISSUER_SEED);
  let sequence = 1_000;
  let payerBalance = 10_000_000_000_000n;
  let firstIndex = options.firstIndex ?? 90_000_000;
  let historyFrom = options.historyFrom ?? firstIndex;
  const ledgers: StoredLedger[] = [];
  let queue: {
    tx: Record<string, unknown>;
    hash: string;
    meta: (index: number) => Record<string, unknown>;
  }[] = [];
  const requests: FakeRippledRequest[] = [];
  /** Accounts `account_info` knows: balance and AccountRoot flags. */
  const accounts = new Map<string, { balanceDrops: bigint; flags: number }>();
  let unavailable = false;
  let lag = 0;
  let validationLag = 0;
  let closeTime = 800_000_000;

  function addLedger(validated: boolean): StoredLedger {
    const parent = ledgers.at(-1);
    const index = parent ? parent.index + 1 : firstIndex;
    // The first ledger is genesis-like (an all-zero parent_hash), so a watcher's walk back ends there.
    const parentHash = parent ? parent.hash : '0'.repeat(64);
    const transactions = queue.map((queued, position) => ({
      tx: queued.tx,
      hash: queued.hash,
      meta: queued.meta(position),
    }));
    queue = [];
    const parentCloseTime = closeTime;
    closeTime += 4;
    const hash = sha512Half(
      `${parentHash}:${index}:${closeTime}:${transactions.map((t) => t.hash).join(',')}`,
    );
    const ledger: StoredLedger = {
      index,
      hash,
      parentHash,
      closeTime,
      parentCloseTime,
      transactions,
      validated,
    };
    ledgers.push(ledger);
    return ledger;
  }
  addLedger(true);

  const lastValidated = (): StoredLedger => ledgers.filter((l) => l.validated).at(-1)!;
  const ref = (ledger: StoredLedger): FakeLedgerRef => ({ index: ledger.index, hash: ledger.hash });

  function closeLedgers(count = 1): FakeLedgerRef[] {
    for (const ledger of ledgers) ledger.validated = true;
    const closed: FakeLedgerRef[] = [];
    for (let i = 0; i < count; i += 1) closed.push(ref(addLedger(true)));
    return closed;
  }

  /** Signs `fields` as a Payment from the payer with xrpl.js and decodes the blob back. */
  function signPayment(fields: Partial<Payment> & Pick<Payment, 'Destination' | 'Amount'>): {
    tx: Record<string, unknown>;
    hash: string;
  } {
    const validatedIndex = lastValidated().index;
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: payer.classicAddress,
      Fee: FEE,
      Sequence: sequence,
      LastLedgerSequence: validatedIndex + 20,
      Flags: 0,
      ...fields,
    };
    sequence += 1;
    const signed = payer.sign(payment);
    return { tx: decode(signed.tx_blob), hash: signed.hash };
  }

  /** Metadata shaped like rippled's: the payer's AccountRoot, the destination's, the result. */
  function paymentMeta(
    result: string,
    to: string,
    deliveredDrops: bigint | undefined,
    extra: Record<string, unknown>,
  ): (position: number) => Record<string, unknown> {
    const previous = payerBalance;
    payerBalance -= BigInt(FEE) + (deliveredDrops ?? 0n);
    const payerFinal = payerBalance;
    const seq = sequence;
    return (position) => ({
      AffectedNodes: [
        {
          ModifiedNode: {
            FinalFields: {
              Account: payer.classicAddress,
              Balance: payerFinal.toString(),
              Flags: 0,
              OwnerCount: 0,
              Sequence: seq,
            },
            LedgerEntryType: 'AccountRoot',
            LedgerIndex: sha512Half(`account-root:${payer.classicAddress}`),
            PreviousFields: { Balance: previous.toString(), Sequence: seq - 1 },
            PreviousTxnID: sha512Half(`previous:${seq}`),
            PreviousTxnLgrSeq: lastValidated().index,
          },
        },
        ...(deliveredDrops === undefined
          ? []
          : [
              {
                ModifiedNode: {
                  FinalFields: { Account: to, Balance: (20_000_000n + deliveredDrops).toString(), Flags: 0 },
                  LedgerEntryType: 'AccountRoot',
                  LedgerIndex: sha512Half(`account-root:${to}`),
                  PreviousFields: { Balance: '20000000' },
                },
              },
            ]),
      ],
      TransactionIndex: position,
      TransactionResult: result,
      ...extra,
    });
  }

  function submit(
    entry: { tx: Record<string, unknown>; hash: string; meta: (position: number) => Record<string, unknown> },
    submitOptions: FakeSubmitOptions | undefined,
  ): string {
    queue.push(entry);
    if (submitOptions?.close !== false) closeLedgers(1);
    return entry.hash;
  }

  const tagField = (tag: number | undefined) => (tag === undefined ? {} : { DestinationTag: tag });

  const fake: Omit<FakeRippled, 'url' | 'stop'> = {
    payer: payer.classicAddress,
    requests,
    validated: () => ref(lastValidated()),
    closeLedgers,
    closeUnvalidated: () => ref(addLedger(false)),
    reset(index = 1_000) {
      ledgers.length = 0;
      queue = [];
      firstIndex = index;
      historyFrom = index;
      return ref(addLedger(true));
    },
    setUnavailable(value) {
      unavailable = value;
    },
    setAccount(account, state) {
      accounts.set(account, {
        balanceDrops: state.balanceDrops ?? 100_000_000n,
        flags: state.requireDest ? LSF_REQUIRE_DEST_TAG : 0,
      });
    },
    setLag(ledgers) {
      if (!Number.isSafeInteger(ledgers) || ledgers < 0)
        throw new Error(`lag must be a whole number: ${ledgers}`);
      lag = ledgers;
    },
    setValidationLag(ledgers) {
      if (!Number.isSafeInteger(ledgers) || ledgers < 0)
        throw new Error(`validation lag must be a whole number: ${ledgers}`);
      validationLag = ledgers;
    },
    pay({ to, tag, amountDrops, partial }, submitOptions) {
      if (partial) {
        // XRP-to-XRP payments cannot be partial (temBAD_SEND_XRP_PARTIAL): the attacker spends a token.
        const signed = signPayment({
          Destination: to,
          Amount: amountDrops.toString(),
          SendMax: { currency: 'USD', issuer: issuer.classicAddress, value: '0.01' },
          Flags: PaymentFlags.tfPartialPayment,
          ...tagField(tag),
        });
        const delivered = partial.deliveredDrops.toString();
        return submit(
          {
            ...signed,
            meta: paymentMeta('tesSUCCESS', to, partial.deliveredDrops, {
              DeliveredAmount: delivered,
              delivered_amount: delivered,
            }),
          },
          submitOptions,
        );
      }
      const signed = signPayment({ Destination: to, Amount: amountDrops.toString(), ...tagField(tag) });
      return submit(
        {
          ...signed,
          meta: paymentMeta('tesSUCCESS', to, amountDrops, { delivered_amount: amountDrops.toString() }),
        },
        submitOptions,
      );
    },
    payFailed({ to, tag, amountDrops, result }, submitOptions) {
      const signed = signPayment({ Destination: to, Amount: amountDrops.toString(), ...tagField(tag) });
      // A failed transaction has no delivered_amount (canHaveDeliveredAmount is false).
      return submit(
        { ...signed, meta: paymentMeta(result ?? 'tecPATH_PARTIAL', to, undefined, {}) },
        submitOptions,
      );
    },
    payIssued({ to, tag, currency, value }, submitOptions) {
      const amount = { currency: currency ?? 'USD', issuer: issuer.classicAddress, value };
      const signed = signPayment({ Destination: to, Amount: amount, ...tagField(tag) });
      const meta = paymentMeta('tesSUCCESS', to, undefined, { delivered_amount: amount });
      return submit({ ...signed, meta }, submitOptions);
    },
    createCheckOrEscrow({ kind, to, tag, amountDrops }, submitOptions) {
      const validatedIndex = lastValidated().index;
      const drops = amountDrops.toString();
      const signed = payer.sign({
        TransactionType: kind,
        Account: payer.classicAddress,
        Destination: to,
        Fee: FEE,
        Sequence: sequence,
        LastLedgerSequence: validatedIndex + 20,
        Flags: 0,
        ...(kind === 'CheckCreate' ? { SendMax: drops } : { Amount: drops, FinishAfter: 1 }),
        ...tagField(tag),
      } as Parameters<typeof payer.sign>[0]);
      sequence += 1;
      // Nothing reaches the destination's balance: a Check is cashed, an Escrow finished, later.
      const meta = paymentMeta('tesSUCCESS', to, undefined, {});
      return submit({ tx: decode(signed.tx_blob), hash: signed.hash, meta }, submitOptions);
    },
    payUnavailable({ to, tag, amountDrops }, submitOptions) {
      const signed = signPayment({ Destination: to, Amount: amountDrops.toString(), ...tagField(tag) });
      const meta = paymentMeta('tesSUCCESS', to, amountDrops, { delivered_amount: 'unavailable' });
      return submit({ ...signed, meta }, submitOptions);
    },
  };

  /** An expanded transaction as rippled's fillJsonTx writes it for `apiVersion`. */
  function expandTransaction(ledger: StoredLedger, stored: StoredTransaction, apiVersion: number) {
    const { Amount, ...rest } = stored.tx;
    const isPayment = stored.tx.TransactionType === 'Payment';
    if (apiVersion > 1) {
      const txJson = isPayment && Amount !== undefined ? { ...rest, DeliverMax: Amount } : stored.tx;
      return {
        tx_json: txJson,
        hash: stored.hash,
        meta: stored.meta,
        ledger_hash: ledger.hash,
        validated: ledger.validated,
        ...(ledger.validated
          ? { ledger_index: ledger.index, close_time_iso: closeTimes(ledger.closeTime).iso }
          : {}),
      };
    }
    return {
      ...stored.tx,
      ...(isPayment && Amount !== undefined ? { DeliverMax: Amount } : {}),
      hash: stored.hash,
      metaData: stored.meta,
    };
  }

  function ledgerJson(ledger: StoredLedger, params: Record<string, unknown>, apiVersion: number) {
    const times = closeTimes(ledger.closeTime);
    const expand = params.expand === true;
    return {
      account_hash: sha512Half(`account-state:${ledger.hash}`),
      close_flags: 0,
      close_time: ledger.closeTime,
      close_time_human: times.human,
      close_time_iso: times.iso,
      close_time_resolution: 10,
      closed: true,
      ledger_hash: ledger.hash,
      ledger_index: apiVersion > 1 ? ledger.index : String(ledger.index),
      parent_close_time: ledger.parentCloseTime,
      parent_hash: ledger.parentHash,
      total_coins: '99985738467416092',
      transaction_hash: sha512Half(`tx-tree:${ledger.transactions.map((t) => t.hash).join(',')}`),
      ...(params.transactions === true
        ? {
            transactions: ledger.transactions.map((t) =>
              expand ? expandTransaction(ledger, t, apiVersion) : t.hash,
            ),
          }
        : {}),
    };
  }

  /** A JSON-RPC answer, or a refusal before any method runs (HTTP 400, plain text). */
  type Answer = { result: Record<string, unknown> } | { httpStatus: 400; text: string };
  /** rippled's `error_code` of each error the fake answers (ErrorCodes.h). */
  const ERROR_CODES: Record<string, number> = {
    actNotFound: 19,
    lgrNotFound: 21,
    invalidParams: 31,
    unknownCmd: 32,
  };
  /** An error answer; `request` is what rippled echoes: the params plus `command`. */
  const error = (request: Record<string, unknown>, code: string, message: string): Answer => ({
    result: {
      error: code,
      error_code: ERROR_CODES[code] ?? -1,
      error_message: message,
      request,
      status: 'error',
    },
  });

  /** The ledgers this server can see: all of them, or all but the last `lag` validated ones. */
  function visible(): { ledgers: StoredLedger[]; validated: StoredLedger } {
    const validated = ledgers.filter((l) => l.validated);
    const last = validated[Math.max(0, validated.length - 1 - lag)]!;
    return { ledgers: lag === 0 ? ledgers : ledgers.filter((l) => l.index <= last.index), validated: last };
  }

  function answerLedger(
    params: Record<string, unknown>,
    apiVersion: number,
    request: Record<string, unknown>,
  ): Answer {
    const seen = visible();
    let ledger: StoredLedger | undefined;
    const { ledger_hash: hash, ledger_index: index } = params;
    if (hash !== undefined && index !== undefined) {
      return error(
        request,
        'invalidParams',
        "Exactly one of 'ledger_hash' or 'ledger_index' can be specified.",
      );
    }
    const openIndex = seen.ledgers.at(-1)!.index + 1;
    if (hash !== undefined) {
      if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash)) {
        return error(request, 'invalidParams', "Invalid field 'ledger_hash', not hex string.");
      }
      ledger = seen.ledgers.find((l) => l.hash === hash.toUpperCase());
    } else if (index === 'validated') {
      ledger = seen.validated;
    } else if (index === 'closed') {
      ledger = seen.ledgers.at(-1);
    } else if (index === undefined || index === 'current' || index === '' || Number(index) === openIndex) {
      // The open ledger (rippled's getLedger answers it for its own index too): not closed, no hash.
      return {
        result: {
          ledger: {
            closed: false,
            ledger_index: apiVersion > 1 ? openIndex : String(openIndex),
            parent_hash: seen.ledgers.at(-1)!.hash,
            // The fake applies queued transactions only when it closes a ledger: its open ledger is empty.
            ...(params.transactions === true ? { transactions: [] } : {}),
          },
          ledger_current_index: openIndex,
          validated: false,
          status: 'success',
        },
      };
    } else {
      const wanted =
        typeof index === 'number'
          ? index
          : typeof index === 'string' && /^\d+$/.test(index)
            ? Number(index)
            : Number.NaN;
      if (!Number.isSafeInteger(wanted) || wanted < 0 || wanted > 0xffff_ffff) {
        return error(request, 'invalidParams', "Invalid field 'ledger_index', not string or number.");
      }
      ledger = seen.ledgers.find((l) => l.index === wanted);
    }
    if (!ledger || ledger.index < historyFrom) return error(request, 'lgrNotFound', 'ledgerNotFound');
    return {
      result: {
        ledger: ledgerJson(ledger, params, apiVersion),
        ledger_hash: ledger.hash,
        ledger_index: ledger.index,
        validated:
          ledger.validated &&
          ledger.index <= seen.validated.index &&
          (index === 'validated' || ledger.index <= seen.validated.index - validationLag),
        status: 'success',
      },
    };
  }

  function answer(body: unknown): Answer {
    const call = body as { method?: unknown; params?: unknown } | null;
    if (typeof call !== 'object' || call === null || Array.isArray(call)) {
      return { httpStatus: 400, text: 'Unable to parse request: ' };
    }
    const raw = call.params;
    const first = Array.isArray(raw) && raw.length > 0 ? raw[0] : undefined;
    const apiVersion =
      typeof first === 'object' && first !== null && !Array.isArray(first)
        ? ((first as Record<string, unknown>).api_version ?? 1)
        : 1;
    if (apiVersion !== 1 && apiVersion !== 2) return { httpStatus: 400, text: 'invalid_API_version' };
    if (call.method === undefined || call.method === null) return { httpStatus: 400, text: 'Null method' };
    if (typeof call.method !== 'string') return { httpStatus: 400, text: 'method is not string' };
    if (call.method === '') return { httpStatus: 400, text: 'method is empty' };
    let fields: Record<string, unknown> = {};
    if (raw !== undefined && raw !== null) {
      if (!Array.isArray(raw) || raw.length !== 1) return { httpStatus: 400, text: 'params unparsable' };
      if (raw[0] !== null && (typeof raw[0] !== 'object' || Array.isArray(raw[0]))) {
        return { httpStatus: 400, text: 'params unparsable' };
      }
      fields = (raw[0] ?? {}) as Record<string, unknown>;
    }
    const method = call.method;
    requests.push({ method, params: fields });
    options.beforeAnswer?.({ method, params: fields }, started);
    const request = { ...fields, command: method };
    const { api_version: _version, ...rest } = fields;
    if (method === 'ledger') return answerLedger(rest, apiVersion, request);
    if (method === 'account_info') {
      // https://xrpl.org/docs/references/http-websocket-apis/public-api-methods/account-methods/account_info
      // (API v2: `account_data` is the AccountRoot ledger entry; an unknown account is actNotFound).
      const account = String(rest.account ?? '');
      const state = accounts.get(account);
      const last = visible().validated;
      if (!state) return error({ ...request }, 'actNotFound', 'Account not found.');
      return {
        result: {
          account_data: {
            Account: account,
            Balance: state.balanceDrops.toString(),
            Flags: state.flags,
            LedgerEntryType: 'AccountRoot',
            OwnerCount: 0,
            Sequence: 1,
            index: createHash('sha256').update(account).digest('hex').toUpperCase(),
          },
          ledger_hash: last.hash,
          ledger_index: last.index,
          status: 'success',
          validated: true,
        },
      };
    }
    if (method === 'server_info') {
      const last = visible().validated;
      return {
        result: {
          info: {
            build_version: '2.4.0',
            complete_ledgers: `${historyFrom}-${last.index}`,
            server_state: 'full',
            validated_ledger: {
              hash: last.hash,
              seq: last.index,
              base_fee_xrp: 0.00001,
              reserve_base_xrp: 1,
            },
          },
          status: 'success',
        },
      };
    }
    return error(request, 'unknownCmd', 'Unknown method.');
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (unavailable) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Server is overloaded\r\n');
        return;
      }
      let body: unknown;
      try {
        body = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        body = undefined;
      }
      const result = answer(body);
      if ('httpStatus' in result) {
        res.writeHead(result.httpStatus, { 'content-type': 'text/html' }).end(`${result.text}\r\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(result));
    });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const started: FakeRippled = {
    ...fake,
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return started;
}
