import type { Task } from 'graphile-worker';
import { createTransport, type Transporter } from 'nodemailer';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import type { SendMailPayload } from '../../domain/mail/mailJobs.js';
import { MailMessage } from '../../platform/db/entities/index.js';

/**
 * Sends one queued message over CAIRN_SMTP_URL. A failure records the error and throws, so
 * graphile-worker retries with backoff; the last attempt marks the message failed. A message already
 * sent is not sent again (a crash between the SMTP answer and the commit can still send it twice:
 * at least once, never lost).
 */
export function sendMailTask(gateway: Gateway): Task {
  let transport: Transporter | undefined;
  return async (payload, helpers) => {
    const { mailId } = payload as SendMailPayload;
    const smtpUrl = gateway.config.CAIRN_SMTP_URL;
    const em = gateway.orm.em.fork();
    const message = await em.findOne(MailMessage, { id: mailId });
    if (message?.status !== 'queued') return;
    if (!smtpUrl) throw new Error('CAIRN_SMTP_URL is unset: the message stays queued.');
    transport ??= createTransport(smtpUrl);
    message.attempts += 1;
    try {
      await transport.sendMail({
        from: gateway.config.CAIRN_MAIL_FROM,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
      });
      message.status = 'sent';
      message.sentAt = gateway.clock.now();
      message.lastError = null;
      await em.flush();
    } catch (error) {
      message.lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
      if (helpers.job.attempts >= helpers.job.max_attempts) message.status = 'failed';
      await em.flush();
      helpers.logger.warn(`mail ${mailId} (${message.kind}) not sent: ${message.lastError}`);
      throw error;
    }
  };
}
