import { MailMessage } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';

/** One message of the dev mailbox as its list shows it. */
export interface DevMailSummary {
  readonly id: string;
  readonly toAddress: string;
  readonly subject: string;
  readonly createdAt: Date;
}

/** How many messages the dev mailbox lists. */
const LISTED = 100;

/**
 * The mail the gateway kept instead of sending (no SMTP server), newest first, the latest 100: the
 * dashboard's dev mailbox.
 */
export async function listDevMailbox(gateway: Gateway): Promise<DevMailSummary[]> {
  const messages = await gateway.orm.em
    .fork()
    .find(MailMessage, { status: 'dev_mailbox' }, { orderBy: { createdAt: 'desc' }, limit: LISTED });
  return messages.map((m) => ({
    id: m.id,
    toAddress: m.toAddress,
    subject: m.subject,
    createdAt: m.createdAt,
  }));
}
