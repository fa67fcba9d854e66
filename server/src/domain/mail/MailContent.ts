/** One message as the product writes it: what `queueMail` stores and the mailer sends. */
export interface MailContent {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** What it is for (`verify_email`, `reset_password`, ...), shown in the dev mailbox and logs. */
  readonly kind: string;
}
