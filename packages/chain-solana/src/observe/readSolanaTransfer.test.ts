import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type RpcTransactionJson, readSolanaTransfer } from './readSolanaTransfer.js';

// Shapes from https://solana.com/docs/rpc/http/gettransaction (encoding json) and the "Token Balances
// Structure" of https://solana.com/docs/rpc/json-structures; keys are arbitrary valid base58.
const WALLET = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const PAYER = 'Cgg4GWc622sAbRmwSagMstAVKjkDivYmDa2ymhodNYXv';
const ATA = 'Bi9mK4NJqTnMKQZ2KN1re6k1wsJsqoanWd5Y6qqxb19T';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const OTHER_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const tokens = [{ account: ATA, mint: USDC, symbol: 'USDC' }];

const balance = (accountIndex: number, mint: string, owner: string, amount: string) => ({
  accountIndex,
  mint,
  owner,
  programId: TOKEN,
  uiTokenAmount: { amount, decimals: 6, uiAmount: null, uiAmountString: amount },
});

function tx(meta: Partial<NonNullable<RpcTransactionJson['meta']>>): RpcTransactionJson {
  return {
    slot: 1n,
    blockTime: 1_700_000_000n,
    meta: { err: null, preBalances: [10n, 0n, 0n, 1n], postBalances: [10n, 0n, 0n, 1n], ...meta },
    transaction: {
      signatures: ['sig'],
      message: {
        accountKeys: [PAYER, WALLET, ATA, TOKEN],
        instructions: [{ programIdIndex: 3, accounts: [0, 2], data: '3Bxs4Bc3VYuGVB19' }],
      },
    },
  };
}

describe('readSolanaTransfer', () => {
  it('credits the SOL balance change of the wallet, only when positive', () => {
    expect(
      readSolanaTransfer(
        tx({ preBalances: [100n, 5n, 0n, 1n], postBalances: [40n, 60n, 0n, 1n] }),
        WALLET,
        tokens,
      ).credits,
    ).toEqual([{ amount: 55n, index: 1 }]);
    expect(
      readSolanaTransfer(
        tx({ preBalances: [100n, 60n, 0n, 1n], postBalances: [100n, 55n, 0n, 1n] }),
        WALLET,
        tokens,
      ).credits,
    ).toEqual([]);
  });

  it('credits the token balance change of the ATA with the watched mint and the wallet as owner', () => {
    const paid = tx({
      preTokenBalances: [balance(2, USDC, WALLET, '1000000')],
      postTokenBalances: [balance(2, USDC, WALLET, '3500000')],
    });
    expect(readSolanaTransfer(paid, WALLET, tokens).credits).toEqual([
      { coinSymbol: 'USDC', amount: 2_500_000n, index: 2 },
    ]);
    // Created in the transaction: no pre entry, zero before.
    const created = tx({ preTokenBalances: [], postTokenBalances: [balance(2, USDC, WALLET, '7')] });
    expect(readSolanaTransfer(created, WALLET, tokens).credits).toEqual([
      { coinSymbol: 'USDC', amount: 7n, index: 2 },
    ]);
  });

  it('refuses a token amount that is not a plain string of base units', () => {
    for (const amount of ['', '-1', '1.5', '1.05', '1e6', ' 1', '007']) {
      const odd = tx({ preTokenBalances: [], postTokenBalances: [balance(2, USDC, WALLET, amount)] });
      expect(() => readSolanaTransfer(odd, WALLET, tokens), amount).toThrow(RangeError);
    }
  });

  it('ignores entries of another mint or owner at that index', () => {
    for (const entry of [balance(2, OTHER_MINT, WALLET, '5000000'), balance(2, USDC, PAYER, '5000000')]) {
      expect(
        readSolanaTransfer(tx({ preTokenBalances: [], postTokenBalances: [entry] }), WALLET, tokens).credits,
      ).toEqual([]);
    }
  });

  it('credits nothing for a failed transaction', () => {
    const failed = tx({
      err: { InstructionError: [0, { Custom: 1 }] },
      preBalances: [100n, 5n, 0n, 1n],
      postBalances: [95n, 50n, 0n, 1n],
    });
    expect(readSolanaTransfer(failed, WALLET, tokens)).toMatchObject({ failed: true, credits: [] });
  });

  it('ignores entries of another mint or owner, but credits one without the optional owner', () => {
    const { owner: _owner, ...withoutOwner } = balance(2, USDC, WALLET, '4000000');
    const paid = tx({ preTokenBalances: [], postTokenBalances: [withoutOwner] });
    expect(readSolanaTransfer(paid, WALLET, tokens).credits).toEqual([
      { coinSymbol: 'USDC', amount: 4_000_000n, index: 2 },
    ]);
  });

  it('takes references only from transfer instructions to the wallet or its token account, after their own accounts', () => {
    const REF_SOL = '9uMXnuz4niHEvFLaXzWoYQqy7tkrnqX4U35n4juostB4';
    const REF_TOKEN = 'GHf7ZD3VUuRpBQVtHcTz2nASfr9xQJY8PZ1UvL9dTpuk';
    const REF_ELSEWHERE = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
    const REF_PLAIN_TRANSFER = '7mhcgF1DVsj5iv4CxZDgp51H6MBBwqamsH1KnqXhSRc5';
    const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
    const OTHER = 'Hxro7MbBqdfs5bsTBhtomKUe3tT4Y2D6Eh9aTZkN3bfV';
    const base58 = getBase58Decoder();
    const systemTransfer = base58.decode(new Uint8Array([2, 0, 0, 0, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]));
    const transferChecked = base58.decode(new Uint8Array([12, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0, 6]));
    const transfer = base58.decode(new Uint8Array([3, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]));
    const keys = [PAYER, WALLET, ATA, OTHER, '11111111111111111111111111111111', TOKEN, USDC, MEMO];
    const reading = readSolanaTransfer(
      {
        ...tx({
          loadedAddresses: {
            writable: [],
            readonly: [REF_SOL, REF_TOKEN, REF_ELSEWHERE, REF_PLAIN_TRANSFER],
          },
        }),
        transaction: {
          signatures: ['sig'],
          message: {
            accountKeys: keys,
            instructions: [
              // A memo whose text is a reference, and a transfer to someone else carrying one: not references.
              {
                programIdIndex: 7,
                accounts: [],
                data: base58.decode(new TextEncoder().encode(REF_ELSEWHERE)),
              },
              { programIdIndex: 4, accounts: [0, 3, 10], data: systemTransfer },
              // SOL to the wallet (REF_SOL loaded from a lookup table), USDC to its token account.
              { programIdIndex: 4, accounts: [0, 1, 8], data: systemTransfer },
              { programIdIndex: 5, accounts: [3, 6, 2, 0, 9], data: transferChecked },
              // SPL Token Transfer (no mint account) to the token account, and one to another account.
              { programIdIndex: 5, accounts: [3, 2, 0, 11], data: transfer },
              { programIdIndex: 5, accounts: [2, 3, 0, 10], data: transfer },
            ],
          },
        },
      },
      WALLET,
      tokens,
    );
    expect(reading.keys.slice(-4)).toEqual([REF_SOL, REF_TOKEN, REF_ELSEWHERE, REF_PLAIN_TRANSFER]);
    expect(reading.references).toEqual([REF_SOL, REF_TOKEN, REF_PLAIN_TRANSFER]);
  });
});
