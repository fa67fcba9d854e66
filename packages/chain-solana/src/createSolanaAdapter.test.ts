import { CHAINS } from '@cairn/contract';
import { generateKeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { createSolanaAdapter } from './createSolanaAdapter.js';
import { deriveSolanaReference } from './deriveSolanaReference.js';
import { SolanaAdapterError } from './SolanaAdapterError.js';
import { SOLANA_DEVNET_USDC_MINT, SOLANA_MAINNET_USDC_MINT, solanaTokensOf } from './solanaChains.js';

const solanaAdapter = createSolanaAdapter();

describe('createSolanaAdapter', () => {
  it('derives { address: wallet, memo: reference, matchKey: reference }, deterministically', async () => {
    const { address: wallet } = await generateKeyPairSigner();
    const input = { chain: CHAINS.SOL, wallet, index: 7, paymentId: 'pay_42' };
    const target = solanaAdapter.deriveDepositTarget(input);
    expect(target).toEqual({
      address: wallet,
      memo: deriveSolanaReference('pay_42'),
      matchKey: deriveSolanaReference('pay_42'),
    });
    expect(solanaAdapter.deriveDepositTarget({ ...input, index: 8 })).toEqual(target);
    expect(solanaAdapter.deriveDepositTarget({ ...input, paymentId: 'pay_43' }).matchKey).not.toBe(
      target.matchKey,
    );
  });

  it('refuses a stored wallet that is off the curve, and chains of other families', async () => {
    const { address: owner } = await generateKeyPairSigner();
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint: SOLANA_MAINNET_USDC_MINT as never,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    expect(() =>
      solanaAdapter.deriveDepositTarget({ chain: CHAINS.SOL, wallet: ata, index: 0, paymentId: 'p' }),
    ).toThrow(SolanaAdapterError);
    expect(() =>
      solanaAdapter.deriveDepositTarget({ chain: CHAINS.ETH, wallet: owner, index: 0, paymentId: 'p' }),
    ).toThrow(/not a Solana chain/);
  });

  it('watches the registry tokens that have a mint', () => {
    expect(solanaTokensOf(CHAINS.SOL).map((t) => t.symbol)).toEqual(['USDC', 'USDT']);
    // The registry carries Circle's devnet USDC on SOL_DEVNET: requested and watched there.
    expect(solanaTokensOf(CHAINS.SOL_DEVNET)).toEqual([
      { symbol: 'USDC', mint: SOLANA_DEVNET_USDC_MINT, decimals: 6 },
    ]);
    const noMint = {
      ...CHAINS.SOL_DEVNET,
      coins: [
        CHAINS.SOL_DEVNET.coins[0]!,
        { symbol: 'USDC', name: 'USD Coin', decimals: 6, kind: 'token' as const },
      ],
    };
    expect(solanaTokensOf(noMint)).toEqual([]);
    expect(() => solanaTokensOf(CHAINS.ETH)).toThrow(/not a Solana chain/);
  });

  it('opens a target-poll observer on JSON-RPC only', () => {
    const observer = solanaAdapter.createObserver!({
      chain: CHAINS.SOL,
      backend: { kind: 'json-rpc', url: 'http://127.0.0.1:1' },
    });
    expect(observer.strategy).toBe('target-poll');
    expect(observer.chainId).toBe('SOL');
    expect(() =>
      solanaAdapter.createObserver!({ chain: CHAINS.SOL, backend: { kind: 'esplora', url: 'http://x' } }),
    ).toThrow(/Solana JSON-RPC/);
  });
});
