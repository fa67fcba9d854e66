import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trustedHtml } from './html.js';

describe('html template', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const evil = `"><script>alert('x')</script>&\``;
    const out = html`<a title="${evil}">${evil}</a>`.toString();
    expect(out).not.toContain('<script>');
    expect(out).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&#96;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&#96;</a>',
    );
  });

  it('nests templates without double escaping and joins arrays', () => {
    const items = ['a<b', 'c&d'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>`.toString()).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul>');
  });

  it('renders nothing for null, undefined and booleans, and numbers as text', () => {
    expect(html`[${null}${undefined}${false}${true}${0}${12n}]`.toString()).toBe('[012]');
  });

  it('passes trusted markup through and escapes plain text with escapeHtml', () => {
    expect(html`<div>${trustedHtml('<svg></svg>')}</div>`.toString()).toBe('<div><svg></svg></div>');
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });
});
