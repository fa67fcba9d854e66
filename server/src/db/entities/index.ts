import { ApiKey } from './ApiKey.js';

export type { ApiKeyStatus, IApiKey } from './ApiKey.js';
export type { IBusiness } from './Business.js';
export type { CreditEntryKind, ICreditLedgerEntry } from './CreditLedgerEntry.js';
export type { IIdempotencyRecord } from './IdempotencyRecord.js';
export type { IOutboxEvent } from './OutboxEvent.js';
export type { IPayment } from './Payment.js';
export type { IPaymentOption } from './PaymentOption.js';
export type { IRefund } from './Refund.js';
export type { ITransfer } from './Transfer.js';
export type { IUser } from './User.js';
export type { IWallet } from './Wallet.js';
export type { IWebhookEndpoint } from './WebhookEndpoint.js';

import { Business } from './Business.js';
import { CreditLedgerEntry } from './CreditLedgerEntry.js';
import { IdempotencyRecord } from './IdempotencyRecord.js';
import { OutboxEvent } from './OutboxEvent.js';
import { Payment } from './Payment.js';
import { PaymentOption } from './PaymentOption.js';
import { Refund } from './Refund.js';
import { Transfer } from './Transfer.js';
import { User } from './User.js';
import { Wallet } from './Wallet.js';
import { WebhookEndpoint } from './WebhookEndpoint.js';

export {
  ApiKey,
  Business,
  CreditLedgerEntry,
  IdempotencyRecord,
  OutboxEvent,
  Payment,
  PaymentOption,
  Refund,
  Transfer,
  User,
  Wallet,
  WebhookEndpoint,
};

/** Every entity, for the ORM configuration. */
export const ENTITIES = [
  ApiKey,
  Business,
  CreditLedgerEntry,
  IdempotencyRecord,
  OutboxEvent,
  Payment,
  PaymentOption,
  Refund,
  Transfer,
  User,
  Wallet,
  WebhookEndpoint,
];
