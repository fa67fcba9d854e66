import { describe, expect, it } from 'vitest';
import { dashboardPaths } from './dashboardPaths.js';
import { newInvoicePage } from './invoicePages.js';

const paths = dashboardPaths('/dashboard');
const keys = [{ id: '00000000-0000-4000-8000-000000000001', label: 'Shop', hint: 'ck_test_…abcd' }];
const render = (state: Parameters<typeof newInvoicePage>[3], currency?: string) =>
  newInvoicePage(paths, 'csrf', keys, state, currency).main.toString();

describe('newInvoicePage', () => {
  it('starts with one line, quantity 1, no Remove, and an Add a line button that works without JavaScript', () => {
    const page = render({ values: {}, errors: {} });
    expect(page).toContain('name="line_0_description"');
    expect(page).toContain('id="f-line_0_quantity" name="line_0_quantity" type="text" value="1"');
    expect(page).not.toContain('name="line_1_description"');
    expect(page).toMatch(/name="remove_line" value="0"[^>]* hidden>/);
    expect(page).toMatch(
      /<button type="submit" class="secondary" name="action" value="add_line" formnovalidate[^>]*>Add a line<\/button>/,
    );
    // Enter in a field creates the draft: the first submit button of the form is Create.
    const firstSubmit = /<button type="submit"[^>]*>/.exec(page)?.[0] ?? '';
    expect(firstSubmit).toContain('value="create"');
  });

  it('shows as many lines as asked, each with its values and a Remove button naming it', () => {
    const page = render({
      values: { line_0_description: 'Design', line_2_description: 'Hosting', line_2_unit_price: '15.00' },
      errors: { line_2_unit_price: 'Use a dot for decimals, e.g. 9.99' },
      lines: 3,
    });
    expect(page).toContain('value="Design"');
    expect(page).toContain('value="Hosting"');
    expect(page).toContain('Line 3</legend>');
    expect(page).toContain(
      'name="remove_line" value="2" formnovalidate aria-label="Remove line 3">Remove</button>',
    );
    expect(page).not.toMatch(/name="remove_line" value="\d"[^>]* hidden>/);
    expect(page).toContain('id="f-line_2_unit_price-error">Use a dot for decimals, e.g. 9.99</p>');
    expect(page).not.toContain('name="line_3_description"');
  });

  it('offers the currency from a list of codes with their names, the default selected', () => {
    const page = render({ values: {}, errors: {} }, 'EUR');
    expect(page).toContain('<select id="f-fiat_currency" name="fiat_currency" required>');
    expect(page).toContain('<option value="EUR" selected>EUR — Euro</option>');
    expect(page).toContain('<option value="JPY">JPY — Japanese Yen</option>');
    expect(page).not.toContain('<option value="USD" selected>');
    // What was submitted wins over the default, whatever its case.
    const typed = render({ values: { fiat_currency: 'gbp' }, errors: {} }, 'EUR');
    expect(typed).toContain('<option value="GBP" selected>');
    expect(typed).not.toContain('<option value="EUR" selected>');
  });

  it('stops offering Add a line at the most lines an invoice takes', () => {
    const page = render({ values: {}, errors: {}, lines: 500 });
    expect(page).toContain('name="line_99_description"');
    expect(page).not.toContain('name="line_100_description"');
    expect(page).not.toContain('value="add_line"');
  });
});
