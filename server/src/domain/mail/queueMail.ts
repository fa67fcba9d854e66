import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { type IMailMessage, MailMessage } from '../../platform/db/entities/index.js';
import type { Clock } from '../../platform/runtime/clock.js';
import type { MailContent } from './MailContent.js';
import { SEND_MAIL_MAX_ATTEMPTS, SEND_MAIL_TASK, type SendMailPayload } from './mailJobs.js';

/** Where mail goes: an SMTP server (through the job queue), or the dev mailbox. */
export interface MailRoute {
  readonly smtp: boolean;
  readonly log: FastifyBaseLogger;
}

/**
 * Queues a message in the caller's transaction: with SMTP, a row and a `send_mail` job committed
 * together (so a crash loses nothing and the worker retries); without, the row is the dev mailbox's
 * and a log line says so. The log line never carries the message's body (its links are credentials).
 */
export async function queueMail(
  em: EntityManager,
  clock: Clock,
  route: MailRoute,
  mail: MailContent,
): Promise<IMailMessage> {
  const message = em.create(MailMessage, {
    id: randomUUID(),
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    kind: mail.kind,
    status: route.smtp ? 'queued' : 'dev_mailbox',
    attempts: 0,
    lastError: null,
    sentAt: null,
    createdAt: clock.now(),
  });
  await em.flush();
  if (route.smtp) {
    const payload: SendMailPayload = { mailId: message.id };
    await em
      .getConnection()
      .execute(
        'select graphile_worker.add_job(?, ?::json, max_attempts => ?)',
        [SEND_MAIL_TASK, JSON.stringify(payload), SEND_MAIL_MAX_ATTEMPTS],
        'all',
        em.getTransactionContext(),
      );
  } else {
    route.log.info(
      { mailId: message.id, kind: mail.kind, to: mail.to },
      'mail kept in the dev mailbox (CAIRN_SMTP_URL is unset): open the dashboard’s /mailbox page',
    );
  }
  return message;
}
