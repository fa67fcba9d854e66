import { ApiKey } from './ApiKey.js';
import { AuditEvent } from './AuditEvent.js';
import { DashboardSession } from './DashboardSession.js';
import { EmailToken } from './EmailToken.js';
import { MailMessage } from './MailMessage.js';
import { OidcLogin } from './OidcLogin.js';
import { UserIdentity } from './UserIdentity.js';

export type { ApiKeyStatus, IApiKey } from './ApiKey.js';
export type { IAuditEvent } from './AuditEvent.js';
export type { IBusiness } from './Business.js';
export type { IBusinessInvitation } from './BusinessInvitation.js';
export type { IBusinessMember, MemberRole } from './BusinessMember.js';
export type { CreditEntryKind, ICreditLedgerEntry } from './CreditLedgerEntry.js';
export type { IDashboardSession } from './DashboardSession.js';
export type { EmailTokenPurpose, IEmailToken } from './EmailToken.js';
export type { IIdempotencyRecord } from './IdempotencyRecord.js';
export type { IMailMessage, MailStatus } from './MailMessage.js';
export type { IOidcLogin } from './OidcLogin.js';
export type { IOutboxEvent } from './OutboxEvent.js';
export type { IPayment } from './Payment.js';
export type { IPaymentOption } from './PaymentOption.js';
export type { IRefund } from './Refund.js';
export type { ITransfer } from './Transfer.js';
export type { IUser } from './User.js';
export type { IUserIdentity } from './UserIdentity.js';
export type { IWallet } from './Wallet.js';
export type { IWebhookEndpoint } from './WebhookEndpoint.js';

import { Business } from './Business.js';
import { BusinessInvitation } from './BusinessInvitation.js';
import { BusinessMember } from './BusinessMember.js';
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
  AuditEvent,
  Business,
  BusinessInvitation,
  BusinessMember,
  CreditLedgerEntry,
  DashboardSession,
  EmailToken,
  IdempotencyRecord,
  MailMessage,
  OidcLogin,
  OutboxEvent,
  Payment,
  PaymentOption,
  Refund,
  Transfer,
  User,
  UserIdentity,
  Wallet,
  WebhookEndpoint,
};

/** Every entity, for the ORM configuration. */
export const ENTITIES = [
  ApiKey,
  AuditEvent,
  DashboardSession,
  EmailToken,
  MailMessage,
  OidcLogin,
  UserIdentity,
  Business,
  BusinessInvitation,
  BusinessMember,
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
