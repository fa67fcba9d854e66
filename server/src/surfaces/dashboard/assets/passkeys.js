// Passkey ceremonies for the dashboard (no inline script: the CSP forbids it). A button
// `[data-passkey]` asks the gateway for options, lets the browser make or use a passkey through
// SimpleWebAuthnBrowser (served by the gateway beside this file), puts the answer into its form's
// hidden field and submits the form. The server checks everything; this only carries it.
(() => {
  const lib = window.SimpleWebAuthnBrowser;
  if (!lib?.browserSupportsWebAuthn()) return;

  const say = (button, text) => {
    const line = document.getElementById(`${button.id}-error`);
    if (!line) return;
    line.textContent = text;
    line.hidden = text === '';
  };

  const explain = (error) => {
    if (error && error.name === 'NotAllowedError')
      return 'The passkey request was cancelled or timed out. Try again.';
    if (error && error.name === 'InvalidStateError')
      return 'This device already has a passkey for this login.';
    if (error?.message) return error.message;
    return 'The passkey could not be used. Try again.';
  };

  const run = async (button) => {
    const form = button.form;
    const csrf = form.querySelector('input[name="_csrf"]');
    const body = new URLSearchParams({ _csrf: csrf ? csrf.value : '', purpose: button.dataset.passkey });
    const response = await fetch(button.dataset.passkeyOptions, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || 'The gateway refused to start the passkey request.');
    const result =
      button.dataset.passkey === 'register'
        ? await lib.startRegistration({ optionsJSON: answer.options })
        : await lib.startAuthentication({ optionsJSON: answer.options });
    const field = form.querySelector(`input[name="${button.dataset.passkeyField}"]`);
    field.value = JSON.stringify(result);
    form.submit();
  };

  for (const button of document.querySelectorAll('button[data-passkey]')) {
    button.hidden = false;
    button.addEventListener('click', () => {
      button.disabled = true;
      say(button, '');
      run(button).catch((error) => {
        button.disabled = false;
        say(button, explain(error));
      });
    });
  }
})();
