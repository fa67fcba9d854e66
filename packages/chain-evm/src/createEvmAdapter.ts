import type { ChainAdapter, DeriveDepositTargetInput } from '@cairn/chain-core';
import type { Address } from 'viem';
import { buildEip681Uri } from './buildEip681Uri.js';
import { EvmAdapterError } from './EvmAdapterError.js';
import { EVM_CHAINS, isEvmChainId } from './evmChains.js';
import { normalizeTokenContracts } from './normalizeTokenContracts.js';
import { type TokenContracts, tokenContractOf } from './tokenContractOf.js';
import { validateEvmAddress } from './validateEvmAddress.js';
import { validateEvmWallet } from './validateEvmWallet.js';

/** Options of {@link createEvmAdapter}. */
export interface EvmAdapterOptions {
  /**
   * Token contracts known only at run time, e.g. the test tokens deployed on the local chain:
   * `{ ETH_LOCAL: { USDC: '0x…', USDT: '0x…' } }`. They may fill contracts the registry lacks, never
   * replace one it has.
   */
  readonly tokenContracts?: TokenContracts;
  /**
   * Derives a payment's deposit target (the CREATE2 forwarder address). Absent: `deriveDepositTarget`
   * throws `NOT_IMPLEMENTED`.
   */
  readonly deriveDepositTarget?: ChainAdapter['deriveDepositTarget'];
}

/** The EVM chain adapter, plus the token contract lookup the observer and the server share. */
export interface EvmAdapter extends ChainAdapter {
  readonly family: 'evm';
  /**
   * The checksummed contract of token `symbol` on `chainId`, from the registry or the runtime
   * `tokenContracts`; throws {@link EvmAdapterError} when the chain carries no such token or its
   * contract is not known yet.
   */
  tokenContractOf(chainId: string, symbol: string): Address;
}

/**
 * Creates the chain adapter of the EVM family (Ethereum, Base, Polygon, BNB Chain, their testnets and
 * the local anvil chain). Wallets are treasury addresses validated with SPEC.md's EIP-55 outcomes;
 * refund addresses are validated the same way; payment URIs are EIP-681 with the chain id. Deposit
 * targets come from `options.deriveDepositTarget` (the forwarder module). Pure, no I/O. Throws
 * {@link EvmAdapterError} `INVALID_TOKEN_CONTRACT` for invalid runtime token contracts.
 *
 * @example
 * const adapter = createEvmAdapter({ tokenContracts: { ETH_LOCAL: { USDC: deployedUsdc } } });
 * adapter.validateWallet({ chainId: 'BASE', value: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' });
 * // { ok: true, normalized: '0xd8dA…6045', kind: 'treasury', outcome: 'EIP-55 verified' }
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): EvmAdapter {
  const tokenContracts = normalizeTokenContracts(options.tokenContracts ?? {});
  const derive = options.deriveDepositTarget;

  return {
    family: 'evm',

    validateWallet(input) {
      return validateEvmWallet(input, { tokenContracts });
    },

    deriveDepositTarget(input: DeriveDepositTargetInput) {
      if (derive === undefined) {
        // TODO(lead): the CREATE2 forwarder derivation replaces this at merge.
        throw new EvmAdapterError(
          'NOT_IMPLEMENTED',
          `EVM deposit targets are not implemented yet (payment ${input.paymentId} on ${input.chain.id})`,
        );
      }
      return derive(input);
    },

    buildPaymentUri({ chain, coin, target, amount }) {
      if (!isEvmChainId(chain.id)) {
        throw new EvmAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not an EVM chain`);
      }
      const carried = chain.coins.find((c) => c.symbol === coin.symbol);
      if (!carried) {
        throw new EvmAdapterError('UNKNOWN_TOKEN', `${chain.id} does not carry ${coin.symbol}`);
      }
      const chainId = EVM_CHAINS[chain.id].chainId;
      if (carried.kind === 'native') return buildEip681Uri({ chainId, to: target.address, amount });
      const tokenContract = tokenContractOf(chain.id, carried.symbol, tokenContracts);
      return buildEip681Uri({ chainId, to: target.address, amount, tokenContract });
    },

    validateAddress(chainId, address) {
      return validateEvmAddress(chainId, address, { tokenContracts });
    },

    tokenContractOf(chainId, symbol) {
      return tokenContractOf(chainId, symbol, tokenContracts);
    },
  };
}
