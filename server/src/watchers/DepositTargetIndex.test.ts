import { describe, expect, it } from 'vitest';
import { DepositTargetIndex } from './DepositTargetIndex.js';

const output = (matchKey: string, index = 0) => ({ txid: 'ab'.repeat(32), index, matchKey, amount: 1000n });

describe('DepositTargetIndex', () => {
  it('matches outputs by key, one lookup each, and ignores the rest', () => {
    const index = new DepositTargetIndex('LTC_REGTEST');
    index.add('0014aa', 'payment-a');
    index.add('0014bb', 'payment-b');
    const matches = index.match([
      output('0014aa', 0),
      output('76a9cc', 1),
      output('0014bb', 2),
      output('0014aa', 3),
    ]);
    expect(matches.map((m) => [m.output.index, m.paymentId])).toEqual([
      [0, 'payment-a'],
      [2, 'payment-b'],
      [3, 'payment-a'],
    ]);
    expect(index.match([])).toEqual([]);
  });

  it('loads incrementally in allocation order; a later target takes a recycled key over', async () => {
    const rows = [
      { seq: 1, matchKey: 'k1', paymentId: 'p1' },
      { seq: 2, matchKey: 'k2', paymentId: 'p2' },
      { seq: 5, matchKey: 'k1', paymentId: 'p5' },
    ];
    const calls: number[] = [];
    const load = async (_chain: string, after: number, limit: number) => {
      calls.push(after);
      return rows.filter((r) => r.seq > after).slice(0, limit);
    };
    const index = new DepositTargetIndex('LTC_REGTEST');
    expect(await index.refresh(load)).toBe(3);
    expect(index.lookup('k1')).toBe('p5');
    expect(index.lookup('k2')).toBe('p2');
    expect(index.size).toBe(2);
    expect(index.lastSeq).toBe(5);
    rows.push({ seq: 6, matchKey: 'k3', paymentId: 'p6' });
    expect(await index.refresh(load)).toBe(1);
    expect(calls).toEqual([0, 5]);
    expect(index.lookup('k3')).toBe('p6');
  });
});
