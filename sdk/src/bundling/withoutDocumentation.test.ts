import { describe, expect, it } from 'vitest';
import { withoutDocumentation } from '../../tsup.config.js';

describe('withoutDocumentation (the build step that strips the contract documentation)', () => {
  it("empties a schema's .meta() description and example, whatever their values", () => {
    const source = [
      `const A = z.int().meta({ description: \`At most \${MAX} uses\`, example: 10, id: 'A' });`,
      "const B = z.object({}).meta({ description: TEXT, example: { fiat_amount: '25.00' } });",
    ].join('\n');
    expect(withoutDocumentation(source)).toBe(
      [
        "const A = z.int().meta({ description: '', example: undefined, id: 'A' });",
        "const B = z.object({}).meta({ description: '', example: undefined });",
      ].join('\n'),
    );
  });

  it('empties the text descriptions of routes and error codes, and nothing else of them', () => {
    const source = [
      "const route = { method: 'POST', summary: 'Create a payment', description: 'Creates a payment.' };",
      'const codes = { NOT_FOUND: { status: 404, description: "No such resource." } };',
    ].join('\n');
    expect(withoutDocumentation(source)).toBe(
      [
        "const route = { method: 'POST', summary: 'Create a payment', description: '' };",
        "const codes = { NOT_FOUND: { status: 404, description: '' } };",
      ].join('\n'),
    );
  });

  it('keeps schema fields named description or example (they are code, not documentation)', () => {
    const source = [
      'const Payment = z.object({',
      '  description: z.string().nullable(),',
      '  example: z.string(),',
      '  note: z.string().meta({ description: "A note" }),',
      '});',
      'const Create = z.object({ description: DescriptionField.optional() }).strict();',
    ].join('\n');
    expect(withoutDocumentation(source)).toBe(
      [
        'const Payment = z.object({',
        '  description: z.string().nullable(),',
        '  example: z.string(),',
        "  note: z.string().meta({ description: '' }),",
        '});',
        'const Create = z.object({ description: DescriptionField.optional() }).strict();',
      ].join('\n'),
    );
  });
});
