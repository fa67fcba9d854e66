/**
 * The chain registry: every chain id Cairn knows, its family, mode, coins and timing windows.
 *
 * Windows, late grace and default confirmation depths are listed in docs/limits.md (operators may
 * override the depths per chain at runtime).
 */

/** Adapter family: one chain adapter module serves every chain of a family. */
export type ChainFamily = 'utxo' | 'evm' | 'solana' | 'tron' | 'xrp' | 'stellar' | 'monero';

/** Test-mode chains are testnets or local dev chains; live-mode chains are mainnets. */
export type Mode = 'test' | 'live';

/** `mainnet`, a public `testnet`, or a `local` dev chain that the operator enables explicitly. */
export type Network = 'mainnet' | 'testnet' | 'local';

/** A coin or token payable on a chain. */
export interface CoinDefinition {
  /** Upper-case symbol, unique within its chain (e.g. `BTC`, `USDC`). */
  readonly symbol: string;
  /** Human name of the coin. */
  readonly name: string;
  /** Decimal places of the smallest unit (8 for satoshi, 18 for wei, 6 for USDC on most chains). */
  readonly decimals: number;
  /** `native` for the chain's own coin, `token` for a token contract or mint. */
  readonly kind: 'native' | 'token';
  /**
   * Token contract address or mint, for tokens on public networks (EVM contracts EIP-55 checksummed).
   * Absent on local chains, where the test tokens are deployed at run time.
   */
  readonly contract?: string;
  /**
   * How people see the coin where it is named for them (checkout, dashboard) when the symbol alone
   * would mislead, e.g. `USDC.e (bridged)` for `USDCE`. Absent: the symbol is the label.
   */
  readonly label?: string;
  /**
   * `true` for a coin offered only when the merchant accepts it explicitly (an API key whose allowlist
   * names it): never in a key's default allowlist. Polygon's bridged USDC.e is one.
   */
  readonly optIn?: true;
  /**
   * The symbol whose exchange rate prices this coin when rate sources do not list it (`USDC` for the
   * bridged `USDCE`). Absent: the coin's own symbol.
   */
  readonly rateSymbol?: string;
}

/** One chain id and everything fixed about it. */
export interface ChainDefinition {
  readonly id: string;
  readonly name: string;
  readonly family: ChainFamily;
  /** The family name used by the windows table of docs/limits.md (e.g. `Bitcoin`, `Ethereum Sepolia`). */
  readonly specFamily: string;
  readonly network: Network;
  readonly mode: Mode;
  readonly coins: readonly CoinDefinition[];
  /** Payment window in minutes (docs/limits.md). */
  readonly paymentWindowMinutes: number;
  /** Late-grace revival window after `expires_at`, in minutes (docs/limits.md). */
  readonly lateGraceMinutes: number;
  /** Default required confirmation depth (docs/limits.md); operator-configurable. */
  readonly defaultConfirmations: number;
}

const LATE_GRACE_MINUTES = 12 * 60;

const native = (symbol: string, name: string, decimals: number): CoinDefinition => ({
  symbol,
  name,
  decimals,
  kind: 'native',
});

const token = (
  symbol: string,
  name: string,
  decimals: number,
  contract?: string,
  extras: TokenExtras = {},
): CoinDefinition => ({
  symbol,
  name,
  decimals,
  kind: 'token',
  ...(contract === undefined ? {} : { contract }),
  ...extras,
});

/** Extra fields of a token beyond symbol, name, decimals and contract. */
type TokenExtras = Pick<CoinDefinition, 'label' | 'optIn' | 'rateSymbol'>;

const USDC = 'USD Coin';

/**
 * USDC bridged from Ethereum through the Polygon PoS bridge (USDC.e), a coin of its own beside Circle's
 * native USDC: opt-in, labelled for people, priced at the USDC rate (no rate source lists it).
 */
const BRIDGED_USDC: TokenExtras = { label: 'USDC.e (bridged)', optIn: true, rateSymbol: 'USDC' };
const BRIDGED_USDC_NAME = 'USD Coin (PoS bridged)';
const USDT = 'Tether USD';

interface FamilyTiming {
  readonly family: ChainFamily;
  readonly paymentWindowMinutes: number;
}

const UTXO: FamilyTiming = { family: 'utxo', paymentWindowMinutes: 60 };
const EVM: FamilyTiming = { family: 'evm', paymentWindowMinutes: 20 };
const SOLANA: FamilyTiming = { family: 'solana', paymentWindowMinutes: 15 };
const TRON: FamilyTiming = { family: 'tron', paymentWindowMinutes: 15 };
const XRP: FamilyTiming = { family: 'xrp', paymentWindowMinutes: 20 };
const STELLAR: FamilyTiming = { family: 'stellar', paymentWindowMinutes: 20 };
const MONERO: FamilyTiming = { family: 'monero', paymentWindowMinutes: 120 };

function chain(
  id: string,
  name: string,
  timing: FamilyTiming,
  specFamily: string,
  network: Network,
  defaultConfirmations: number,
  coins: readonly CoinDefinition[],
): ChainDefinition {
  return {
    id,
    name,
    family: timing.family,
    specFamily,
    network,
    mode: network === 'mainnet' ? 'live' : 'test',
    coins,
    paymentWindowMinutes: timing.paymentWindowMinutes,
    lateGraceMinutes: LATE_GRACE_MINUTES,
    defaultConfirmations,
  };
}

/** Every chain Cairn knows, keyed by chain id. */
export const CHAINS = {
  BTC: chain('BTC', 'Bitcoin', UTXO, 'Bitcoin', 'mainnet', 2, [native('BTC', 'Bitcoin', 8)]),
  BTC_TESTNET: chain('BTC_TESTNET', 'Bitcoin Testnet', UTXO, 'Bitcoin', 'testnet', 2, [
    native('BTC', 'Bitcoin', 8),
  ]),
  BTC_REGTEST: chain('BTC_REGTEST', 'Bitcoin Regtest', UTXO, 'Bitcoin', 'local', 2, [
    native('BTC', 'Bitcoin', 8),
  ]),
  LTC: chain('LTC', 'Litecoin', UTXO, 'Litecoin', 'mainnet', 6, [native('LTC', 'Litecoin', 8)]),
  LTC_TESTNET: chain('LTC_TESTNET', 'Litecoin Testnet', UTXO, 'Litecoin', 'testnet', 6, [
    native('LTC', 'Litecoin', 8),
  ]),
  LTC_REGTEST: chain('LTC_REGTEST', 'Litecoin Regtest', UTXO, 'Litecoin', 'local', 6, [
    native('LTC', 'Litecoin', 8),
  ]),
  BCH: chain('BCH', 'Bitcoin Cash', UTXO, 'Bitcoin Cash', 'mainnet', 6, [native('BCH', 'Bitcoin Cash', 8)]),
  BCH_TESTNET: chain('BCH_TESTNET', 'Bitcoin Cash Testnet', UTXO, 'Bitcoin Cash', 'testnet', 6, [
    native('BCH', 'Bitcoin Cash', 8),
  ]),
  DOGE: chain('DOGE', 'Dogecoin', UTXO, 'Dogecoin', 'mainnet', 20, [native('DOGE', 'Dogecoin', 8)]),
  DOGE_TESTNET: chain('DOGE_TESTNET', 'Dogecoin Testnet', UTXO, 'Dogecoin', 'testnet', 20, [
    native('DOGE', 'Dogecoin', 8),
  ]),
  ETH: chain('ETH', 'Ethereum', EVM, 'Ethereum', 'mainnet', 12, [
    native('ETH', 'Ether', 18),
    token('USDC', USDC, 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
    token('USDT', USDT, 6, '0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  ]),
  ETH_SEPOLIA: chain('ETH_SEPOLIA', 'Ethereum Sepolia', EVM, 'Ethereum Sepolia', 'testnet', 12, [
    native('ETH', 'Sepolia Ether', 18),
    token('USDC', USDC, 6, '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'),
  ]),
  // Test tokens deployed at run time on the local chain: their contracts come from the deployment.
  ETH_LOCAL: chain('ETH_LOCAL', 'Ethereum Local (anvil)', EVM, 'Ethereum', 'local', 12, [
    native('ETH', 'Ether', 18),
    token('USDC', USDC, 6),
    token('USDT', USDT, 6),
    // The local stand-in for Polygon's USDC.e: opt-in, so the dev chain can show and test the rule.
    token('USDCE', BRIDGED_USDC_NAME, 6, undefined, BRIDGED_USDC),
  ]),
  BASE: chain('BASE', 'Base', EVM, 'Base', 'mainnet', 12, [
    native('ETH', 'Ether', 18),
    token('USDC', USDC, 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
  ]),
  BASE_SEPOLIA: chain('BASE_SEPOLIA', 'Base Sepolia', EVM, 'Base', 'testnet', 12, [
    native('ETH', 'Sepolia Ether', 18),
    token('USDC', USDC, 6, '0x036CbD53842c5426634e7929541eC2318f3dCF7e'),
  ]),
  POLYGON: chain('POLYGON', 'Polygon', EVM, 'Polygon', 'mainnet', 64, [
    native('POL', 'Polygon Ecosystem Token', 18),
    token('USDC', USDC, 6, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
    token('USDT', USDT, 6, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'),
    // USDC.e, bridged from Ethereum by the PoS bridge before Circle issued USDC on Polygon; 6 decimals
    // (https://docs.polymarket.com/developers/CTF/deployment-resources, "USDC.e (Bridged USDC)";
    // https://polygonscan.com/token/0x2791bca1f2de4661ed88a30c99a7a9449aa84174).
    token('USDCE', BRIDGED_USDC_NAME, 6, '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', BRIDGED_USDC),
  ]),
  // No bridged USDC.e on Amoy: no source documents one (Circle's page lists only its native USDC).
  POLYGON_AMOY: chain('POLYGON_AMOY', 'Polygon Amoy', EVM, 'Polygon', 'testnet', 64, [
    native('POL', 'Polygon Ecosystem Token', 18),
    token('USDC', USDC, 6, '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582'),
  ]),
  // BNB Chain's USDC and USDT are Binance-Peg tokens (bridged by Binance, not issued by Circle or
  // Tether) with 18 decimals, unlike the 6 of the issuers' own contracts.
  BSC: chain('BSC', 'BNB Chain', EVM, 'BNB Chain', 'mainnet', 15, [
    native('BNB', 'BNB', 18),
    token('USDC', USDC, 18, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d'),
    token('USDT', USDT, 18, '0x55d398326f99059fF775485246999027B3197955'),
  ]),
  BSC_TESTNET: chain('BSC_TESTNET', 'BNB Chain Testnet', EVM, 'BNB Chain', 'testnet', 15, [
    native('BNB', 'BNB', 18),
  ]),
  SOL: chain('SOL', 'Solana', SOLANA, 'Solana', 'mainnet', 1, [
    native('SOL', 'Solana', 9),
    token('USDC', USDC, 6, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
    token('USDT', USDT, 6, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
  ]),
  SOL_DEVNET: chain('SOL_DEVNET', 'Solana Devnet', SOLANA, 'Solana', 'testnet', 1, [
    native('SOL', 'Solana', 9),
    token('USDC', USDC, 6, '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'),
  ]),
  TRON: chain('TRON', 'TRON', TRON, 'TRON', 'mainnet', 19, [
    native('TRX', 'TRON', 6),
    token('USDT', USDT, 6, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  ]),
  // Nile's USDT ("Tether USD", 6 decimals) is the one java-tron's own system tests and Nile's faucet use.
  TRON_NILE: chain('TRON_NILE', 'TRON Nile Testnet', TRON, 'TRON', 'testnet', 19, [
    native('TRX', 'TRON', 6),
    token('USDT', USDT, 6, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'),
  ]),
  XRP: chain('XRP', 'XRP Ledger', XRP, 'XRP', 'mainnet', 1, [native('XRP', 'XRP', 6)]),
  XRP_TESTNET: chain('XRP_TESTNET', 'XRP Ledger Testnet', XRP, 'XRP', 'testnet', 1, [
    native('XRP', 'XRP', 6),
  ]),
  // Stellar assets are (code, issuer): the contract field holds Circle's issuing account.
  XLM: chain('XLM', 'Stellar', STELLAR, 'Stellar', 'mainnet', 1, [
    native('XLM', 'Stellar Lumens', 7),
    token('USDC', USDC, 7, 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN'),
  ]),
  XLM_TESTNET: chain('XLM_TESTNET', 'Stellar Testnet', STELLAR, 'Stellar', 'testnet', 1, [
    native('XLM', 'Stellar Lumens', 7),
    token('USDC', USDC, 7, 'GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5'),
  ]),
  XMR: chain('XMR', 'Monero', MONERO, 'Monero', 'mainnet', 10, [native('XMR', 'Monero', 12)]),
  XMR_STAGENET: chain('XMR_STAGENET', 'Monero Stagenet', MONERO, 'Monero', 'testnet', 10, [
    native('XMR', 'Monero', 12),
  ]),
  XMR_REGTEST: chain('XMR_REGTEST', 'Monero Regtest', MONERO, 'Monero', 'local', 10, [
    native('XMR', 'Monero', 12),
  ]),
} as const satisfies Record<string, ChainDefinition>;

/** A chain id known to Cairn, e.g. `ETH_SEPOLIA` or `BTC_TESTNET`. */
export type ChainId = keyof typeof CHAINS;

/** Every chain id, in registry order. */
export const CHAIN_IDS = Object.keys(CHAINS) as [ChainId, ...ChainId[]];

/** Every coin symbol payable on some chain. */
export const COIN_SYMBOLS: readonly string[] = [
  ...new Set(Object.values(CHAINS).flatMap((c) => c.coins.map((coin) => coin.symbol))),
];

/** Whether `id` is a chain id known to Cairn. */
export function isChainId(id: string): id is ChainId {
  return Object.hasOwn(CHAINS, id);
}

/** The chain definition for `id`, or `undefined` when the id is unknown. */
export function getChain(id: string): ChainDefinition | undefined {
  return isChainId(id) ? CHAINS[id] : undefined;
}

/** The coin `symbol` on chain `chainId`, or `undefined` when that chain does not carry it. */
export function getCoin(chainId: string, symbol: string): CoinDefinition | undefined {
  return getChain(chainId)?.coins.find((coin) => coin.symbol === symbol);
}

/** The coin's name for people: its label (`USDC.e (bridged)`) or else its symbol. */
export function coinLabel(chainId: string, symbol: string): string {
  return getCoin(chainId, symbol)?.label ?? symbol;
}

/** Whether the coin is offered only when the merchant accepts it explicitly (see `CoinDefinition.optIn`). */
export function isOptInCoin(chainId: string, symbol: string): boolean {
  return getCoin(chainId, symbol)?.optIn === true;
}

/** The symbol whose rate prices coin `symbol` (`USDC` for `USDCE`), the symbol itself for most coins. */
export function rateSymbolOf(symbol: string): string {
  for (const chain of Object.values(CHAINS) as ChainDefinition[]) {
    const coin = chain.coins.find((c) => c.symbol === symbol);
    if (coin?.rateSymbol) return coin.rateSymbol;
  }
  return symbol;
}

/** Every chain of one mode. */
export function chainsForMode(mode: Mode): ChainDefinition[] {
  return Object.values(CHAINS).filter((c) => c.mode === mode);
}
