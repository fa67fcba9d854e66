/**
 * A tiny HTML template with strict escaping: every interpolated value is escaped unless it is already
 * {@link SafeHtml} (the result of another `html` template or of {@link trustedHtml}). Arrays are joined;
 * `null`, `undefined` and `false` render nothing, so `${cond && html`...`}` works.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (ch) => ESCAPES[ch]!);
}

/** A value an `html` template accepts. */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The template tag: `html\`<p>${userText}</p>\`` escapes userText.
 *
 * @example
 * html`<a href="${url}">${label}</a>`.toString();
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/**
 * Marks markup produced by trusted code as safe (the QR code's SVG, generated from our own URI).
 * Never pass text that came from a request or the database through this.
 */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
