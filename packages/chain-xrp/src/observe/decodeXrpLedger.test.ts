import { ChainBackendError } from '@cairn/chain-core';
import { describe, expect, it } from 'vitest';
import type { RippledLedgerResult } from '../rpc/RippledLedger.js';
import { decodeXrpLedger, decodeXrpLedgerHeader } from './decodeXrpLedger.js';

/**
 * The result of the XRP Ledger docs' example answer to `ledger` (xrpl-dev-portal
 * `_api-examples/ledger/jsonrpc-response.json`, API v2: numeric ledger_index), without transactions.
 */
const DOC_EXAMPLE = {
  ledger_hash: '9DAAAE85FC0D64E95506608FDB48E8B77706EF64FF144F18EEBC2FC4366D9B20',
  ledger_index: 100972465,
  validated: true,
  ledger: {
    account_hash: '6FD2916DDD574886EBCBAA1CE0048D94E5A57E13EA5DD7B0283A7AB63EBF0131',
    close_flags: 0,
    close_time: 819429360,
    close_time_human: '2025-Dec-19 03:16:00.000000000 UTC',
    close_time_resolution: 10,
    close_time_iso: '2025-12-19T03:16:00Z',
    ledger_hash: '9DAAAE85FC0D64E95506608FDB48E8B77706EF64FF144F18EEBC2FC4366D9B20',
    parent_close_time: 819429352,
    parent_hash: '1FB3618846E1201E38FED328BD13A9D62012469193C0B5BA4ECE6C8BDAA2BFC9',
    total_coins: '99985738467416092',
    transaction_hash: 'B61C7B94F583DBFEEDA58DE348518D6FC2F397053EA0E3AC4B8F2BD440629F19',
    ledger_index: 100972465,
    closed: true,
  },
  status: 'success',
} as const;

/** A v2 expanded member as rippled's fillJsonTx writes it (fields of the docs' `tx` example). */
const payment = (meta: Record<string, unknown>, tx: Record<string, unknown> = {}) => ({
  tx_json: {
    Account: 'rhhh49pFH96roGyuC4E5P4CHaNjS1k8gzM',
    DeliverMax: '5000000',
    Destination: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
    DestinationTag: 17,
    Fee: '12',
    Flags: 0,
    Sequence: 5037710,
    TransactionType: 'Payment',
    ...tx,
  },
  hash: 'C53ECF838647FA5A4C780377025FEC7999AB4182590510CA461444B207AB74A9',
  meta: { AffectedNodes: [], TransactionIndex: 0, TransactionResult: 'tesSUCCESS', ...meta },
  ledger_hash: DOC_EXAMPLE.ledger_hash,
  ledger_index: DOC_EXAMPLE.ledger_index,
  validated: true,
});

const withTransactions = (transactions: unknown[], overrides: Record<string, unknown> = {}) =>
  ({
    ...DOC_EXAMPLE,
    ...overrides,
    ledger: { ...DOC_EXAMPLE.ledger, transactions },
  }) as unknown as RippledLedgerResult;

describe('decodeXrpLedgerHeader', () => {
  it('reads the docs example answer', () => {
    expect(decodeXrpLedgerHeader('XRP', DOC_EXAMPLE as unknown as RippledLedgerResult)).toEqual({
      height: 100972465,
      hash: '9DAAAE85FC0D64E95506608FDB48E8B77706EF64FF144F18EEBC2FC4366D9B20',
      parentHash: '1FB3618846E1201E38FED328BD13A9D62012469193C0B5BA4ECE6C8BDAA2BFC9',
    });
  });

  it('refuses a ledger that is not validated, and an API v1 answer (string index)', () => {
    const notValidated = { ...DOC_EXAMPLE, validated: false } as unknown as RippledLedgerResult;
    expect(() => decodeXrpLedgerHeader('XRP', notValidated)).toThrow(/not validated yet/);
    const v1 = { ...DOC_EXAMPLE, ledger: { ...DOC_EXAMPLE.ledger, ledger_index: '100972465' } };
    expect(() => decodeXrpLedgerHeader('XRP', v1 as unknown as RippledLedgerResult)).toThrow(/API v1/);
  });
});

describe('decodeXrpLedger', () => {
  it('reports XRP Checks and Escrows naming a destination as strays, never as outputs', () => {
    const check = payment({}, { TransactionType: 'CheckCreate', SendMax: '25000000', DeliverMax: undefined });
    const escrow = {
      ...payment({}, { TransactionType: 'EscrowCreate', Amount: '7000000', DestinationTag: undefined }),
      hash: 'D'.repeat(64),
    };
    const tokenCheck = {
      ...payment(
        {},
        { TransactionType: 'CheckCreate', SendMax: { currency: 'USD', issuer: 'r', value: '1' } },
      ),
      hash: 'E'.repeat(64),
    };
    const failed = {
      ...payment({ TransactionResult: 'tecNO_PERMISSION' }, { TransactionType: 'EscrowCreate', Amount: '1' }),
      hash: 'F'.repeat(64),
    };
    const block = decodeXrpLedger('XRP', withTransactions([check, escrow, tokenCheck, failed]));
    expect(block.outputs).toEqual([]);
    expect(block.strays).toEqual([
      {
        kind: 'check',
        txid: check.hash,
        index: 0,
        matchKey: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf:17',
        amount: 25_000_000n,
        account: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
      },
      {
        kind: 'escrow',
        txid: 'D'.repeat(64),
        index: 0,
        matchKey: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
        amount: 7_000_000n,
        account: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
      },
    ]);
  });

  it('credits delivered_amount under <Destination>:<DestinationTag>', () => {
    const block = decodeXrpLedger('XRP', withTransactions([payment({ delivered_amount: '4999999' })]));
    expect(block.outputs).toEqual([
      {
        txid: 'C53ECF838647FA5A4C780377025FEC7999AB4182590510CA461444B207AB74A9',
        index: 0,
        matchKey: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf:17',
        amount: 4_999_999n,
        account: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
      },
    ]);
  });

  it('skips other transaction types, failures, tokens and MPTs', () => {
    const block = decodeXrpLedger(
      'XRP',
      withTransactions([
        payment({ delivered_amount: '1' }, { TransactionType: 'CheckCash' }),
        payment({ TransactionResult: 'tecUNFUNDED_PAYMENT' }),
        payment({
          delivered_amount: { currency: 'USD', issuer: 'rhhh49pFH96roGyuC4E5P4CHaNjS1k8gzM', value: '5' },
        }),
        payment({ delivered_amount: { mpt_issuance_id: '00'.repeat(24), value: '5' } }),
      ]),
    );
    expect(block.outputs).toEqual([]);
  });

  it('reads unusual but valid members: pseudo-transactions, a success without delivered_amount (logged)', () => {
    const warnings: Record<string, unknown>[] = [];
    const log = { warn: (fields: Record<string, unknown>) => warnings.push(fields) };
    // A SetFee pseudo-transaction as rippled writes it (sent by ACCOUNT_ZERO, no signature, no Fee debit).
    const setFee = {
      tx_json: {
        Account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
        BaseFeeDrops: '10',
        Fee: '0',
        LedgerSequence: DOC_EXAMPLE.ledger_index,
        ReserveBaseDrops: '1000000',
        ReserveIncrementDrops: '200000',
        Sequence: 0,
        SigningPubKey: '',
        TransactionType: 'SetFee',
      },
      hash: 'A1'.repeat(32),
      meta: { AffectedNodes: [], TransactionIndex: 0, TransactionResult: 'tesSUCCESS' },
      ledger_hash: DOC_EXAMPLE.ledger_hash,
      ledger_index: DOC_EXAMPLE.ledger_index,
      validated: true,
    };
    const block = decodeXrpLedger(
      'XRP',
      withTransactions([
        setFee,
        payment({}),
        payment({ delivered_amount: '3' }, { DestinationTag: undefined }),
      ]),
      log,
    );
    expect(block.outputs).toEqual([
      {
        txid: 'C53ECF838647FA5A4C780377025FEC7999AB4182590510CA461444B207AB74A9',
        index: 0,
        matchKey: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
        amount: 3n,
        account: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
      },
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({ deliveredAmount: null, ledger: DOC_EXAMPLE.ledger_index }),
    ]);
  });

  it('credits the delivered drops of a partial payment, not its DeliverMax (the exploit)', () => {
    const block = decodeXrpLedger(
      'XRP',
      withTransactions([
        payment(
          { DeliveredAmount: '10', delivered_amount: '10' },
          {
            DeliverMax: '1000000000000',
            Flags: 0x0002_0000,
            SendMax: { currency: 'USD', issuer: 'rhhh49pFH96roGyuC4E5P4CHaNjS1k8gzM', value: '0.01' },
          },
        ),
      ]),
    );
    expect(block.outputs.map((o) => o.amount)).toEqual([10n]);
  });

  it('refuses answers it cannot read rather than skipping a ledger', () => {
    expect(() =>
      decodeXrpLedger(
        'XRP',
        withTransactions(['C53ECF838647FA5A4C780377025FEC7999AB4182590510CA461444B207AB74A9']),
      ),
    ).toThrow(/not expanded/);
    expect(() => decodeXrpLedger('XRP', DOC_EXAMPLE as unknown as RippledLedgerResult)).toThrow(
      /without its transactions/,
    );
    expect(() => decodeXrpLedger('XRP', withTransactions([payment({ delivered_amount: '1.5' })]))).toThrow(
      ChainBackendError,
    );
    for (const delivered of ['100000000000000001', '-1', '007']) {
      expect(() =>
        decodeXrpLedger('XRP', withTransactions([payment({ delivered_amount: delivered })])),
      ).toThrow(/is not drops/);
    }
    expect(() =>
      decodeXrpLedger('XRP', withTransactions([payment({ delivered_amount: '1' }, { DestinationTag: -1 })])),
    ).toThrow(/not a uint32/);
    const { tx_json, ...v1Member } = payment({});
    expect(() =>
      decodeXrpLedger(
        'XRP',
        withTransactions([{ ...tx_json, ...v1Member, metaData: v1Member.meta, meta: undefined }]),
      ),
    ).toThrow(/not expanded API v2/);
  });
});
