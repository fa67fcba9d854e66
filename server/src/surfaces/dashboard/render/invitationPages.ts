import type { InvitationView } from '../../../domain/members/readInvitation.js';
import { roleName } from '../../../domain/members/roles.js';
import { html } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, formatTime } from './forms.js';
import type { Page } from './Page.js';

/**
 * A signed-out visitor's page: sign in or create an account, then this browser comes back to the link
 * (nothing about the invitation is shown before).
 */
export function invitationSignInPage(paths: DashboardPaths): Page {
  return {
    title: 'Sign in to see the invitation',
    narrow: true,
    status: 401,
    main: html`<h1>Sign in to see the invitation</h1>
<div class="card"><p>An invitation to a business on Cairn is opened signed in, with the address it was sent to.
Sign in, or create an account with that address; this browser then comes back to the invitation.</p>
<div class="actions"><a class="button" href="${paths.signIn}">Sign in</a> <a href="${paths.signUp}">Create an account</a></div></div>`,
  };
}

/** The invitation, for a signed-in login: the business, the role, who invited, and Join. */
export function invitationPage(
  paths: DashboardPaths,
  csrf: string,
  token: string,
  view: InvitationView,
  email: string,
): Page {
  const { invitation } = view;
  const mine = email.toLowerCase() === invitation.email.toLowerCase();
  const action = mine
    ? html`<form method="post" action="${paths.invitation(token)}">${csrfField(csrf)}
<div class="actions"><button type="submit">Join ${view.businessName}</button></div></form>`
    : html`<div class="notice error" role="alert">This invitation is for another address. You are signed in as ${email}:
sign out, then sign in (or create an account) with the invited address and open the link again.</div>
${buttonForm({ action: paths.signOut, csrf, label: 'Sign out', style: 'secondary' })}`;
  return {
    title: `Join ${view.businessName}`,
    narrow: true,
    ...(mine ? {} : { status: 403 }),
    main: html`<h1>Join ${view.businessName}</h1>
<div class="card"><p>${view.inviter} invites you to work in <strong>${view.businessName}</strong> on Cairn.</p>
<dl class="facts">
<dt>Business</dt><dd>${view.businessName}</dd>
<dt>Role</dt><dd>${roleName(invitation.role)}</dd>
<dt>Invited by</dt><dd>${view.inviter}</dd>
<dt>Valid until</dt><dd>${formatTime(invitation.expiresAt)}</dd>
</dl>
${action}</div>`,
  };
}
