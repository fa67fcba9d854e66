import { html } from '../../web/html.js';
import type { MailContent } from './MailContent.js';

/** The facts of one security alert, in words. */
export interface SecurityAlertFacts {
  readonly subject: string;
  /** What happened, a whole sentence. */
  readonly what: string;
  /** Facts on lines of their own (an address, a URL): `[label, value]`. */
  readonly facts?: readonly (readonly [string, string])[];
  readonly at: Date;
  /** Where from: an IP address and a device, or the operator CLI. */
  readonly from: string;
  /** The single-use "this was not me" link, and how many days it works. */
  readonly lockLink: string;
  readonly lockValidDays: number;
}

/** `2026-11-27 10:15:03 UTC`. */
const utc = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * A security alert: what happened, when (UTC), from where, and the "this was not me" link that locks
 * the login (docs/security.md#security-alerts).
 */
export function securityAlertMail(to: string, alert: SecurityAlertFacts): MailContent {
  const when = utc(alert.at);
  const ifYou = 'If this was you, there is nothing to do.';
  const ifNot = `If it was not you, lock your account now with the link below: it signs your account out everywhere and stops its password from working until you choose a new one with “Forgot your password”. Then check your wallets, API keys, webhook endpoints and two-factor sign-in. The link works once and expires in ${alert.lockValidDays} days.`;
  const lines = alert.facts ?? [];
  const factLines = lines.map(([label, value]) => `${label}: ${value}\n`).join('');
  return {
    to,
    kind: 'security_alert',
    subject: `Cairn security alert: ${alert.subject}`,
    text: `${alert.what}\n\n${factLines}When: ${when}\nFrom: ${alert.from}\n\n${ifYou}\n\n${ifNot}\n\nThis was not me, lock my account:\n${alert.lockLink}\n`,
    html: html`<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.25rem">${alert.subject}</h1>
<p>${alert.what}</p>
<p>${lines.map(([label, value]) => html`<strong>${label}:</strong> ${value}<br>`)}<strong>When:</strong> ${when}<br><strong>From:</strong> ${alert.from}</p>
<p>${ifYou}</p>
<p>${ifNot}</p>
<p><a href="${alert.lockLink}">This was not me, lock my account</a></p><p style="color: #555">${alert.lockLink}</p>
</body></html>`.toString(),
  };
}
