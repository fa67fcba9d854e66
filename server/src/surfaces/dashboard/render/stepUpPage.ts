import type { StepUpNeeds } from '../../../domain/accounts/confirmIdentity.js';
import { html } from '../../../web/html.js';
import { currentPasswordField } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, field } from './forms.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import { passkeyButton } from './passkeyButton.js';

/**
 * "Confirm it's you" before a change that moves money or grants access: the password (and a code when
 * two-factor is on) or a passkey, with the change's own form fields carried along, so that the answer completes
 * the change in one step.
 */
export function stepUpPage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly what: string;
    readonly action: string;
    readonly fields: Readonly<Record<string, string>>;
    readonly needs: StepUpNeeds;
    readonly error?: string;
  },
): Page {
  const notice: Notice | undefined = input.error ? { kind: 'error', text: input.error } : undefined;
  const carried = Object.entries(input.fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  const passkey = input.needs.passkey
    ? html`${input.needs.password || input.needs.app ? html`<p class="or">or</p>` : ''}
${passkeyButton({
  purpose: 'step_up',
  optionsPath: paths.passkeyOptions,
  label: 'Confirm with a passkey',
  field: 'step_up_passkey',
  style: input.needs.password ? 'secondary' : 'primary',
  id: 'passkey-step-up',
})}`
    : '';
  // Typed answers: the password (with a code when two-factor is on), or, without a password, an app code.
  const typed = input.needs.password || input.needs.app;
  return {
    title: 'Confirm it’s you',
    status: 401,
    passkeys: input.needs.passkey,
    ...(notice ? { notice } : {}),
    main: html`<h1>Confirm it’s you</h1>
<section class="card" aria-labelledby="step-up-heading">
<h2 id="step-up-heading">To ${input.what}</h2>
<p>Changes that move money or grant access need you to confirm who you are if you signed in more than
ten minutes ago. Nothing has changed yet: this completes it.</p>
<form method="post" action="${input.action}" novalidate>
${csrfField(csrf)}
<input type="hidden" name="step_up" value="1">
${carried}
${
  input.needs.password
    ? currentPasswordField({}, { name: 'step_up_password', label: 'Your password', autofocus: true })
    : ''
}
${
  input.needs.code && typed
    ? field({
        name: 'step_up_code',
        label: input.needs.app ? 'Code from your authenticator app' : 'Recovery code',
        autocomplete: 'one-time-code',
        required: true,
        maxlength: 16,
        hint: input.needs.app
          ? 'Or one of your recovery codes.'
          : 'One of your recovery codes, with your password.',
        ...(input.needs.password ? {} : { autofocus: true }),
      })
    : ''
}
${typed ? html`<div class="actions"><button type="submit">Confirm and continue</button><a href="${paths.home}">Cancel</a></div>` : ''}
${passkey}
${typed ? '' : html`<div class="actions"><a href="${paths.home}">Cancel</a></div>`}
</form>
</section>`,
  };
}
