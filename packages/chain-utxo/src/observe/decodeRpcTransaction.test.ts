import { describe, expect, it } from 'vitest';
import { decodeRpcTransaction } from './decodeRpcTransaction.js';

describe('decodeRpcTransaction', () => {
  it('keeps scripted outputs with exact amounts and skips Litecoin MWEB outputs', () => {
    const outputs = decodeRpcTransaction(
      {
        txid: 'aa',
        vout: [
          { n: 0, value: '48.49998560', scriptPubKey: { hex: '0014b495' } },
          { n: 1, value: '1.5', ismweb: true },
          { n: 2, value: '0.00000000', scriptPubKey: { hex: '6a24aa21' } },
        ],
      },
      8,
    );
    expect(outputs).toEqual([
      { txid: 'aa', index: 0, matchKey: '0014b495', amount: 4_849_998_560n },
      { txid: 'aa', index: 2, matchKey: '6a24aa21', amount: 0n },
    ]);
  });

  it('refuses an amount that was parsed as a float', () => {
    expect(() =>
      decodeRpcTransaction({ txid: 'bb', vout: [{ n: 0, value: 0.1, scriptPubKey: { hex: '00' } }] }, 8),
    ).toThrow(/parsed as a float/);
  });

  it('refuses an amount that is not an exact non-negative decimal of the coin', () => {
    for (const value of ['-1', '1e-8', '0.000000001', '1.', '.5', ' 1', 'NaN', '']) {
      expect(
        () => decodeRpcTransaction({ txid: 'cc', vout: [{ n: 0, value, scriptPubKey: { hex: '00' } }] }, 8),
        value,
      ).toThrow(RangeError);
    }
  });
});
