/**
 * The parts of Horizon's JSON (HAL) answers this package reads. Shapes from the SDK's typings
 * (`@stellar/stellar-sdk` 15.1.0, `lib/horizon/horizon_api.d.ts` and `server_api.d.ts`:
 * `HorizonApi.BaseResponse`, `ServerApi.LedgerRecord`, `HorizonApi.PaymentOperationResponse`,
 * `HorizonApi.PathPaymentOperationResponse`, `HorizonApi.TransactionResponse`,
 * `HorizonApi.AccountResponse`, `HorizonApi.BalanceLine`) and from Horizon's API reference
 * (https://developers.stellar.org/docs/data/horizon/api-reference/resources, "The Ledger Object",
 * "The Payment Object", "Create Claimable Balance", "The Account Object"), trimmed to what is read. Horizon also prints
 * `to_muxed`/`to_muxed_id` on path payments (its `PathPayment` resource embeds `Payment`).
 */

/** A HAL link. */
export interface HorizonLink {
  readonly href: string;
  readonly templated?: boolean;
}

/** A page of a collection: `_embedded.records`, with `self`/`next`/`prev` links. */
export interface HorizonPage<T> {
  readonly _links: { readonly self: HorizonLink; readonly next?: HorizonLink; readonly prev?: HorizonLink };
  readonly _embedded: { readonly records: readonly T[] };
}

/** A ledger (`ServerApi.LedgerRecord`): `sequence`, its `hash` and the previous ledger's `prev_hash`. */
export interface HorizonLedger {
  readonly id: string;
  readonly paging_token: string;
  readonly hash: string;
  readonly prev_hash: string;
  readonly sequence: number;
  readonly successful_transaction_count: number;
  readonly failed_transaction_count: number;
  readonly operation_count: number;
  readonly closed_at: string;
}

/** A transaction (`HorizonApi.TransactionResponse`), as `join=transactions` embeds it in operations. */
export interface HorizonTransaction {
  readonly id: string;
  readonly hash: string;
  readonly ledger: number;
  readonly successful: boolean;
  /** `none`, `id`, `text`, `hash` or `return`. */
  readonly memo_type: string;
  /** For `id`: the uint64 in decimal; for `text`: the text; `hash`/`return`: base64. */
  readonly memo?: string;
}

/**
 * A record of the payments endpoints (`/ledgers/{seq}/payments`, `/accounts/{id}/payments`): a
 * `payment`, a `path_payment_strict_receive` or `path_payment_strict_send` (`to`, asset, `amount`),
 * an `invoke_host_function` that moved a classic asset through its Stellar Asset Contract
 * (`asset_balance_changes`), or a `create_account` or `account_merge` (other fields, not read).
 */
export interface HorizonPaymentRecord {
  /** The operation's TOID: ledger << 32 | transaction order << 12 | operation index (from 1). */
  readonly id: string;
  readonly paging_token: string;
  readonly type: string;
  readonly type_i: number;
  readonly transaction_hash: string;
  readonly transaction_successful: boolean;
  readonly source_account: string;
  readonly created_at: string;
  readonly from?: string;
  /** The account credited (a muxed destination is reported as its `G...` account here). */
  readonly to?: string;
  /** The muxed `M...` destination, when the payment was made to one. */
  readonly to_muxed?: string;
  /**
   * The muxed destination's ID (uint64 in decimal; Horizon omits it when it is 0). A string from
   * Horizon; a number in its muxed-account announcement, kept as its digits by HorizonClient.
   */
  readonly to_muxed_id?: string | number;
  readonly asset_type?: string;
  readonly asset_code?: string;
  readonly asset_issuer?: string;
  /** What `to` received (for path payments the destination amount). */
  readonly amount?: string;
  /** `join=transactions`: the transaction the operation belongs to. */
  readonly transaction?: HorizonTransaction;
  /**
   * `invoke_host_function` only: the Stellar Asset Contract events of the call (`null` when there
   * are none: Horizon marshals an empty Go slice as null).
   */
  readonly asset_balance_changes?: readonly HorizonBalanceChange[] | null;
}

/**
 * A record of a ledger's operations (`/ledgers/{seq}/operations`): every operation type, in the same
 * resource shape as on the payments endpoints; the fields read beyond a payment's are those of a
 * `create_claimable_balance`.
 */
export interface HorizonOperationRecord extends HorizonPaymentRecord {
  /**
   * `create_claimable_balance`: the asset in SEP-11 form, `native` for XLM or `CODE:ISSUER` (unlike
   * payments, which print `asset_type`/`asset_code`/`asset_issuer`).
   */
  readonly asset?: string;
  /** `create_claimable_balance`: who may claim the balance. */
  readonly claimants?: readonly HorizonClaimant[] | null;
}

/** One claimant of a claimable balance: an account `G...` and the condition under which it may claim. */
export interface HorizonClaimant {
  readonly destination: string;
  /** `unconditional`, `and`, `or`, `not`, `abs_before`, `rel_before` (not read here). */
  readonly predicate?: unknown;
}

/**
 * One Stellar Asset Contract (SAC) event of an `invoke_host_function` operation, as Horizon prints it
 * in `asset_balance_changes` (SDK `HorizonApi.BalanceChange`; Horizon's
 * `internal/ingest/processors/operations_processor.go`, `createSACBalanceChangeEntry`): a `transfer`,
 * `mint`, `burn` or `clawback` of a classic asset (XLM or code + issuer) between accounts `G...` or
 * contracts `C...`; `amount` with 7 decimals; `destination_muxed_id` when the event carries an ID
 * (CAP-67: a `transfer` to a muxed address).
 */
export interface HorizonBalanceChange {
  readonly type: string;
  readonly from?: string;
  readonly to?: string;
  readonly amount: string;
  readonly asset_type: string;
  readonly asset_code?: string;
  readonly asset_issuer?: string;
  /** The destination's muxed ID (uint64 in decimal), when the transfer went to a muxed address. */
  readonly destination_muxed_id?: string;
}

/** One balance line of an account (`HorizonApi.BalanceLine`). */
export interface HorizonBalanceLine {
  readonly balance: string;
  /** `native`, `credit_alphanum4`, `credit_alphanum12` or `liquidity_pool_shares`. */
  readonly asset_type: string;
  readonly asset_code?: string;
  readonly asset_issuer?: string;
  readonly limit?: string;
  readonly is_authorized?: boolean;
}

/** An account (`HorizonApi.AccountResponse`). */
export interface HorizonAccount {
  readonly id: string;
  readonly account_id: string;
  readonly sequence: string;
  readonly balances: readonly HorizonBalanceLine[];
}
