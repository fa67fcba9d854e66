import type {
  Checkout,
  CreatePaymentRequest,
  ExportFormat,
  Payment,
  PaymentStatus,
  RecordRefundRequest,
  SelectChainRequest,
} from '@cairn/contract';

/** The chain option the customer picked on a checkout, with its deposit target and progress. */
export type SelectedOption = NonNullable<Checkout['selected']>;

/** An on-chain transfer counted towards a payment. */
export type PaymentTransaction = Payment['transactions'][number];

/** Body of `cairn.payments.create`: fiat amount and currency, optional accepted set and references. */
export type CreatePaymentParams = CreatePaymentRequest;

/** Body of `cairn.checkout.selectChain`: `{ chain_id, coin_symbol }` or `{ token: 'CHAIN:SYMBOL' }`. */
export type SelectChainParams = SelectChainRequest;

/** Body of `cairn.payments.recordRefund`: the refund already sent on-chain. */
export type RecordRefundParams = RecordRefundRequest;

/** Format and filters of `cairn.payments.export` (the list's filters, without its page size or cursor). */
export interface ExportPaymentsParams extends Omit<ListPaymentsParams, 'limit' | 'starting_after'> {
  /** `csv` (RFC 4180, UTF-8, a header row; the default) or `jsonl` (JSON Lines, one object per payment). */
  readonly format?: ExportFormat | undefined;
}

/** Filters and cursor of `cairn.payments.list`. */
export interface ListPaymentsParams {
  /** Page size, 1 to 100 (default 20). */
  readonly limit?: number | undefined;
  /** Cursor: the id of the last payment of the previous page. Iteration sets it for you. */
  readonly starting_after?: string | undefined;
  /** One status or several (sent comma-separated). */
  readonly status?: PaymentStatus | readonly PaymentStatus[] | undefined;
  /** Only payments with this merchant reference. */
  readonly order_id?: string | undefined;
  /** Only the payments this payment link created. */
  readonly payment_link_id?: string | undefined;
  /** Only the payments of this invoice. */
  readonly invoice_id?: string | undefined;
  /** Only payments created at or after this time (a `Date` or an RFC 3339 UTC timestamp). */
  readonly created_gte?: Date | string | undefined;
  /** Only payments created before this time. */
  readonly created_lt?: Date | string | undefined;
}
