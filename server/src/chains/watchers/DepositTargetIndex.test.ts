import { describe, expect, it } from 'vitest';
import { DepositTargetIndex } from './DepositTargetIndex.js';

const output = (matchKey: string, index = 0) => ({ txid: 'ab'.repeat(32), index, matchKey, amount: 1000n });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('DepositTargetIndex', () => {
  it('matches outputs by key, one lookup each, and ignores the rest', () => {
    const index = new DepositTargetIndex('LTC_REGTEST');
    index.add('0014aa', id(1));
    index.add('0014bb', id(2));
    const matches = index.match([
      output('0014aa', 0),
      output('76a9cc', 1),
      output('0014bb', 2),
      output('0014aa', 3),
    ]);
    expect(matches.map((m) => [m.output.index, m.paymentId])).toEqual([
      [0, id(1)],
      [2, id(2)],
      [3, id(1)],
    ]);
    expect(index.match([])).toEqual([]);
  });

  it('keeps hex keys and other keys (addresses of other families) apart, and needs UUID payment ids', () => {
    const index = new DepositTargetIndex('ETH_LOCAL');
    index.add('0x52908400098527886e0f7030069857d2e4169ee7', id(7));
    index.add('aabb', id(8));
    expect(index.lookup('0x52908400098527886e0f7030069857d2e4169ee7')).toBe(id(7));
    expect(index.lookup('aabb')).toBe(id(8));
    expect(index.lookup('AABB')).toBeUndefined();
    expect(index.lookup('\u00aa\u00bb')).toBeUndefined();
    expect(() => index.add('cc', 'payment-x')).toThrow(/not a lower-case UUID/);
  });

  it('strays: a transfer to a tagged account with no open tag, never one that matches or another account', () => {
    const index = new DepositTargetIndex('XRP');
    const merchant = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';
    index.add(`${merchant}:1`, id(1), merchant);
    index.add('0014aa', id(2), 'ltc1qexample'); // keyed by its script, not by account and tag
    const paid = { ...output(`${merchant}:1`, 0), account: merchant };
    const untagged = { ...output(merchant, 1), account: merchant };
    const wrongTag = { ...output(`${merchant}:7`, 2), account: merchant };
    const elsewhere = { ...output('rOther:1', 3), account: 'rOther' };
    const plain = { ...output('0014ff', 4), account: 'ltc1qexample' };
    expect(index.strays([paid, untagged, wrongTag, elsewhere, plain, output('0014aa', 5)])).toEqual([
      untagged,
      wrongTag,
    ]);
    expect(index.match([paid, untagged, wrongTag]).map((m) => m.paymentId)).toEqual([id(1)]);
    expect(new DepositTargetIndex('XRP').strays([untagged])).toEqual([]);
  });

  it('finds every one of many keys and nothing else (the filter never hides a target)', () => {
    const index = new DepositTargetIndex('BTC');
    const keys = Array.from({ length: 5000 }, (_, i) => `0014${i.toString(16).padStart(40, '0')}`);
    for (const [i, key] of keys.entries()) index.add(key, id(i));
    for (const [i, key] of keys.entries()) expect(index.lookup(key)).toBe(id(i));
    const strangers = Array.from(
      { length: 5000 },
      (_, i) => `0014${(i + 10_000).toString(16).padStart(40, '0')}`,
    );
    expect(index.match(strangers.map((k) => output(k)))).toEqual([]);
  });

  it('loads incrementally in allocation order; a later target takes a recycled key over', async () => {
    const rows = [
      { seq: 1, matchKey: 'k1', paymentId: id(1) },
      { seq: 2, matchKey: 'k2', paymentId: id(2) },
      { seq: 5, matchKey: 'k1', paymentId: id(5) },
    ];
    const calls: number[] = [];
    const load = async (_chain: string, after: number, limit: number) => {
      calls.push(after);
      return rows.filter((r) => r.seq > after).slice(0, limit);
    };
    const index = new DepositTargetIndex('LTC_REGTEST');
    expect(await index.refresh(load)).toBe(3);
    expect(index.lookup('k1')).toBe(id(5));
    expect(index.lookup('k2')).toBe(id(2));
    expect(index.size).toBe(2);
    expect(index.lastSeq).toBe(5);
    rows.push({ seq: 6, matchKey: 'k3', paymentId: id(6) });
    expect(await index.refresh(load)).toBe(1);
    expect(calls).toEqual([0, 5]);
    expect(index.lookup('k3')).toBe(id(6));
  });
});
