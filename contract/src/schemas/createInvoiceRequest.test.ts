import { describe, expect, it } from 'vitest';
import { CreateInvoiceRequestSchema } from './invoice.js';

const valid = {
  recipient_email: 'ada@example.com',
  fiat_currency: 'EUR',
  line_items: [{ description: 'Design work', quantity: '12', unit_price: '80.00' }],
  due_date: '2026-12-31',
};

const issuesOf = (body: unknown) => {
  const parsed = CreateInvoiceRequestSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('CreateInvoiceRequestSchema', () => {
  it('accepts a minimal invoice and a full one', () => {
    expect(issuesOf(valid)).toEqual([]);
    expect(
      issuesOf({
        ...valid,
        number: 'INV-2026/0042',
        recipient_name: 'Ada Lovelace',
        memo: 'Thank you',
        accepted_tokens: ['BTC_TESTNET:BTC'],
        restrict_to_accepted: true,
        reminder_days: [-3, 0, 7],
        metadata: { project: 'p-1' },
      }),
    ).toEqual([]);
  });

  it('refuses more unit-price decimals than the currency has, naming the line', () => {
    expect(issuesOf({ ...valid, fiat_currency: 'JPY' })).toEqual([
      'line_items.0.unit_price: JPY has 0 decimal place(s); got 2',
    ]);
  });

  it('refuses numbers as amounts, zero quantities, bad dates and empty item lists', () => {
    const item = valid.line_items[0]!;
    expect(issuesOf({ ...valid, line_items: [{ ...item, quantity: 2 }] })[0]).toMatch(
      /^line_items\.0\.quantity/,
    );
    expect(issuesOf({ ...valid, line_items: [{ ...item, quantity: '0' }] })[0]).toMatch(/greater than zero/);
    expect(issuesOf({ ...valid, line_items: [{ ...item, quantity: '12345678' }] })[0]).toMatch(/7 digits/);
    expect(issuesOf({ ...valid, line_items: [{ ...item, unit_price: '-1' }] })[0]).toMatch(/unit_price/);
    expect(issuesOf({ ...valid, line_items: [] })[0]).toMatch(/^line_items/);
    expect(issuesOf({ ...valid, due_date: '2026-02-30' })).toEqual([
      'due_date: must be a real calendar date',
    ]);
    expect(issuesOf({ ...valid, due_date: '31/12/2026' })[0]).toMatch(/YYYY-MM-DD/);
    for (const due_date of ['0000-01-01', '9999-01-01', '9999-12-31'])
      expect(issuesOf({ ...valid, due_date })).toEqual([
        'due_date: must be a date from 0001-01-01 to 9998-12-31',
      ]);
    expect(issuesOf({ ...valid, due_date: '9998-12-31', reminder_days: [365] })).toEqual([]);
    expect(issuesOf({ ...valid, due_date: '0001-01-01' })).toEqual([]);
    expect(issuesOf({ ...valid, reminder_days: [400] })[0]).toMatch(/^reminder_days\.0/);
    expect(issuesOf({ ...valid, number: ' INV 1' })[0]).toMatch(/^number/);
    expect(issuesOf({ ...valid, total: '10' })[0]).toMatch(/total|Unrecognized/i);
  });
});
