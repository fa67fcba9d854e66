export type {
  ChainId,
  ChainOption,
  Checkout,
  EventList,
  ExportFormat,
  FieldError,
  Invoice,
  InvoiceList,
  InvoiceStatus,
  LineItem,
  Mode,
  Payment,
  PaymentExportRecord,
  PaymentLink,
  PaymentLinkList,
  PaymentList,
  PaymentStatus,
  Refund,
  WebhookEvent,
  WebhookEventName,
} from '@cairn/contract';
export type {
  CreatePaymentParams,
  ExportPaymentsParams,
  ListPaymentsParams,
  PaymentTransaction,
  RecordRefundParams,
  SelectChainParams,
  SelectedOption,
} from './apiTypes.js';
export { Cairn, type CairnOptions } from './Cairn.js';
export { AuthenticationError } from './errors/AuthenticationError.js';
export { CairnError, type CairnErrorInit } from './errors/CairnError.js';
export { ConflictError } from './errors/ConflictError.js';
export { ConnectionError } from './errors/ConnectionError.js';
export type {
  ApiErrorCode,
  ApiErrorCodeForStatus,
  CairnErrorCode,
  SdkErrorCode,
} from './errors/errorCodes.js';
export { InsufficientCreditError } from './errors/InsufficientCreditError.js';
export { InvalidResponseError } from './errors/InvalidResponseError.js';
export { NotFoundError } from './errors/NotFoundError.js';
export { PermissionError } from './errors/PermissionError.js';
export { RateLimitError } from './errors/RateLimitError.js';
export { RequestAbortedError } from './errors/RequestAbortedError.js';
export { ServerError, type ServerErrorCode } from './errors/ServerError.js';
export { TimeoutError } from './errors/TimeoutError.js';
export { ValidationError } from './errors/ValidationError.js';
export { generateIdempotencyKey } from './idempotencyKey.js';
export { type Page, PagePromise } from './paginate.js';
export type { RequestOptions } from './request.js';
export type { CheckoutResource } from './resources/checkout.js';
export type { CreditResource, ExportCreditLedgerParams } from './resources/credit.js';
export type { EventsResource, ExportEventsParams, ListEventsParams } from './resources/events.js';
export type { FollowEventsParams } from './resources/followEvents.js';
export type {
  CreateInvoiceParams,
  ExportInvoicesParams,
  InvoicesResource,
  ListInvoicesParams,
} from './resources/invoices.js';
export type {
  CreatePaymentLinkParams,
  ListPaymentLinksParams,
  PaymentLinksResource,
} from './resources/paymentLinks.js';
export type { PaymentsResource } from './resources/payments.js';
export type { TestHelperPaymentsResource, TestHelpersResource } from './resources/testHelpers.js';
export { NON_RETRYABLE_CONFLICT_CODES, type RetryOptions } from './retryPolicy.js';
export type { FetchFunction } from './sendAttempt.js';
export { SDK_VERSION } from './version.js';
