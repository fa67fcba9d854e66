import { formatFiat } from '../../web/formatFiat.js';
import { html } from '../../web/html.js';
import type { MailContent } from './MailContent.js';

/** What an invoice mail says about the invoice. */
export interface InvoiceMailFacts {
  readonly to: string;
  readonly businessName: string;
  readonly number: string;
  readonly total: string;
  readonly currency: string;
  readonly dueDate: string;
  readonly recipientName: string | null;
  readonly memo: string | null;
  /** The invoice page. */
  readonly link: string;
  readonly overdue: boolean;
}

const render = (title: string, paragraphs: readonly string[], link: string, label: string) =>
  html`<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.25rem">${title}</h1>
${paragraphs.map((p) => html`<p>${p}</p>`)}
<p><a href="${link}">${label}</a></p><p style="color: #555">${link}</p>
</body></html>`.toString();

const greeting = (facts: InvoiceMailFacts) =>
  facts.recipientName ? `Hello ${facts.recipientName},` : 'Hello,';

/** The invoice itself: sent by `send` (again on a re-send). */
export function invoiceMail(facts: InvoiceMailFacts): MailContent {
  const amount = formatFiat(facts.total, facts.currency, 'en-US');
  const intro = `${facts.businessName} sent you invoice ${facts.number} for ${amount}, due on ${facts.dueDate}.`;
  const how = 'Open it to see the details and pay in cryptocurrency from your own wallet.';
  const paragraphs = [greeting(facts), intro, ...(facts.memo ? [facts.memo] : []), how];
  return {
    to: facts.to,
    kind: 'invoice',
    subject: `Invoice ${facts.number} from ${facts.businessName}: ${amount}`,
    text: `${paragraphs.join('\n\n')}\n\n${facts.link}\n`,
    html: render(`Invoice ${facts.number}`, paragraphs, facts.link, 'View and pay the invoice'),
  };
}

/** A reminder of an open invoice: on demand or on the merchant's schedule. */
export function invoiceReminderMail(facts: InvoiceMailFacts): MailContent {
  const amount = formatFiat(facts.total, facts.currency, 'en-US');
  const state = facts.overdue
    ? `was due on ${facts.dueDate} and is still open`
    : `is due on ${facts.dueDate}`;
  const intro = `A reminder from ${facts.businessName}: invoice ${facts.number} for ${amount} ${state}.`;
  const paragraphs = [greeting(facts), intro, 'If you already paid it, you can ignore this mail.'];
  return {
    to: facts.to,
    kind: 'invoice_reminder',
    subject: `Reminder: invoice ${facts.number} from ${facts.businessName}${facts.overdue ? ' is overdue' : ''}`,
    text: `${paragraphs.join('\n\n')}\n\n${facts.link}\n`,
    html: render(`Reminder: invoice ${facts.number}`, paragraphs, facts.link, 'View and pay the invoice'),
  };
}
