import type { PasskeyPurpose } from '../../../domain/accounts/passkeyChallenges.js';
import { html, type SafeHtml } from '../../../web/html.js';

/**
 * A button that runs a passkey ceremony inside its form (the dashboard's `passkeys.js`): it asks the
 * gateway for options (`optionsPath`, with the form's CSRF token), lets the browser make or use a
 * passkey, puts the browser's answer into the hidden field `field` and submits the form. Hidden until
 * the script finds WebAuthn in the browser; a refusal or a cancel is shown in the line under it.
 */
export function passkeyButton(input: {
  readonly purpose: PasskeyPurpose;
  readonly optionsPath: string;
  readonly label: string;
  readonly field?: string;
  readonly style?: 'primary' | 'secondary';
  readonly id?: string;
}): SafeHtml {
  const field = input.field ?? 'passkey';
  const id = input.id ?? `passkey-${input.purpose}`;
  const style = input.style === 'primary' ? '' : html` class="secondary"`;
  return html`<input type="hidden" name="${field}" value="">
<button type="button"${style} id="${id}" data-passkey="${input.purpose}" data-passkey-options="${input.optionsPath}"
 data-passkey-field="${field}" aria-describedby="${id}-error" hidden>${input.label}</button>
<p class="error-text" id="${id}-error" role="alert" hidden></p>`;
}
