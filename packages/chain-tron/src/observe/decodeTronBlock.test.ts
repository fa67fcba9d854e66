import { describe, expect, it } from 'vitest';
import { decodeTronBlock, TRANSFER_TOPIC } from './decodeTronBlock.js';
import { parseTronJson, sunOf } from './parseTronJson.js';
import type { TronApiTransaction, TronApiTransactionInfo } from './tronApiTypes.js';

// Shapes: tronweb 6.5.1 `GetTransactionResponse` / `TransactionInfo` typings, java-tron's printing of
// int64 as bare numbers (and as strings with `int64_as_string`), TRC-10 `TransferAssetContract`.
const TO = '4174472e7d35395a6b5add427eecb7f4b62ad2b071';
const KEY = TO.slice(2);
const USDT = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const tx = (txID: string, type: string, value: string) =>
  `{"ret":[{"contractRet":"SUCCESS"}],"txID":"${txID}","raw_data":{"contract":[{"parameter":{"value":${value},"type_url":"type.googleapis.com/protocol.${type}"},"type":"${type}"}]}}`;

describe('parseTronJson and sunOf', () => {
  it('keeps int64 amounts above 2^53 exact and refuses inexact ones', () => {
    const parsed = parseTronJson('{"amount":9007199254740993,"n":12,"s":"12345678901234567890"}') as Record<
      string,
      unknown
    >;
    expect(sunOf(parsed.amount)).toBe(9_007_199_254_740_993n);
    expect(parsed.n).toBe(12);
    expect(parsed.s).toBe('12345678901234567890');
    expect(sunOf(undefined)).toBe(0n);
    expect(() => sunOf(1.5)).toThrow(TypeError);
    expect(() => sunOf('1e6')).toThrow(TypeError);
  });
});

describe('decodeTronBlock', () => {
  it('credits a TRX amount above 2^53 exactly, as a string too, and ignores TRC-10 transfers', () => {
    const transactions = parseTronJson(
      `[${tx('aa', 'TransferContract', `{"amount":9007199254740993,"owner_address":"41${'1'.repeat(40)}","to_address":"${TO}"}`)},` +
        `${tx('bb', 'TransferContract', `{"amount":"42","to_address":"${TO}"}`)},` +
        `${tx('cc', 'TransferAssetContract', `{"amount":5,"asset_name":"31303030303031","to_address":"${TO}"}`)}]`,
    ) as TronApiTransaction[];
    expect(decodeTronBlock({ transactions, infos: new Map(), tokens: new Map() })).toEqual([
      { txid: 'aa', index: -1, matchKey: KEY, amount: 9_007_199_254_740_993n },
      { txid: 'bb', index: -1, matchKey: KEY, amount: 42n },
    ]);
  });

  it('reads visible (base58) addresses too, skips TRC-10 call values and non-Transfer logs', () => {
    const transactions = parseTronJson(
      `[${tx('dd', 'TriggerSmartContract', `{"contract_address":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","data":"a9059cbb"}`)}]`,
    ) as TronApiTransaction[];
    const info: TronApiTransactionInfo = {
      id: 'dd',
      receipt: { result: 'SUCCESS' },
      log: [
        {
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          topics: [TRANSFER_TOPIC, '0'.repeat(64), `${'0'.repeat(24)}${KEY}`],
          data: 7n.toString(16).padStart(64, '0'),
        },
        {
          address: USDT,
          topics: [
            '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
            '0'.repeat(64),
            `${'0'.repeat(24)}${KEY}`,
          ],
          data: '1'.padStart(64, '0'),
        },
      ],
      internal_transactions: [
        { transferTo_address: TO, callValueInfo: [{ callValue: 5, tokenId: '1000001' }] },
        { transferTo_address: TO, callValueInfo: [{}] },
      ],
    };
    expect(
      decodeTronBlock({ transactions, infos: new Map([['dd', info]]), tokens: new Map([[USDT, 'USDT']]) }),
    ).toEqual([{ txid: 'dd', index: 0, matchKey: KEY, amount: 7n, coinSymbol: 'USDT' }]);
  });

  it('credits nothing from a transaction whose ret is not SUCCESS', () => {
    const transactions = parseTronJson(
      `${tx('ee', 'TransferContract', `{"amount":5,"to_address":"${TO}"}`)
        .replace('"SUCCESS"', '"OUT_OF_ENERGY"')
        .replace(/^/, '[')}]`,
    ) as TronApiTransaction[];
    expect(decodeTronBlock({ transactions, infos: new Map(), tokens: new Map() })).toEqual([]);
  });

  it('credits no log and no internal transfer of a transaction whose receipt is not SUCCESS', () => {
    const transactions = parseTronJson(
      `[${tx('ff', 'TriggerSmartContract', `{"contract_address":"41${USDT}","data":"a9059cbb"}`)}]`,
    ) as TronApiTransaction[];
    const info: TronApiTransactionInfo = {
      id: 'ff',
      receipt: { result: 'OUT_OF_ENERGY' },
      log: [
        {
          address: USDT,
          topics: [TRANSFER_TOPIC, '0'.repeat(64), `${'0'.repeat(24)}${KEY}`],
          data: '1'.padStart(64, '0'),
        },
      ],
      internal_transactions: [{ transferTo_address: TO, callValueInfo: [{ callValue: 5 }] }],
    };
    const tokens = new Map([[USDT, 'USDT']]);
    expect(decodeTronBlock({ transactions, infos: new Map([['ff', info]]), tokens })).toEqual([]);
    const succeeded = { ...info, receipt: { result: 'SUCCESS' } };
    expect(decodeTronBlock({ transactions, infos: new Map([['ff', succeeded]]), tokens })).toHaveLength(2);
  });
});
