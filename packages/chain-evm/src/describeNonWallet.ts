import { CHAINS } from '@cairn/contract';
import { EVM_CHAINS, type EvmChainId, isEvmChainId } from './evmChains.js';
import type { TokenContracts } from './tokenContractOf.js';

/** Why an address, valid as such, cannot receive a payment. */
export interface NonWalletReason {
  readonly code: 'ZERO_ADDRESS' | 'RESERVED_ADDRESS' | 'TOKEN_CONTRACT' | 'KNOWN_CONTRACT';
  readonly message: string;
}

const ZERO = `0x${'0'.repeat(40)}`;

/**
 * Addresses below 0x10000 hold the precompiled contracts (0x01-0x11 today) and conventional burn
 * addresses such as 0x…dEaD; nobody holds a key for them (a key-derived address lands there with
 * probability 2^-144).
 */
const RESERVED_BELOW = 0x1_0000n;

/** The OP Stack predeploy namespace (Base's system contracts, WETH at 0x4200…0006). */
const OP_STACK_PREDEPLOYS = '0x4200000000000000000000000000000000000';

/**
 * Contracts deployed at one address on every chain Cairn serves (or meant to be): a payment sent there
 * is lost or lands in a contract nobody can sweep for the merchant.
 */
const SHARED_CONTRACTS: Readonly<Record<string, string>> = {
  '0x4e59b44847b379578588920ca78fbf26c0b4956c': 'the deterministic deployment proxy (the CREATE2 deployer)',
  '0xca11bde05977b3631167028862be2a173976ca11': 'the Multicall3 contract',
  '0x000000000022d473030f116ddee9f6b43ac78ba3': "Uniswap's Permit2 contract",
  '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789': 'the ERC-4337 EntryPoint v0.6 contract',
  '0x0000000071727de22e5e9d8baf0edac6f37da032': 'the ERC-4337 EntryPoint v0.7 contract',
};

/** Wrapped native coins: native coin sent to them is credited as a token to the sender, not to the merchant. */
const WRAPPED_NATIVE: ReadonlyArray<{ address: string; symbol: string; chainId: EvmChainId }> = [
  { address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', symbol: 'WETH', chainId: 'ETH' },
  { address: '0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270', symbol: 'WPOL', chainId: 'POLYGON' },
  { address: '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c', symbol: 'WBNB', chainId: 'BSC' },
];

function tokenOwning(
  lower: string,
  tokenContracts: TokenContracts | undefined,
): { symbol: string; chainId: EvmChainId } | undefined {
  for (const chain of Object.values(CHAINS)) {
    if (!isEvmChainId(chain.id)) continue;
    for (const coin of chain.coins) {
      if (coin.contract?.toLowerCase() === lower) return { symbol: coin.symbol, chainId: chain.id };
    }
  }
  for (const [chainId, bySymbol] of Object.entries(tokenContracts ?? {})) {
    if (!isEvmChainId(chainId)) continue;
    for (const [symbol, contract] of Object.entries(bySymbol ?? {})) {
      if (contract?.toLowerCase() === lower) return { symbol, chainId };
    }
  }
  return WRAPPED_NATIVE.find((w) => w.address === lower);
}

/**
 * Says why `address` cannot be a wallet on any EVM chain, or returns `undefined` when nothing is known
 * against it: the zero address, reserved low addresses (precompiles, 0x…dEaD), the OP Stack predeploy
 * namespace, a token contract of any EVM chain of the registry or of `tokenContracts` (runtime
 * deployments), a wrapped native coin, or a contract shared by every chain (the deterministic
 * deployment proxy 0x4e59…956C, Multicall3, Permit2, the ERC-4337 EntryPoints). Pure, no I/O: a contract
 * address that is none of these passes (telling it from a wallet needs the chain).
 *
 * @example
 * describeNonWallet('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
 * // { code: 'TOKEN_CONTRACT', message: 'That is the USDC contract on Base mainnet, not your wallet. …' }
 */
export function describeNonWallet(
  address: string,
  tokenContracts?: TokenContracts,
): NonWalletReason | undefined {
  const lower = address.toLowerCase();
  const paste = 'Paste the address your wallet shows for receiving.';
  if (lower === ZERO) {
    return {
      code: 'ZERO_ADDRESS',
      message: `This is the zero address: nobody owns it and anything sent there is lost. ${paste}`,
    };
  }
  if (BigInt(lower) < RESERVED_BELOW || lower.startsWith(OP_STACK_PREDEPLOYS)) {
    return {
      code: 'RESERVED_ADDRESS',
      message: `This is a reserved system address (a precompiled or system contract, or a burn address), not a wallet. ${paste}`,
    };
  }
  const token = tokenOwning(lower, tokenContracts);
  if (token) {
    return {
      code: 'TOKEN_CONTRACT',
      message: `That is the ${token.symbol} contract on ${EVM_CHAINS[token.chainId].networkName}, not your wallet. ${paste}`,
    };
  }
  const shared = SHARED_CONTRACTS[lower];
  if (shared) {
    return {
      code: 'KNOWN_CONTRACT',
      message: `This is ${shared}, a contract every EVM chain shares, not a wallet: funds sent there are lost. ${paste}`,
    };
  }
  return undefined;
}
