/**
 * The answer of rippled's `ledger` method with `api_version: 2` over JSON-RPC, as far as Cairn reads
 * it. Shapes from the XRP Ledger docs (xrpl-dev-portal: docs/references/http-websocket-apis/
 * public-api-methods/ledger-methods/ledger.md and its example `_api-examples/ledger/jsonrpc-response.json`)
 * and, for expanded transactions, rippled's `LedgerToJson.cpp` (`fillJsonTx`, API v2 branch): xrpl.js
 * 5.3's own `Ledger` typing still describes the v1 member shape (`metaData` beside flat fields), so
 * these types are written out here. Every field the observer relies on is checked at run time.
 */

/** An amount as rippled writes it: drops of XRP as a string, or a token (issued currency, MPT) object. */
export type RippledAmount =
  | string
  | { readonly currency: string; readonly issuer: string; readonly value: string }
  | { readonly mpt_issuance_id: string; readonly value: string };

/** The transaction metadata fields the observer reads (`meta`, API v2). */
export interface RippledTransactionMeta {
  readonly TransactionResult: string;
  readonly TransactionIndex: number;
  /**
   * What the transaction actually delivered, inserted by rippled for successful Payment, CheckCash
   * and AccountDelete transactions; `"unavailable"` for payments in ledgers before 4594095 (January
   * 2014) whose metadata cannot tell. Absent for failed transactions.
   */
  readonly delivered_amount?: RippledAmount | 'unavailable';
  /** The binary metadata field behind `delivered_amount`, present on partial payments. */
  readonly DeliveredAmount?: RippledAmount;
  readonly AffectedNodes?: readonly unknown[];
}

/** The transaction fields the observer reads (`tx_json`, API v2: a Payment's `Amount` is `DeliverMax`). */
export interface RippledTransactionJson {
  readonly TransactionType: string;
  readonly Account: string;
  readonly Destination?: string;
  readonly DestinationTag?: number;
  /** API v2 name of a Payment's `Amount`: the most it may deliver, NOT what it delivered. */
  readonly DeliverMax?: RippledAmount;
  readonly Flags?: number;
  readonly [field: string]: unknown;
}

/** One member of `ledger.transactions` with `transactions: true, expand: true` (API v2, JSON). */
export interface RippledExpandedTransaction {
  readonly hash: string;
  readonly tx_json: RippledTransactionJson;
  readonly meta: RippledTransactionMeta;
  readonly ledger_hash?: string;
  readonly ledger_index?: number;
  readonly validated?: boolean;
  readonly close_time_iso?: string;
}

/** The ledger header (`result.ledger`, API v2) with its transactions when asked for. */
export interface RippledLedgerHeader {
  readonly ledger_hash: string;
  readonly ledger_index: number;
  readonly parent_hash: string;
  readonly closed: boolean;
  readonly close_time?: number;
  readonly close_time_iso?: string;
  readonly transactions?: readonly (RippledExpandedTransaction | string)[];
}

/** `result` of the `ledger` method (API v2). */
export interface RippledLedgerResult {
  readonly ledger: RippledLedgerHeader;
  readonly ledger_hash: string;
  readonly ledger_index: number;
  /** True for a validated ledger; omitted or false when its data is not final. */
  readonly validated?: boolean;
  readonly status?: string;
}
