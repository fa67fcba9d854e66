import { html, type SafeHtml } from '../../../web/html.js';
import type { Notice } from './Notice.js';

/** The hidden CSRF field every form carries. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}">`;

/** One labelled input, with its hint and error tied to it for screen readers. */
export function field(input: {
  readonly name: string;
  /** The input's id when a page has two fields of one name (default `f-<name>`). */
  readonly id?: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password' | 'url' | 'date';
  readonly value?: string;
  readonly hint?: string;
  readonly error?: string;
  readonly autocomplete?: string;
  readonly required?: boolean;
  readonly minlength?: number;
  readonly maxlength?: number;
  readonly placeholder?: string;
  readonly autofocus?: boolean;
}): SafeHtml {
  const id = input.id ?? `f-${input.name}`;
  const described = [input.hint && `${id}-hint`, input.error && `${id}-error`].filter(Boolean).join(' ');
  return html`<div class="field">
<label for="${id}">${input.label}</label>
<input id="${id}" name="${input.name}" type="${input.type ?? 'text'}"${input.value !== undefined ? html` value="${input.value}"` : ''}${
    input.autocomplete ? html` autocomplete="${input.autocomplete}"` : ''
  }${input.required ? html` required` : ''}${input.minlength ? html` minlength="${input.minlength}"` : ''}${
    input.maxlength ? html` maxlength="${input.maxlength}"` : ''
  }${input.placeholder ? html` placeholder="${input.placeholder}"` : ''}${input.autofocus ? html` autofocus` : ''}${
    described ? html` aria-describedby="${described}"` : ''
  }${input.error ? html` aria-invalid="true"` : ''}${input.type === 'text' || input.type === 'url' ? html` spellcheck="false"` : ''}>
${input.hint ? html`<p class="hint" id="${id}-hint">${input.hint}</p>` : ''}
${input.error ? html`<p class="error-text" id="${id}-error">${input.error}</p>` : ''}
</div>`;
}

/** The `error` option of {@link field} for a field a refused form names, else nothing. */
export function fieldError(
  errors: Readonly<Record<string, string>> | undefined,
  name: string,
): { error: string } | Record<string, never> {
  const error = errors?.[name];
  return error ? { error } : {};
}

/** A POST form around one button (sign out, revoke, ...). */
export function buttonForm(input: {
  readonly action: string;
  readonly csrf: string;
  readonly label: string;
  readonly style?: 'primary' | 'secondary' | 'danger' | 'link';
  readonly confirm?: string;
  readonly hidden?: Readonly<Record<string, string>>;
}): SafeHtml {
  const style = input.style && input.style !== 'primary' ? html` class="${input.style}"` : '';
  const hidden = Object.entries(input.hidden ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  );
  return html`<form class="inline-form" method="post" action="${input.action}"${
    input.confirm ? html` data-confirm="${input.confirm}"` : ''
  }>${csrfField(input.csrf)}${hidden}<button type="submit"${style}>${input.label}</button></form>`;
}

/** A notice box; errors are announced at once (role=alert), the rest politely. */
export function renderNotice(notice: Notice | undefined): SafeHtml | '' {
  if (!notice) return '';
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return html`<div class="notice ${notice.kind}" role="${role}">${notice.text}</div>`;
}

/**
 * A date and time as people read it, to the second (a payment can be over in half a minute), in UTC
 * (the dashboard has no time zone of its own): `2026-11-27 19:39:12 UTC`.
 */
export function formatTime(value: Date | string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
