import type { SessionSummary } from '../../../domain/accounts/listSessions.js';
import type { TwoFactorStatus } from '../../../domain/accounts/readTwoFactorStatus.js';
import type { TotpEnrolment } from '../../../domain/accounts/startTotpEnrolment.js';
import { describeUserAgent } from '../../../web/describeUserAgent.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { currentPasswordField, type FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, fieldError, formatTime } from './forms.js';
import type { Page } from './Page.js';
import { passkeyButton } from './passkeyButton.js';
import { passkeysSection } from './passkeyPages.js';
import type { Viewer } from './Viewer.js';

/** A one-time code field: digits from the app, or a recovery code where `recovery` says so. */
function codeField(state: FormState, label: string, recovery: boolean, id = 'f-code'): SafeHtml {
  return field({
    name: 'code',
    id,
    label,
    autocomplete: 'one-time-code',
    required: true,
    maxlength: 16,
    hint: recovery
      ? 'The six digits your authenticator app shows now, or one of your recovery codes.'
      : 'The six digits your authenticator app shows now.',
    ...fieldError(state.errors, 'code'),
  });
}

const withState = (state: FormState) => ({
  ...(state.notice ? { notice: state.notice } : {}),
  ...(state.status ? { status: state.status } : {}),
});

/** One signed-in browser: device, address, when, and a way to sign it out (not this one). */
function sessionItem(paths: DashboardPaths, csrf: string, session: SessionSummary): SafeHtml {
  const end = session.current
    ? html`<span class="tag">This browser</span>`
    : buttonForm({ action: paths.endSession(session.id), csrf, label: 'Sign out', style: 'secondary' });
  return html`<li><div><strong>${describeUserAgent(session.userAgent)}</strong> · ${session.ip ?? 'address unknown'}
<br><span class="muted">Signed in ${formatTime(session.signedInAt)} · last seen ${formatTime(session.lastSeenAt)}</span></div>
${end}</li>`;
}

/** Where the login is signed in, with sign-out for one browser or all the others. */
function sessionsSection(paths: DashboardPaths, csrf: string, sessions: readonly SessionSummary[]): SafeHtml {
  const others = sessions.filter((s) => !s.current).length;
  return html`<section class="card" aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Where you are signed in</h2>
<ul class="sessions">${sessions.map((session) => sessionItem(paths, csrf, session))}</ul>
${
  others > 0
    ? html`<div class="actions">${buttonForm({
        action: paths.endOtherSessions,
        csrf,
        label: `Sign out the ${others === 1 ? 'other browser' : `${others} other browsers`}`,
        style: 'secondary',
      })}</div>`
    : html`<p class="muted">No other browser is signed in.</p>`
}
</section>`;
}

/** The passkey alternative inside a form that asks for the password and a code (a step-up answer). */
const orPasskey = (paths: DashboardPaths, status: TwoFactorStatus, id: string) =>
  status.passkeys.length > 0
    ? html`<p class="or">or</p>${passkeyButton({ purpose: 'step_up', optionsPath: paths.passkeyOptions, label: 'Confirm with a passkey', id })}`
    : '';

/** What two-factor sign-in is made of now. */
function twoFactorSummary(status: TwoFactorStatus): SafeHtml {
  if (!status.on) {
    return html`<p><span class="status deactivated">Off</span> Your password alone signs you in.</p>
<p>With two-factor sign-in, someone who learns your password still cannot sign in without your phone
or your passkey. Use an authenticator app (for example Google Authenticator, Microsoft Authenticator,
1Password, Bitwarden or Aegis), a passkey, or both.</p>`;
  }
  const ways = [
    ...(status.app ? ['your password and a code from your authenticator app'] : []),
    ...(status.passkeys.length > 0 ? ['one of your passkeys'] : []),
  ];
  return html`<p><span class="status active">On</span> Signing in takes ${ways.join(', or ')}.</p>
<p>Recovery codes left: <strong>${String(status.recoveryCodesLeft)}</strong> of 10.
Each signs you in once if you lose your phone or your passkeys.</p>`;
}

/** The authenticator app: set it up, or turn it off (with the password and a code, or a passkey). */
function appSection(
  paths: DashboardPaths,
  csrf: string,
  status: TwoFactorStatus,
  state: FormState,
): SafeHtml {
  if (!status.app) {
    return html`<section class="card" aria-labelledby="app-heading">
<h2 id="app-heading">Authenticator app</h2>
<p>Not set up.</p>
<form method="post" action="${paths.twoFactorSetup}">
${csrfField(csrf)}
<div class="actions"><button type="submit"${status.on ? html` class="secondary"` : ''}>Set up an authenticator app</button></div>
</form>
</section>`;
  }
  const last = status.passkeys.length === 0;
  return html`<section class="card" aria-labelledby="off-heading">
<h2 id="off-heading">Authenticator app: turn it off</h2>
<p>${last ? 'Your password alone will sign you in again.' : 'Your passkeys keep two-factor sign-in on.'}</p>
<form method="post" action="${paths.twoFactorDisable}" novalidate>
${csrfField(csrf)}
${status.hasPassword ? currentPasswordField({}, { label: 'Your password', id: 'f-off-password' }) : ''}
${codeField(state.values?.form === 'off' ? state : {}, 'Code from your app, or a recovery code', true, 'f-off-code')}
<input type="hidden" name="form" value="off">
<div class="actions"><button type="submit" class="danger">Turn off</button></div>
${orPasskey(paths, status, 'passkey-off')}
</form>
</section>`;
}

/** New recovery codes for a login whose second factors are passkeys: one of them answers. */
const codesByPasskey = (paths: DashboardPaths) =>
  passkeyButton({
    purpose: 'step_up',
    optionsPath: paths.passkeyOptions,
    label: 'Confirm with a passkey and make new codes',
    id: 'passkey-codes',
  });

/** New recovery codes: the password and an app code, or a passkey. */
function codesSection(
  paths: DashboardPaths,
  csrf: string,
  status: TwoFactorStatus,
  state: FormState,
): SafeHtml {
  if (!status.on) return html``;
  const mine = state.values?.form === 'codes' ? state : {};
  const byApp = status.app
    ? html`${status.hasPassword ? currentPasswordField(mine, { label: 'Your password', id: 'f-codes-password' }) : ''}
${codeField(mine, 'Code from your app', false, 'f-codes-code')}
<div class="actions"><button type="submit">Make new recovery codes</button></div>`
    : html`${mine.errors?.code ? html`<p class="error-text">${mine.errors.code}</p>` : ''}`;
  return html`<section class="card" aria-labelledby="codes-heading">
<h2 id="codes-heading">New recovery codes</h2>
<p>Makes ten new codes; the old ones stop working.</p>
<form method="post" action="${paths.recoveryCodes}" novalidate>
${csrfField(csrf)}
<input type="hidden" name="form" value="codes">
${byApp}
${status.app ? orPasskey(paths, status, 'passkey-codes') : codesByPasskey(paths)}
</form>
</section>`;
}

/** The account's security page: two-factor sign-in (app, passkeys, recovery codes) and where the login is signed in. */
export function securityPage(
  paths: DashboardPaths,
  csrf: string,
  viewer: Viewer,
  status: TwoFactorStatus,
  sessions: readonly SessionSummary[],
  state: FormState = {},
  passkeysAvailable = false,
): Page {
  return {
    title: 'Security',
    section: 'settings',
    passkeys: status.passkeys.length > 0,
    ...withState(state),
    main: html`<h1>Security</h1>
<p class="muted">Signed in as ${viewer.email}.</p>
<section class="card" aria-labelledby="two-factor-heading">
<h2 id="two-factor-heading">Two-factor sign-in</h2>
${twoFactorSummary(status)}
</section>
${appSection(paths, csrf, status, state)}
${passkeysSection(paths, csrf, status.passkeys, passkeysAvailable)}
${codesSection(paths, csrf, status, state)}
${sessionsSection(paths, csrf, sessions)}`,
  };
}

/** Setting up an app: the QR code to scan, the secret to type instead, and the code that confirms it. */
export function totpSetupPage(
  paths: DashboardPaths,
  csrf: string,
  enrolment: TotpEnrolment,
  qrDataUri: string,
  state: FormState = {},
): Page {
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return {
    title: 'Set up two-factor sign-in',
    section: 'settings',
    ...withState(state),
    main: html`<h1>Set up two-factor sign-in</h1>
<section class="card" aria-labelledby="scan-heading">
<h2 id="scan-heading">1. Scan this code with your authenticator app</h2>
<p><img class="qr" src="${qrDataUri}" width="200" height="200" alt="QR code of your two-factor secret"></p>
<p>Cannot scan it? Add an account in the app by hand with this key (time-based, 6 digits):</p>
<code class="secret" id="totp-secret">${grouped}</code>
</section>
<section class="card" aria-labelledby="confirm-heading">
<h2 id="confirm-heading">2. Type the code the app shows</h2>
<form method="post" action="${paths.twoFactorConfirm}" novalidate>
${csrfField(csrf)}
${codeField(state, 'Code from your app', false)}
<div class="actions"><button type="submit">Turn on two-factor sign-in</button><a href="${paths.security}">Cancel</a></div>
</form>
</section>`,
  };
}

/** New recovery codes, shown this once. */
export function recoveryCodesPage(
  paths: DashboardPaths,
  codes: readonly string[],
  justTurnedOn: boolean,
): Page {
  return {
    title: 'Your recovery codes',
    section: 'settings',
    notice: justTurnedOn
      ? {
          kind: 'ok',
          text: 'Two-factor sign-in is on. Every other browser signed in to this login was signed out.',
        }
      : { kind: 'ok', text: 'New recovery codes made: the old ones no longer work.' },
    main: html`<h1>Your recovery codes</h1>
<section class="card" aria-labelledby="codes-heading">
<h2 id="codes-heading">Keep these somewhere safe</h2>
<div class="notice warn" role="status"><strong>They are shown only now.</strong>
Each code signs you in once if you lose your phone. Print them or keep them in a password manager.</div>
<ol class="recovery-codes" id="recovery-codes">
${codes.map(
  (code) => html`<li><code>${code}</code></li>
`,
)}</ol>
<button type="button" class="secondary" data-copy="recovery-codes" hidden>Copy</button>
<div class="actions"><a class="button" href="${paths.security}">I have saved them</a></div>
</section>`,
  };
}

/** The second step of signing in: a code from the app, a recovery code, or one of the login's passkeys. */
export function secondFactorPage(
  paths: DashboardPaths,
  csrf: string,
  state: FormState = {},
  factors: { readonly app: boolean; readonly passkey: boolean } = { app: true, passkey: false },
): Page {
  return {
    title: 'Two-factor sign-in',
    narrow: true,
    passkeys: factors.passkey,
    ...withState(state),
    main: html`<h1>Two-factor sign-in</h1>
<div class="card">
<form method="post" action="${paths.signInSecondFactor}" novalidate>
${csrfField(csrf)}
${
  factors.passkey
    ? html`${passkeyButton({
        purpose: 'second_factor',
        optionsPath: paths.passkeyOptions,
        label: 'Use a passkey',
        style: factors.app ? 'secondary' : 'primary',
        id: 'passkey-second-factor',
      })}
<p class="or">or</p>`
    : ''
}
${field({
  name: 'code',
  label: factors.app ? 'Code from your authenticator app' : 'Recovery code',
  autocomplete: 'one-time-code',
  required: true,
  maxlength: 16,
  autofocus: !factors.passkey,
  hint: factors.app
    ? 'Lost your phone? Type one of your recovery codes instead.'
    : 'Lost your passkeys? Type one of your recovery codes.',
  ...fieldError(state.errors, 'code'),
})}
<div class="actions"><button type="submit">Sign in</button><a href="${paths.signIn}">Start again</a></div>
</form>
</div>`,
  };
}
