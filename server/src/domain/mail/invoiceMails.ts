import type { CustomerLanguage } from '@cairn/contract';
import { customerLocaleInfo } from '../../web/customerLanguage/customerLocales.js';
import { translatorFor } from '../../web/customerLanguage/customerTranslator.js';
import { formatCalendarDay } from '../../web/customerLanguage/formatCalendarDay.js';
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
  /** YYYY-MM-DD (a UTC day), written out in the mail's language. */
  readonly dueDate: string;
  readonly recipientName: string | null;
  readonly memo: string | null;
  /** The invoice page. */
  readonly link: string;
  readonly overdue: boolean;
  /** The invoice's language (English when the merchant set none). */
  readonly language: CustomerLanguage | null;
}

const render = (lang: string, title: string, paragraphs: readonly string[], link: string, label: string) => {
  const dir = customerLocaleInfo(lang as CustomerLanguage).dir;
  return html`<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.25rem">${title}</h1>
${paragraphs.map((p) => html`<p>${p}</p>`)}
<p><a href="${link}">${label}</a></p><p style="color: #555">${link}</p>
</body></html>`.toString();
};

/** The mail's translator and the facts as the language writes them. */
function written(facts: InvoiceMailFacts) {
  const lang = facts.language ?? 'en';
  const t = translatorFor(lang);
  const intl = customerLocaleInfo(lang).intl;
  const words = {
    business: facts.businessName,
    number: facts.number,
    amount: formatFiat(facts.total, facts.currency, intl),
    dueDate: formatCalendarDay(facts.dueDate, intl),
  };
  const greeting = facts.recipientName
    ? t('mailGreetingNamed', { name: facts.recipientName })
    : t('mailGreeting');
  return { lang, t, words, greeting };
}

/** The invoice itself: sent by `send` (again on a re-send), in the invoice's language. */
export function invoiceMail(facts: InvoiceMailFacts): MailContent {
  const { lang, t, words, greeting } = written(facts);
  const paragraphs = [
    greeting,
    t('mailInvoiceIntro', words),
    ...(facts.memo ? [facts.memo] : []),
    t('mailInvoiceHow'),
  ];
  return {
    to: facts.to,
    kind: 'invoice',
    subject: t('mailInvoiceSubject', words),
    text: `${paragraphs.join('\n\n')}\n\n${facts.link}\n`,
    html: render(lang, t('invoiceTitle', words), paragraphs, facts.link, t('mailInvoiceLink')),
  };
}

/** A reminder of an open invoice: on demand or on the merchant's schedule, in the invoice's language. */
export function invoiceReminderMail(facts: InvoiceMailFacts): MailContent {
  const { lang, t, words, greeting } = written(facts);
  const intro = t(facts.overdue ? 'mailReminderOverdue' : 'mailReminderDue', words);
  const paragraphs = [greeting, intro, t('mailReminderIgnore')];
  return {
    to: facts.to,
    kind: 'invoice_reminder',
    subject: t(facts.overdue ? 'mailReminderSubjectOverdue' : 'mailReminderSubject', words),
    text: `${paragraphs.join('\n\n')}\n\n${facts.link}\n`,
    html: render(lang, t('mailReminderTitle', words), paragraphs, facts.link, t('mailInvoiceLink')),
  };
}
