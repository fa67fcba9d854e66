import { describe, expect, it } from 'vitest';
import { html } from '../../../web/html.js';
import { tableColumns } from './tableParts.js';

describe('tableColumns', () => {
  it('labels every cell with its column header, for the stacked cards on phones', () => {
    const columns = tableColumns('When', { num: 'Amount' }, 'Paid with');
    expect(String(columns.head)).toBe(
      '<thead><tr><th scope="col">When</th><th scope="col" class="num">Amount</th><th scope="col">Paid with</th></tr></thead>',
    );
    expect(String(columns.row('today', { num: '1.5' }, html`<code>LTC</code>`))).toBe(
      '<tr><td data-label="When">today</td><td class="num" data-label="Amount">1.5</td><td data-label="Paid with"><code>LTC</code></td></tr>',
    );
  });

  it('escapes labels and values', () => {
    const columns = tableColumns('Key & "hint"');
    expect(String(columns.row('<b>'))).toBe(
      '<tr><td data-label="Key &amp; &quot;hint&quot;">&lt;b&gt;</td></tr>',
    );
  });
});
