import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../domain/accounts/passwordRules.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, field, fieldError } from './forms.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import { passkeyButton } from './passkeyButton.js';

/** A third-party sign-in the operator configured. */
export interface ProviderButton {
  readonly name: string;
  readonly label: string;
}

/** Field errors and the values to keep when a form comes back refused. */
export interface FormState {
  readonly values?: Readonly<Record<string, string>>;
  readonly errors?: Readonly<Record<string, string>>;
  readonly notice?: Notice;
  readonly status?: number;
}

const passwordHint =
  `At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_LENGTH}. ` +
  'A passphrase of several words is easy to remember and hard to guess.';

/** The email address field of an account form. */
function emailField(state: FormState, autocomplete: 'username' | 'email', hint?: string): SafeHtml {
  return field({
    name: 'email',
    label: 'Email address',
    type: 'email',
    autocomplete,
    required: true,
    value: state.values?.email ?? '',
    ...(hint ? { hint } : {}),
    ...fieldError(state.errors, 'email'),
  });
}

/**
 * A password being typed to prove who one is (sign-in, confirmation, step-up), with the refused
 * form's error under it. `id` tells two such fields on one page apart.
 */
export function currentPasswordField(
  state: FormState,
  options: { name?: string; label?: string; id?: string; autofocus?: boolean } = {},
): SafeHtml {
  const name = options.name ?? 'password';
  return field({
    name,
    ...(options.id ? { id: options.id } : {}),
    label: options.label ?? 'Password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
    ...(options.autofocus ? { autofocus: true } : {}),
    ...fieldError(state.errors, name),
  });
}

/** A password being chosen (sign-up, reset), with the rules as its hint. */
function newPasswordField(state: FormState, label: string): SafeHtml {
  return field({
    name: 'password',
    label,
    type: 'password',
    autocomplete: 'new-password',
    required: true,
    minlength: MIN_PASSWORD_LENGTH,
    hint: passwordHint,
    ...fieldError(state.errors, 'password'),
  });
}

function providerButtons(paths: DashboardPaths, providers: readonly ProviderButton[]) {
  if (providers.length === 0) return '';
  return html`<p class="or">or</p>
<ul class="providers">${providers.map(
    (p) =>
      html`<li><a class="button secondary" href="${paths.oidcStart(p.name)}">Continue with ${p.label}</a></li>`,
  )}</ul>`;
}

/** Signing in with a passkey instead of the address and password (shown once the script finds WebAuthn). */
function passkeySignIn(paths: DashboardPaths, csrf: string) {
  return html`<form method="post" action="${paths.signInPasskey}" class="passkey-sign-in">
${csrfField(csrf)}
${passkeyButton({
  purpose: 'sign_in',
  optionsPath: paths.passkeyOptions,
  label: 'Sign in with a passkey',
  id: 'passkey-sign-in',
})}
</form>`;
}

export function signInPage(
  paths: DashboardPaths,
  csrf: string,
  providers: readonly ProviderButton[],
  state: FormState = {},
  /** Whether passkeys work on this dashboard (a domain name over https, or localhost). */
  passkeys = false,
): Page {
  return {
    title: 'Sign in',
    narrow: true,
    passkeys,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Sign in to Cairn</h1>
<div class="card">
<form method="post" action="${paths.signIn}" novalidate>
${csrfField(csrf)}
${emailField(state, 'username')}
${currentPasswordField(state)}
<div class="actions"><button type="submit">Sign in</button><a href="${paths.resetPassword}">Forgot your password?</a></div>
</form>
${passkeys ? passkeySignIn(paths, csrf) : ''}
${providerButtons(paths, providers)}
</div>
<p>New to Cairn? <a href="${paths.signUp}">Create an account</a>.</p>
<p><a href="${paths.resendVerification}">Send the confirmation link again</a></p>`,
  };
}

export function signUpPage(
  paths: DashboardPaths,
  csrf: string,
  providers: readonly ProviderButton[],
  state: FormState = {},
): Page {
  return {
    title: 'Create an account',
    narrow: true,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Create your Cairn account</h1>
<div class="card">
<form method="post" action="${paths.signUp}" novalidate>
${csrfField(csrf)}
${emailField(state, 'email', 'We send a link to confirm it.')}
${newPasswordField(state, 'Password')}
<div class="actions"><button type="submit">Create account</button></div>
</form>
${providerButtons(paths, providers)}
</div>
<p>Already have an account? <a href="${paths.signIn}">Sign in</a>.</p>`,
  };
}

/** The answer to sign-up, resend and reset requests: the same whether or not the address has a login. */
export function checkInboxPage(
  paths: DashboardPaths,
  email: string,
  what: 'confirm' | 'reset',
  mailboxLink: boolean,
): Page {
  const text =
    what === 'confirm'
      ? html`If <strong>${email}</strong> can be signed up, a link to confirm it is on its way. Open it to finish: it works once and expires in 24 hours.`
      : html`If <strong>${email}</strong> has a Cairn account, a link to choose a new password is on its way. It works once and expires in 60 minutes.`;
  return {
    title: 'Check your inbox',
    narrow: true,
    main: html`<h1>Check your inbox</h1>
<div class="card" role="status"><p>${text}</p>
<p class="muted">Nothing after a few minutes? Look in the spam folder, or ask again.</p>
${mailboxLink ? html`<p>This gateway has no mail server: the mail is in the <a href="${paths.mailbox}">dev mailbox</a>.</p>` : ''}
</div>
<p><a href="${paths.signIn}">Back to sign in</a></p>`,
  };
}

/** One email form (resend confirmation, reset request). */
export function emailRequestPage(
  paths: DashboardPaths,
  csrf: string,
  what: 'confirm' | 'reset',
  state: FormState = {},
): Page {
  const confirm = what === 'confirm';
  const ask = confirm
    ? 'Enter the address you signed up with: we send a new link to confirm it.'
    : 'Enter your account’s address: we send a link to choose a new password.';
  return {
    title: confirm ? 'Send the confirmation link again' : 'Choose a new password',
    narrow: true,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>${confirm ? 'Send the confirmation link again' : 'Forgot your password?'}</h1>
<div class="card">
<p>${ask}</p>
<form method="post" action="${confirm ? paths.resendVerification : paths.resetPassword}" novalidate>
${csrfField(csrf)}
${emailField(state, 'email')}
<div class="actions"><button type="submit">Send the link</button></div>
</form>
</div>
<p><a href="${paths.signIn}">Back to sign in</a></p>`,
  };
}

/**
 * The page a confirmation link opens: the password chosen at sign-up, typed again, and a button that
 * POSTs it with the token (mail scanners that fetch links spend nothing; and a link someone else
 * asked for with this address does nothing without their password).
 */
export function confirmEmailPage(
  paths: DashboardPaths,
  csrf: string,
  token: string,
  state: FormState = {},
): Page {
  return {
    title: 'Confirm your email address',
    narrow: true,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Confirm your email address</h1>
<div class="card">
<form method="post" action="${paths.verifyEmail}" novalidate>
${csrfField(csrf)}<input type="hidden" name="token" value="${token}">
<p>One more step: confirm that this address is yours, with the password you chose when you signed up.</p>
${currentPasswordField(state)}
<div class="actions"><button type="submit">Confirm my address</button></div>
</form>
</div>
<p><a href="${paths.resendVerification}">Send a new link</a></p>`,
  };
}

export function newPasswordPage(
  paths: DashboardPaths,
  csrf: string,
  token: string,
  state: FormState = {},
): Page {
  return {
    title: 'Choose a new password',
    narrow: true,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Choose a new password</h1>
<div class="card">
<form method="post" action="${paths.resetPasswordConfirm}" novalidate>
${csrfField(csrf)}<input type="hidden" name="token" value="${token}">
${newPasswordField(state, 'New password')}
<p class="muted">Saving it signs you out on every device.</p>
<div class="actions"><button type="submit">Save the new password</button></div>
</form>
</div>`,
  };
}

/** A page that only says something (a spent link, a refused sign-in, an error). */
export function messagePage(
  title: string,
  text: string,
  status: number,
  link?: { href: string; label: string },
): Page {
  return {
    title,
    narrow: true,
    status,
    main: html`<h1>${title}</h1>
<div class="card"><p>${text}</p>
${link ? html`<p><a class="button" href="${link.href}">${link.label}</a></p>` : ''}</div>`,
  };
}
