import type { ChainAdapter, DeriveDepositTargetInput } from '@cairn/chain-core';
import { buildTronUri } from './buildTronUri.js';
import { createTronObserver } from './observe/createTronObserver.js';
import { readTronChainFacts } from './settle/readTronChainFacts.js';
import { TronAdapterError } from './TronAdapterError.js';
import { decodeTronAddress } from './tronAddress.js';
import { isTronChainId, type TronChainId } from './tronChains.js';
import { TRON_SALT_CHAIN_IDS, tronFactoryAddressFor, tronForwarderFor } from './tronForwarders.js';
import { tronMatchKey } from './tronMatchKey.js';
import { validateTronAddress } from './validateTronAddress.js';
import { validateTronWallet } from './validateTronWallet.js';

/** Options of {@link createTronAdapter}. */
export interface TronAdapterOptions {
  /**
   * The deterministic deployer (`DEPLOYER_CREATION_CODE`, deployed once per network by the operator)
   * of each TRON chain, `T…`. A chain without one can validate wallets and be watched, but derives no
   * deposit address (`DEPLOYER_NOT_CONFIGURED`): a factory's address follows from it.
   */
  readonly deployers?: Partial<Record<TronChainId, string>>;
  /** The solidity API (`/walletsolidity/…`) of each TRON chain's node, when not at its RPC URL. */
  readonly solidityUrls?: Partial<Record<TronChainId, string>>;
}

/** The TRON chain adapter. */
export interface TronAdapter extends ChainAdapter {
  readonly family: 'tron';
}

function tronChainId(id: string): TronChainId {
  if (!isTronChainId(id)) throw new TronAdapterError('UNSUPPORTED_CHAIN', `${id} is not a TRON chain`);
  return id;
}

/**
 * Creates the chain adapter of the TRON family (`TRON`, `TRON_NILE`): TRX and USDT (TRC-20). It is
 * the EVM design on TVM: the merchant gives a treasury address (`T…`); each payment's deposit address
 * is a CREATE2 forwarder (EIP-1167 clone) of the treasury's factory, computed offline with TRON's
 * CREATE2 rule (prefix byte 0x41), that can pay nobody but the treasury; the wallet's one-time
 * onboarding is the factory, itself a CREATE2 address from the network's deployer. Payment URIs are
 * `tron:<address>?amount=…[&token=…]`. The observer scans blocks through a full node's HTTP API.
 * Pure, no I/O, except the observer it opens.
 *
 * @example
 * const adapter = createTronAdapter({ deployers: { TRON: 'T…' } });
 * adapter.validateWallet({ chainId: 'TRON', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
 * // { ok: true, normalized: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', kind: 'treasury', outcome: 'Verified' }
 */
export function createTronAdapter(options: TronAdapterOptions = {}): TronAdapter {
  const deployerOf = (id: TronChainId): string => {
    const deployer = options.deployers?.[id];
    if (!deployer) {
      throw new TronAdapterError(
        'DEPLOYER_NOT_CONFIGURED',
        `${id} has no factory deployer configured: create it once on that network (cairn tron:deploy-deployer ${id}) and configure its address`,
      );
    }
    if (!decodeTronAddress(deployer).ok) {
      throw new TronAdapterError('INVALID_ADDRESS', `the ${id} deployer ${deployer} is not a TRON address`);
    }
    return deployer;
  };
  const treasuryOf = (wallet: string): string => {
    if (!decodeTronAddress(wallet).ok) {
      throw new TronAdapterError('INVALID_ADDRESS', `the stored wallet ${wallet} is not a TRON address (T…)`);
    }
    return wallet;
  };

  return {
    family: 'tron',

    validateWallet(input) {
      return validateTronWallet(input);
    },

    deriveDepositTarget({ chain, wallet, paymentId }: DeriveDepositTargetInput) {
      const id = tronChainId(chain.id);
      const { address } = tronForwarderFor({
        deployer: deployerOf(id),
        treasury: treasuryOf(wallet),
        saltChainId: TRON_SALT_CHAIN_IDS[id],
        paymentId,
      });
      return { address, memo: '', matchKey: tronMatchKey(address) };
    },

    onboardingAddress({ chain, wallet }) {
      const id = tronChainId(chain.id);
      return tronFactoryAddressFor({ deployer: deployerOf(id), treasury: treasuryOf(wallet) });
    },

    buildPaymentUri({ chain, coin, target, amount }) {
      tronChainId(chain.id);
      const carried = chain.coins.find((c) => c.symbol === coin.symbol);
      if (!carried) throw new TronAdapterError('UNKNOWN_TOKEN', `${chain.id} does not carry ${coin.symbol}`);
      if (carried.kind === 'native')
        return buildTronUri({ to: target.address, amount, decimals: carried.decimals });
      if (!carried.contract) {
        throw new TronAdapterError('UNKNOWN_TOKEN', `${chain.id} has no contract for ${carried.symbol}`);
      }
      return buildTronUri({
        to: target.address,
        amount,
        decimals: carried.decimals,
        tokenContract: carried.contract,
      });
    },

    createObserver({ chain, backend }) {
      tronChainId(chain.id);
      if (backend.kind !== 'json-rpc') {
        throw new TronAdapterError(
          'UNSUPPORTED_BACKEND',
          `${chain.id} is watched through a full node's HTTP API (its URL as RPC_URL), not ${backend.kind}`,
        );
      }
      const tokens = new Map<string, string>();
      for (const coin of chain.coins) {
        if (coin.kind === 'token' && coin.contract) tokens.set(tronMatchKey(coin.contract), coin.symbol);
      }
      return createTronObserver({
        chain,
        url: backend.url,
        tokens,
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
        ...(options.solidityUrls?.[chain.id as TronChainId] === undefined
          ? {}
          : { solidityUrl: options.solidityUrls[chain.id as TronChainId] as string }),
      });
    },

    readChainFacts({ chain, backend }) {
      tronChainId(chain.id);
      return readTronChainFacts(chain, {
        chainId: chain.id,
        url: backend.url,
        ...(backend.timeoutMs === undefined ? {} : { timeoutMs: backend.timeoutMs }),
        ...(backend.headers === undefined ? {} : { headers: backend.headers }),
      });
    },

    validateAddress(chainId, address) {
      return validateTronAddress(chainId, address);
    },
  };
}
