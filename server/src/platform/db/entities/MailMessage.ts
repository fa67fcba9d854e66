import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * `queued` (a send job exists), `sent`, `failed` (every attempt failed), `dev_mailbox` (no SMTP
 * configured: shown on the dashboard's dev mailbox page instead).
 */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'dev_mailbox';

/** One message of the mail queue (SMTP) or of the dev mailbox. */
export const MailMessage = defineEntity({
  name: 'MailMessage',
  tableName: 'mail_messages',
  properties: {
    id: p.uuid().primary(),
    toAddress: p.string(),
    subject: p.string(),
    textBody: p.text(),
    htmlBody: p.text(),
    /** What the message is for, e.g. `verify_email`. */
    kind: p.string(),
    status: p.string().$type<MailStatus>(),
    attempts: p.integer(),
    lastError: p.text().nullable(),
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type IMailMessage = InferEntity<typeof MailMessage>;
