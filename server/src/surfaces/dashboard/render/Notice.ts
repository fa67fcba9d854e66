/** A message at the top of a page: what just happened, or why a form was refused. */
export interface Notice {
  readonly kind: 'ok' | 'error' | 'warn' | 'info';
  readonly text: string;
}

/**
 * Notices a redirect may carry (`?notice=<code>`): a fixed set, so a link cannot make the page say
 * anything else.
 */
export const REDIRECT_NOTICES = {
  'signed-out': { kind: 'ok', text: 'You are signed out.' },
  'signed-out-everywhere': { kind: 'ok', text: 'You are signed out on every device.' },
  'email-verified': { kind: 'ok', text: 'Your email address is confirmed. Sign in to continue.' },
  'password-changed': {
    kind: 'ok',
    text: 'Your password is changed and every other sign-in has ended. Sign in with the new password.',
  },
  'session-ended': { kind: 'info', text: 'Your sign-in has ended. Sign in again to continue.' },
  'session-signed-out': { kind: 'ok', text: 'That browser is signed out.' },
  'other-sessions-signed-out': {
    kind: 'ok',
    text: 'Every other browser is signed out; this one stays signed in.',
  },
  'two-factor-off': {
    kind: 'warn',
    text: 'Two-factor sign-in is off: your password alone signs you in now.',
  },
  'second-factor-expired': {
    kind: 'error',
    text: 'That sign-in expired or had too many wrong codes. Sign in again.',
  },
  'business-created': { kind: 'ok', text: 'Business created.' },
  'business-switched': { kind: 'ok', text: 'Switched business.' },
  'member-role-changed': { kind: 'ok', text: 'Role changed: it applies from the member’s next page.' },
  'member-invited': { kind: 'ok', text: 'Invitation sent: its link works for 7 days.' },
  'invitation-revoked': { kind: 'ok', text: 'Invitation revoked: its link no longer works.' },
  'member-joined': { kind: 'ok', text: 'Welcome: you are now a member of this business.' },
  'member-removed': { kind: 'ok', text: 'Member removed: their access to this business has ended.' },
  'ownership-handed': { kind: 'ok', text: 'Ownership handed over: you are now an admin of this business.' },
  'business-renamed': { kind: 'ok', text: 'Business name saved: the checkout shows it from now on.' },
  'mode-test': { kind: 'ok', text: 'Test mode: everything here uses test networks and test keys.' },
  'mode-live': { kind: 'warn', text: 'Live mode: keys and wallets here move real money.' },
  'live-needs-two-factor': {
    kind: 'error',
    text: 'Live mode moves real money: turn on two-factor sign-in (an authenticator app or a passkey) first, then switch to live.',
  },
  'app-on': {
    kind: 'ok',
    text: 'Authenticator app on: its codes sign you in as well as your passkeys. Your recovery codes are unchanged.',
  },
  'passkey-added': { kind: 'ok', text: 'Passkey added: it signs you in, with or without your password.' },
  'passkey-removed': { kind: 'ok', text: 'Passkey removed: it no longer signs you in.' },
  'passkey-removed-two-factor-off': {
    kind: 'warn',
    text: 'Passkey removed. It was your last second factor: two-factor sign-in is off, and your password alone signs you in.',
  },
  'preferences-saved': {
    kind: 'ok',
    text: 'Payment preferences saved. Payments created from now on use them; open payments keep theirs.',
  },
  'webhook-redelivered': {
    kind: 'ok',
    text: 'Queued again: the new delivery is at the top of the list, sent with the same event id.',
  },
  'webhook-still-pending': {
    kind: 'warn',
    text: 'That delivery is still being retried; it can be sent again once it is delivered or gives up.',
  },
  'invoice-created': {
    kind: 'ok',
    text: 'Draft invoice created. Check it, then send it to the recipient.',
  },
  'invoice-sent': { kind: 'ok', text: 'Invoice sent: the recipient has an email with the link to pay it.' },
  'invoice-reminded': { kind: 'ok', text: 'Reminder sent to the recipient.' },
  'invoice-voided': { kind: 'ok', text: 'Invoice voided: its page no longer takes payment.' },
  'link-created': { kind: 'ok', text: 'Payment link created: share its address below.' },
  'link-deactivated': {
    kind: 'ok',
    text: 'Link deactivated: its page no longer takes payments. Payments made through it are not affected.',
  },
  'wallet-removed': { kind: 'ok', text: 'Wallet removed.' },
  'key-deactivated': {
    kind: 'ok',
    text: 'Key deactivated: calls with it are refused (401) until you reactivate it.',
  },
  'key-reactivated': { kind: 'ok', text: 'Key reactivated.' },
  'key-revoked': { kind: 'ok', text: 'Key revoked: every call with it is refused (401), for good.' },
} as const satisfies Record<string, Notice>;

export type RedirectNotice = keyof typeof REDIRECT_NOTICES;

/** The notice a `?notice=` code names, if it is one of ours. */
export function redirectNotice(code: unknown): Notice | undefined {
  return typeof code === 'string' && Object.hasOwn(REDIRECT_NOTICES, code)
    ? REDIRECT_NOTICES[code as RedirectNotice]
    : undefined;
}
