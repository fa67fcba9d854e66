import type { ChainAdapter, DeriveDepositTargetInput } from '@cairn/chain-core';
import { factoryAddressFor, forwarderAddressFor } from '@cairn/evm-contracts';
import type { Address } from 'viem';
import { buildEvmUri } from './buildEvmUri.js';
import { EvmAdapterError } from './EvmAdapterError.js';
import { EVM_CHAINS, isEvmChainId } from './evmChains.js';
import { normalizeTokenContracts } from './normalizeTokenContracts.js';
import { createEvmObserver } from './observe/createEvmObserver.js';
import { evmMatchKey } from './observe/evmMatchKey.js';
import { readEvmChainFacts } from './readEvmChainFacts.js';
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
 * the local anvil chain). Wallets are treasury addresses validated with the EIP-55 outcomes of
 * docs/operating/evm.md; refund addresses are validated the same way; payment URIs are EIP-681 with the
 * chain id. A payment's deposit target is its CREATE2 forwarder (`@cairn/evm-contracts`), computed
 * offline from the treasury, the chain and the payment; the wallet's one-time onboarding is the
 * treasury's factory.
 * Pure, no I/O, except the observer it opens. Throws
 * {@link EvmAdapterError} `INVALID_TOKEN_CONTRACT` for invalid runtime token contracts.
 *
 * @example
 * const adapter = createEvmAdapter({ tokenContracts: { ETH_LOCAL: { USDC: deployedUsdc } } });
 * adapter.validateWallet({ chainId: 'BASE', value: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' });
 * // { ok: true, normalized: '0xd8dA…6045', kind: 'treasury', outcome: 'EIP-55 verified' }
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): EvmAdapter {
  const tokenContracts = normalizeTokenContracts(options.tokenContracts ?? {});

  return {
    family: 'evm',

    validateWallet(input) {
      return validateEvmWallet(input, { tokenContracts });
    },

    deriveDepositTarget({ chain, wallet, paymentId }: DeriveDepositTargetInput) {
      if (!isEvmChainId(chain.id)) {
        throw new EvmAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not an EVM chain`);
      }
      const address = forwarderAddressFor({
        treasury: wallet as Address,
        chainId: EVM_CHAINS[chain.id].chainId,
        paymentId,
      });
      return { address, memo: '', matchKey: evmMatchKey(address) };
    },

    onboardingAddress({ wallet }) {
      return factoryAddressFor(wallet as Address);
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
      if (carried.kind === 'native') return buildEvmUri({ chainId, to: target.address, amount });
      const tokenContract = tokenContractOf(chain.id, carried.symbol, tokenContracts);
      return buildEvmUri({ chainId, to: target.address, amount, tokenContract });
    },

    createObserver({ chain, backend }) {
      if (!isEvmChainId(chain.id)) {
        throw new EvmAdapterError('UNSUPPORTED_CHAIN', `${chain.id} is not an EVM chain`);
      }
      if (backend.kind !== 'json-rpc') {
        throw new EvmAdapterError(
          'UNSUPPORTED_CHAIN',
          `${chain.id} is watched through a node's JSON-RPC (RPC_URL), not ${backend.kind}`,
        );
      }
      // Every token of the chain whose contract is known (a local chain's may come later, at run time).
      const tokens = new Map<string, string>();
      for (const coin of chain.coins) {
        if (coin.kind !== 'token') continue;
        const contract = coin.contract ?? tokenContracts[chain.id]?.[coin.symbol];
        if (contract) tokens.set(contract.toLowerCase(), coin.symbol);
      }
      return createEvmObserver({
        chain,
        url: backend.url,
        tokens,
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
      });
    },

    validateAddress(chainId, address) {
      return validateEvmAddress(chainId, address, { tokenContracts });
    },

    readChainFacts({ chain, backend }) {
      return readEvmChainFacts({
        chain,
        url: backend.url,
        tokenContracts,
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
      });
    },

    tokenContractOf(chainId, symbol) {
      return tokenContractOf(chainId, symbol, tokenContracts);
    },
  };
}
