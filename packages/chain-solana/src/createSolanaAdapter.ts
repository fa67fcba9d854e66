import type { ChainAdapter } from '@cairn/chain-core';
import { buildSolanaUri } from './buildSolanaUri.js';
import { deriveSolanaReference } from './deriveSolanaReference.js';
import { createSolanaObserver } from './observe/createSolanaObserver.js';
import { parseSolanaAddress } from './parseSolanaAddress.js';
import { SolanaAdapterError } from './SolanaAdapterError.js';
import { isSolanaChainId, solanaTokensOf } from './solanaChains.js';
import { SOLANA_DECIMALS } from './solanaUnits.js';
import { validateSolanaAddress } from './validateSolanaAddress.js';
import { validateSolanaWallet } from './validateSolanaWallet.js';

function requireSolanaChain(chainId: string): void {
  if (!isSolanaChainId(chainId))
    throw new SolanaAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not a Solana chain`);
}

/**
 * The chain adapter of Solana (`SOL` mainnet, `SOL_DEVNET`): Solana Pay transfer requests. The
 * merchant's wallet is an on-curve address; every payment is paid to that wallet (SOL) or to its
 * associated token account of the coin's mint (USDC, USDT), and is told apart by a `reference` key
 * derived from the payment id, which the payer's wallet attaches to the transfer. Pure, no I/O,
 * except the observer it opens.
 *
 * A factory like every family's (`create<Family>Adapter`): this family takes no settings, and each
 * call returns a new adapter that holds no state.
 */
export function createSolanaAdapter(): ChainAdapter {
  return {
    family: 'solana',

    validateWallet: validateSolanaWallet,

    /**
     * `{ address: wallet, memo: reference, matchKey: reference }`: the address is the merchant's
     * wallet itself (Solana Pay's `recipient`; the payer's wallet derives the token account), the
     * reference is {@link deriveSolanaReference} of the payment id. No `alternateAddress`: Solana has
     * no address form that carries a reference.
     */
    deriveDepositTarget({ chain, wallet, paymentId }) {
      requireSolanaChain(chain.id);
      const parsed = parseSolanaAddress(wallet);
      if (!parsed.ok || parsed.curve !== 'wallet') {
        throw new SolanaAdapterError(
          parsed.ok ? 'OFF_CURVE_ADDRESS' : parsed.code,
          `the stored wallet is not a Solana wallet address: ${parsed.ok ? 'it is off the curve' : parsed.message}`,
        );
      }
      const reference = deriveSolanaReference(paymentId);
      return { address: parsed.address, memo: reference, matchKey: reference };
    },

    /**
     * A Solana Pay transfer request: `solana:<wallet>?amount=<decimal>[&spl-token=<mint>]&reference=<ref>[&label=...]`.
     * The mint is the registry coin's `contract`; a token without one cannot be requested.
     */
    buildPaymentUri({ chain, coin, target, amount, label }) {
      requireSolanaChain(chain.id);
      const reference = target.matchKey ?? target.memo;
      const common = {
        recipient: target.address,
        amount,
        references: reference === '' ? [] : [reference],
        ...(label === undefined ? {} : { label }),
      };
      if (coin.kind === 'native') {
        if (coin.symbol !== 'SOL' || coin.decimals !== SOLANA_DECIMALS) {
          throw new SolanaAdapterError(
            'UNSUPPORTED_COIN',
            `${chain.id}'s native coin is SOL, not ${coin.symbol}`,
          );
        }
        return buildSolanaUri({ ...common, decimals: SOLANA_DECIMALS });
      }
      const token = solanaTokensOf(chain).find((t) => t.symbol === coin.symbol);
      if (token === undefined || coin.contract !== token.mint) {
        throw new SolanaAdapterError(
          'UNSUPPORTED_COIN',
          `${coin.symbol} has no mint on ${chain.id} in the chain registry: it cannot be requested there`,
        );
      }
      return buildSolanaUri({ ...common, decimals: token.decimals, splToken: token.mint });
    },

    validateAddress: validateSolanaAddress,

    /** Watches through a Solana JSON-RPC endpoint, at commitment finalized: see createSolanaObserver. */
    createObserver({ chain, backend, log, now }) {
      requireSolanaChain(chain.id);
      if (backend.kind !== 'json-rpc') {
        throw new SolanaAdapterError(
          'UNSUPPORTED_BACKEND',
          `${chain.id} is watched through a Solana JSON-RPC endpoint: set CAIRN_CHAIN_${chain.id}_RPC_URL`,
        );
      }
      return createSolanaObserver({
        chainId: chain.id,
        url: backend.url,
        tokens: solanaTokensOf(chain),
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
        ...(log ? { log } : {}),
        ...(now ? { now } : {}),
      });
    },
  };
}
