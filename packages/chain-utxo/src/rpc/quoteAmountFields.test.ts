import { describe, expect, it } from 'vitest';
import { quoteAmountFields } from './quoteAmountFields.js';

describe('quoteAmountFields', () => {
  it('turns amount numbers into strings before JSON.parse sees them', () => {
    const raw =
      '{"result":{"vout":[{"value":48.49998560,"n":0,"scriptPubKey":{"hex":"0014ab"}},{"value": 0.1,"n":1}],"fee":-0.00014400,"amount":21000000.12345678,"height":102},"error":null,"id":1}';
    const parsed = JSON.parse(quoteAmountFields(raw));
    expect(parsed.result.vout.map((o: { value: string }) => o.value)).toEqual(['48.49998560', '0.1']);
    expect(parsed.result.fee).toBe('-0.00014400');
    expect(parsed.result.amount).toBe('21000000.12345678');
    expect(parsed.result.height).toBe(102);
    expect(parsed.result.vout[0].n).toBe(0);
  });

  it('leaves strings and other fields alone', () => {
    const raw = '{"value":"already","values":1.5,"hex":"76a9"}';
    expect(JSON.parse(quoteAmountFields(raw))).toEqual({ value: 'already', values: 1.5, hex: '76a9' });
  });
});
