import { MailMessage } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import type { DevMailSummary } from './listDevMailbox.js';

/** One message of the dev mailbox, with its plain-text body. */
export interface DevMail extends DevMailSummary {
  readonly textBody: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A message the dev mailbox kept, or undefined (no such id, or mail that was really sent). */
export async function findDevMail(gateway: Gateway, id: string): Promise<DevMail | undefined> {
  if (!UUID.test(id)) return undefined;
  const m = await gateway.orm.em.fork().findOne(MailMessage, { id, status: 'dev_mailbox' });
  return m
    ? { id: m.id, toAddress: m.toAddress, subject: m.subject, createdAt: m.createdAt, textBody: m.textBody }
    : undefined;
}
