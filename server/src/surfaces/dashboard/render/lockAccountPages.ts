import { html } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField } from './forms.js';
import type { Page } from './Page.js';

/**
 * What a security alert's "this was not me" link opens: what locking does, and the button that does
 * it (a POST: opening the link, as a mail scanner does, changes nothing). Works signed out.
 */
export function lockAccountPage(paths: DashboardPaths, csrf: string, token: string): Page {
  return {
    title: 'Lock your account',
    narrow: true,
    main: html`<h1>Lock your account</h1>
<div class="card">
<form method="post" action="${paths.lockAccount}">
${csrfField(csrf)}<input type="hidden" name="token" value="${token}">
<p>If you did not make the change this alert told you about, someone else may be using your account. Locking it:</p>
<ul>
<li>signs your account out on every device, this one included;</li>
<li>stops your password from working, and refuses every sign-in, until you choose a new password from a link mailed to you.</li>
</ul>
<p class="muted">Nothing else changes: wallets, API keys and webhook endpoints stay as they are until you check them.</p>
<div class="actions"><button type="submit" class="danger">Lock my account</button></div>
</form>
</div>
<p><a href="${paths.signIn}">It was me: back to sign in</a></p>`,
  };
}

/** After locking: what happened and what to do now. */
export function accountLockedPage(paths: DashboardPaths, email: string): Page {
  return {
    title: 'Your account is locked',
    narrow: true,
    main: html`<h1>Your account is locked</h1>
<div class="card" role="status">
<p>The Cairn account of <strong>${email}</strong> is signed out everywhere, and nobody can sign in to it until its password is changed.</p>
<ol>
<li>Choose a new password: ask for a link with “Forgot your password”. Use a password you use nowhere else.</li>
<li>Sign in, and check your wallets (where your money goes), API keys, webhook endpoints and the audit log of each
business. Remove or revoke anything you do not recognise.</li>
<li>Turn on two-factor sign-in on the Security page if it is off, or make new recovery codes if it is on.</li>
</ol>
<p><a class="button" href="${paths.resetPassword}">Choose a new password</a></p>
</div>`,
  };
}
