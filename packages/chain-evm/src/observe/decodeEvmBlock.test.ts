import { type Hex, pad, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeEvmBlock } from './decodeEvmBlock.js';
import type { RpcLog, RpcReceipt } from './readEvmReceipts.js';

const BLOCK = `0x${'b'.repeat(64)}` as Hex;
const USDC = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const OTHER_TOKEN = '0x00000000000000000000000000000000000000aa';
const DEPOSIT = '0x00000000000000000000000000000000000000d1';
const FORWARDER = '0x00000000000000000000000000000000000000f1';
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const FLUSHED = toEventSelector('Flushed(address,uint256)');
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;
const word = (value: bigint) => pad(`0x${value.toString(16)}`, { size: 32 });
const log = (address: string, topics: Hex[], data: Hex, index: number, hash: Hex): RpcLog => ({
  address: address as Hex,
  topics,
  data,
  logIndex: `0x${index.toString(16)}`,
  transactionHash: hash,
});
const receipt = (hash: Hex, ok: boolean, logs: RpcLog[] = [], blockHash: Hex = BLOCK): RpcReceipt => ({
  transactionHash: hash,
  blockHash,
  status: ok ? '0x1' : '0x0',
  to: null,
  logs,
});

describe('decodeEvmBlock', () => {
  const tokens = new Map([[USDC, 'USDC']]);

  it('keeps value of successful transactions and Transfer logs of watched tokens, keyed by recipient', () => {
    const decoded = decodeEvmBlock({
      hash: BLOCK,
      chainId: 'ETH',
      tokens,
      transactions: [
        { hash: tx(1), to: DEPOSIT, value: 5n },
        { hash: tx(2), to: DEPOSIT, value: 7n }, // reverted
        { hash: tx(3), to: null, value: 9n }, // contract creation
        { hash: tx(4), to: USDC, value: 0n },
      ],
      receipts: [
        receipt(tx(1), true),
        receipt(tx(2), false),
        receipt(tx(3), true),
        receipt(tx(4), true, [
          log(USDC, [TRANSFER, pad('0x01'), pad(DEPOSIT as Hex)], word(25_000_000n), 3, tx(4)),
          log(OTHER_TOKEN, [TRANSFER, pad('0x01'), pad(DEPOSIT as Hex)], word(1n), 4, tx(4)),
          // ERC-721 Transfer: the token id is the fourth topic.
          log(USDC, [TRANSFER, pad('0x01'), pad(DEPOSIT as Hex), pad('0x07')], '0x', 5, tx(4)),
          log(FORWARDER, [FLUSHED, pad('0x00')], word(11n), 6, tx(4)),
          log(FORWARDER, [FLUSHED, pad(USDC as Hex)], word(12n), 7, tx(4)),
        ]),
      ],
    });
    expect(decoded.outputs).toEqual([
      { txid: tx(1), index: -1, matchKey: DEPOSIT.slice(2), amount: 5n },
      { txid: tx(4), index: 3, matchKey: DEPOSIT.slice(2), amount: 25_000_000n, coinSymbol: 'USDC' },
    ]);
    expect(decoded.nativeIn).toEqual(new Map([[DEPOSIT.slice(2), 5n]]));
    expect(decoded.flushedOut).toEqual(new Map([[FORWARDER.slice(2), 11n]]));
  });

  it('refuses receipts of another block (the chain moved between the two reads)', () => {
    expect(() =>
      decodeEvmBlock({
        hash: BLOCK,
        chainId: 'ETH',
        tokens,
        transactions: [],
        receipts: [receipt(tx(1), true, [], `0x${'c'.repeat(64)}`)],
      }),
    ).toThrow(/came from another block/);
  });
});
