import type { PasskeyRelyingParty } from '../../../domain/accounts/passkeyRelyingParty.js';
import type { PasskeySummary } from '../../../domain/accounts/passkeys.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, formatTime } from './forms.js';
import type { Page } from './Page.js';
import { passkeyButton } from './passkeyButton.js';

/** Why passkeys are not offered on this dashboard. */
export const PASSKEYS_UNAVAILABLE =
  'Passkeys work when the dashboard is served under a domain name over https (or on localhost). ' +
  'This gateway’s dashboard address is not one, so passkeys are not offered.';

const createButton = (paths: DashboardPaths) =>
  passkeyButton({
    purpose: 'register',
    optionsPath: paths.passkeyOptions,
    label: 'Create the passkey',
    style: 'primary',
    id: 'passkey-register',
  });

/** Adding a passkey: a name to know it by, and the button that lets the browser make it. */
export function addPasskeyPage(
  paths: DashboardPaths,
  csrf: string,
  rp: PasskeyRelyingParty | undefined,
  state: FormState = {},
): Page {
  const form = rp
    ? html`<p>Your browser or phone makes a passkey for <strong>${rp.id}</strong>, unlocked with your
fingerprint, face or screen lock. It signs you in without your password, and counts as two-factor sign-in.</p>
<form method="post" action="${paths.passkeys}" novalidate>
${csrfField(csrf)}
${field({
  name: 'name',
  label: 'Name',
  value: state.values?.name ?? '',
  maxlength: 60,
  autofocus: true,
  hint: 'To know it by in your list, for example “Work laptop” or “Phone”.',
})}
<div class="actions">${createButton(paths)}<a href="${paths.security}">Cancel</a></div>
<noscript><p class="error-text">Making a passkey needs JavaScript.</p></noscript>
</form>`
    : html`<p>${PASSKEYS_UNAVAILABLE}</p><p><a href="${paths.security}">Back to Security</a></p>`;
  return {
    title: 'Add a passkey',
    section: 'settings',
    passkeys: rp !== undefined,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Add a passkey</h1>
<section class="card" aria-labelledby="add-passkey-heading">
<h2 id="add-passkey-heading">A passkey for this login</h2>
${form}
</section>`,
  };
}

/** One passkey in the Security page's list, with its Remove button. */
function passkeyItem(paths: DashboardPaths, csrf: string, passkey: PasskeySummary): SafeHtml {
  const kind = passkey.synced ? 'Synced between your devices' : 'On one device or security key';
  const used = passkey.lastUsedAt ? `last used ${formatTime(passkey.lastUsedAt)}` : 'not used yet';
  return html`<li><div><strong>${passkey.name}</strong> · ${kind}
<br><span class="muted">Added ${formatTime(passkey.createdAt)} · ${used}</span></div>
${buttonForm({ action: paths.removePasskey(passkey.id), csrf, label: 'Remove', style: 'secondary', confirm: `Remove the passkey “${passkey.name}”?` })}</li>`;
}

/** The Security page's passkeys: the list and the way to add one (or why there is none here). */
export function passkeysSection(
  paths: DashboardPaths,
  csrf: string,
  passkeys: readonly PasskeySummary[],
  available: boolean,
): SafeHtml {
  if (!available && passkeys.length === 0) {
    return html`<section class="card" aria-labelledby="passkeys-heading">
<h2 id="passkeys-heading">Passkeys</h2>
<p class="muted">${PASSKEYS_UNAVAILABLE}</p>
</section>`;
  }
  const list =
    passkeys.length > 0
      ? html`<ul class="sessions" id="passkey-list">${passkeys.map((p) => passkeyItem(paths, csrf, p))}</ul>`
      : html`<p>No passkeys yet. A passkey signs you in with your fingerprint, face or screen lock instead of a password and a code.</p>`;
  const add = available
    ? html`<form method="post" action="${paths.newPasskey}">${csrfField(csrf)}
<div class="actions"><button type="submit"${passkeys.length > 0 ? html` class="secondary"` : ''}>Add a passkey</button></div></form>`
    : html`<p class="muted">${PASSKEYS_UNAVAILABLE}</p>`;
  return html`<section class="card" aria-labelledby="passkeys-heading">
<h2 id="passkeys-heading">Passkeys</h2>
${list}
${add}
</section>`;
}
