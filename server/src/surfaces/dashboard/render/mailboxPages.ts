import type { DevMail } from '../../../domain/mail/findDevMail.js';
import type { DevMailSummary } from '../../../domain/mail/listDevMailbox.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { formatTime } from './forms.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';

const DEV_ONLY =
  'This gateway has no mail server (CAIRN_SMTP_URL is unset), so the mail it would send is kept here. ' +
  'For development only: anyone who can open this page can use these links.';

const MAIL = tableColumns('When', 'To', 'Subject');

/** One kept message: when, to whom, and its subject linking to it. */
function mailRow(paths: DashboardPaths, m: DevMailSummary): SafeHtml {
  const subject = html`<a href="${paths.mailboxMessage(m.id)}">${m.subject}</a>`;
  return MAIL.row(formatTime(m.createdAt), m.toAddress, subject);
}

function mailTable(paths: DashboardPaths, messages: readonly DevMailSummary[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0" role="region" aria-label="Mail"><table><caption class="visually-hidden-label">Mail</caption>
${MAIL.head}
<tbody>${messages.map((m) => mailRow(paths, m))}</tbody></table></div>`;
}

export function mailboxPage(paths: DashboardPaths, messages: readonly DevMailSummary[]): Page {
  return {
    title: 'Dev mailbox',
    main: html`<h1>Dev mailbox</h1>
<div class="notice warn" role="status">${DEV_ONLY}</div>
${messages.length === 0 ? html`<div class="card"><p>No mail yet.</p></div>` : mailTable(paths, messages)}
<p><a href="${paths.signIn}">Sign in</a></p>`,
  };
}

/** The message's text with its http(s) links made clickable (everything else escaped). */
function linkify(text: string): SafeHtml[] {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    parts.push(html`${text.slice(last, match.index)}`, html`<a href="${match[0]}">${match[0]}</a>`);
    last = match.index + match[0].length;
  }
  parts.push(html`${text.slice(last)}`);
  return parts;
}

export function mailboxMessagePage(paths: DashboardPaths, message: DevMail): Page {
  return {
    title: message.subject,
    main: html`<h1>${message.subject}</h1>
<div class="card">
<p>To: ${message.toAddress} · ${formatTime(message.createdAt)}</p>
<pre class="mail">${linkify(message.textBody)}</pre>
</div>
<p><a href="${paths.mailbox}">Back to the mailbox</a></p>`,
  };
}
