/** The graphile-worker task that sends one queued message over SMTP. */
export const SEND_MAIL_TASK = 'send_mail';

/** Attempts before a message is given up (graphile-worker's backoff: about 3 hours in all). */
export const SEND_MAIL_MAX_ATTEMPTS = 12;

export interface SendMailPayload {
  readonly mailId: string;
}
