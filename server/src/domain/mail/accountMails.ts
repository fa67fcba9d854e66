import { html } from '../../web/html.js';
import type { MailContent } from './MailContent.js';

const page = (title: string, paragraphs: readonly string[], link?: { href: string; label: string }) =>
  html`<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.25rem">${title}</h1>
${paragraphs.map((p) => html`<p>${p}</p>`)}
${link ? html`<p><a href="${link.href}">${link.label}</a></p><p style="color: #555">${link.href}</p>` : ''}
</body></html>`.toString();

/** The link that proves a new login owns its address. */
export function verifyEmailMail(to: string, link: string, validHours: number): MailContent {
  const intro =
    'Confirm this address to finish creating your Cairn account: open the link and type the password you chose when you signed up.';
  const expiry = `The link works once and expires in ${validHours} hours. If you did not sign up, ignore this mail: without that password, the link does nothing.`;
  return {
    to,
    kind: 'verify_email',
    subject: 'Confirm your email address for Cairn',
    text: `${intro}\n\n${link}\n\n${expiry}\n`,
    html: page('Confirm your email address', [intro, expiry], { href: link, label: 'Confirm my address' }),
  };
}

/**
 * Sent when someone signs up with an address that already has a verified login, with a reset link
 * (so that the owner of the address gets the same kind of link as a new sign-up would).
 */
export function alreadyRegisteredMail(to: string, signInLink: string, resetLink: string): MailContent {
  const intro = 'Someone tried to create a Cairn account with this address, which already has one.';
  const next = `If it was you, sign in at ${signInLink}, or choose a new password at ${resetLink}. If not, ignore this mail: nothing changed.`;
  return {
    to,
    kind: 'already_registered',
    subject: 'You already have a Cairn account',
    text: `${intro}\n\n${next}\n`,
    html: page('You already have a Cairn account', [intro, next]),
  };
}

/** The link that sets a new password. */
export function resetPasswordMail(to: string, link: string, validMinutes: number): MailContent {
  const intro = 'Someone asked to choose a new password for the Cairn account with this address.';
  const expiry = `The link works once and expires in ${validMinutes} minutes. If it was not you, ignore this mail: your password stays as it is.`;
  return {
    to,
    kind: 'reset_password',
    subject: 'Choose a new password for Cairn',
    text: `${intro}\n\n${link}\n\n${expiry}\n`,
    html: page('Choose a new password', [intro, expiry], { href: link, label: 'Choose a new password' }),
  };
}

/** Sent when someone asks for a confirmation link for an address already confirmed. */
export function alreadyConfirmedMail(to: string, signInLink: string): MailContent {
  const intro = 'Someone asked for a new link to confirm this address for Cairn. It is already confirmed.';
  const next = `If it was you, sign in at ${signInLink}. If not, ignore this mail: nothing changed.`;
  return {
    to,
    kind: 'already_confirmed',
    subject: 'Your address is already confirmed for Cairn',
    text: `${intro}\n\n${next}\n`,
    html: page('Your address is already confirmed', [intro, next]),
  };
}

/**
 * Sent when someone asks for a confirmation or reset link for an address without a Cairn account:
 * resend and reset do the same work whether or not the address has one (docs/security.md).
 */
export function noAccountMail(to: string, asked: 'confirm' | 'reset', signUpLink: string): MailContent {
  const what = asked === 'confirm' ? 'a link to confirm this address' : 'a link to choose a new password';
  const intro = `Someone asked Cairn for ${what}, but there is no Cairn account for this address.`;
  const next = `If it was you, you can create an account at ${signUpLink}. If not, ignore this mail.`;
  return {
    to,
    kind: 'no_account',
    subject: 'There is no Cairn account for this address',
    text: `${intro}\n\n${next}\n`,
    html: page('There is no Cairn account for this address', [intro, next]),
  };
}
