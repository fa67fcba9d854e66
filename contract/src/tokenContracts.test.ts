import { describe, expect, it } from 'vitest';
import { CHAINS, type ChainId } from './chainRegistry.js';

const CIRCLE = 'https://developers.circle.com/stablecoins/usdc-contract-addresses';
const TETHER = 'https://tether.to/en/supported-protocols/';

interface SourcedToken {
  readonly chainId: ChainId;
  readonly symbol: string;
  readonly contract: string;
  readonly decimals: number;
  /** Where the contract and decimals are documented. */
  readonly source: string;
}

/**
 * Every token contract the registry carries on an EVM network, each with the page that documents it.
 * Circle's and Tether's own contracts are cited from the issuers' pages (explorer page beside them);
 * BNB Chain's are Binance-Peg tokens that neither issuer documents, cited from BscScan.
 */
const EVM_TOKENS: readonly SourcedToken[] = [
  {
    chainId: 'ETH',
    symbol: 'USDC',
    contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    decimals: 6,
    source: `${CIRCLE} (Mainnet: Ethereum); https://etherscan.io/token/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48`,
  },
  {
    chainId: 'ETH',
    symbol: 'USDT',
    contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    source: `${TETHER} (ERC20 via Ethereum); https://etherscan.io/token/0xdac17f958d2ee523a2206206994597c13d831ec7`,
  },
  {
    chainId: 'ETH_SEPOLIA',
    symbol: 'USDC',
    contract: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    decimals: 6,
    source: `${CIRCLE} (Testnet: Ethereum Sepolia)`,
  },
  {
    chainId: 'BASE',
    symbol: 'USDC',
    contract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
    source: `${CIRCLE} (Mainnet: Base); https://basescan.org/token/0x833589fcd6edb6e08f4c7c32d4f71b54bda02913`,
  },
  {
    chainId: 'BASE_SEPOLIA',
    symbol: 'USDC',
    contract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    decimals: 6,
    source: `${CIRCLE} (Testnet: Base Sepolia)`,
  },
  {
    chainId: 'POLYGON',
    symbol: 'USDC',
    contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    decimals: 6,
    source: `${CIRCLE} (Mainnet: Polygon PoS); https://polygonscan.com/token/0x3c499c542cef5e3811e1192ce70d8cc03d5c3359`,
  },
  {
    chainId: 'POLYGON',
    symbol: 'USDT',
    contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
    decimals: 6,
    source: `${TETHER} (ERC20 via Polygon); https://polygonscan.com/token/0xc2132d05d31c914a87c6611c10748aeb04b58e8f`,
  },
  {
    chainId: 'POLYGON',
    symbol: 'USDCE',
    contract: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
    decimals: 6,
    // Circle does not issue USDC.e (the PoS bridge does), so its page does not list it.
    source:
      'https://docs.polymarket.com/developers/CTF/deployment-resources (USDC.e (Bridged USDC), 6 decimals); https://polygonscan.com/token/0x2791bca1f2de4661ed88a30c99a7a9449aa84174',
  },
  {
    chainId: 'POLYGON_AMOY',
    symbol: 'USDC',
    contract: '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
    decimals: 6,
    source: `${CIRCLE} (Testnet: Polygon PoS Amoy)`,
  },
  {
    chainId: 'BSC',
    symbol: 'USDC',
    contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
    decimals: 18,
    source: 'https://bscscan.com/token/0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d (Binance-Peg USD Coin)',
  },
  {
    chainId: 'BSC',
    symbol: 'USDT',
    contract: '0x55d398326f99059fF775485246999027B3197955',
    decimals: 18,
    source: 'https://bscscan.com/token/0x55d398326f99059ff775485246999027b3197955 (Binance-Peg BSC-USD)',
  },
];

const key = (chainId: string, symbol: string) => `${chainId}/${symbol}`;

describe('token contracts of the registry', () => {
  it.each(EVM_TOKENS)('$chainId $symbol is $contract with $decimals decimals', (expected) => {
    expect(expected.source).toMatch(/^https:\/\//);
    const coin = CHAINS[expected.chainId].coins.find((c) => c.symbol === expected.symbol);
    expect(coin).toMatchObject({ kind: 'token', contract: expected.contract, decimals: expected.decimals });
  });

  it('carries no EVM token contract that the sourced list lacks', () => {
    const registry = Object.values(CHAINS)
      .filter((chain) => chain.family === 'evm')
      .flatMap((chain) =>
        chain.coins.filter((c) => c.contract !== undefined).map((c) => key(chain.id, c.symbol)),
      );
    expect(registry.sort()).toEqual(EVM_TOKENS.map((t) => key(t.chainId, t.symbol)).sort());
  });

  it('gives every token on a public network a contract, EVM ones as 0x and 40 mixed-case hex digits', () => {
    // The EIP-55 checksum itself needs keccak-256, which this package does not carry: chain-evm's
    // evmChains.test.ts verifies every EVM contract of the registry with viem's getAddress.
    for (const chain of Object.values(CHAINS)) {
      if (chain.network === 'local') continue;
      for (const coin of chain.coins.filter((c) => c.kind === 'token')) {
        expect(coin.contract, key(chain.id, coin.symbol)).toBeDefined();
        if (chain.family !== 'evm') continue;
        expect(coin.contract, key(chain.id, coin.symbol)).toMatch(/^0x[0-9a-fA-F]{40}$/);
        expect(coin.contract, `${key(chain.id, coin.symbol)} is not checksummed`).toMatch(/[A-F]/);
        expect(coin.contract, `${key(chain.id, coin.symbol)} is not checksummed`).toMatch(/[a-f]/);
      }
    }
  });

  it('leaves the local chain tokens without a contract (deployed at run time), 6 decimals', () => {
    const tokens = CHAINS.ETH_LOCAL.coins.filter((c) => c.kind === 'token');
    expect(tokens.map((t) => [t.symbol, t.decimals, t.contract])).toEqual([
      ['USDC', 6, undefined],
      ['USDT', 6, undefined],
      ['USDCE', 6, undefined],
    ]);
  });

  it('carries USDC.e as its own opt-in coin beside native USDC, labelled and priced as USDC', () => {
    for (const chainId of ['POLYGON', 'ETH_LOCAL'] as const) {
      const usdce = CHAINS[chainId].coins.find((c) => c.symbol === 'USDCE');
      expect(usdce, chainId).toMatchObject({
        kind: 'token',
        decimals: 6,
        label: 'USDC.e (bridged)',
        optIn: true,
        rateSymbol: 'USDC',
      });
      const usdc = CHAINS[chainId].coins.find((c) => c.symbol === 'USDC');
      expect(usdc?.optIn, chainId).toBeUndefined();
      expect(usdc?.contract === undefined || usdc.contract !== usdce?.contract).toBe(true);
    }
    // Only bridged USDC is opt-in: every other coin of the registry is offered by default.
    const optIn = Object.values(CHAINS).flatMap((chain) =>
      chain.coins.filter((c) => c.optIn).map((c) => key(chain.id, c.symbol)),
    );
    expect(optIn.sort()).toEqual(['ETH_LOCAL/USDCE', 'POLYGON/USDCE']);
  });

  it('has no USDC.e on Polygon Amoy: no source documents a bridged USDC there', () => {
    expect(CHAINS.POLYGON_AMOY.coins.map((c) => c.symbol)).toEqual(['POL', 'USDC']);
  });

  it('has no token on BNB Chain testnet: neither Circle nor Tether documents one', () => {
    expect(CHAINS.BSC_TESTNET.coins.filter((c) => c.kind === 'token')).toEqual([]);
  });
});

describe('Stellar assets of the registry', () => {
  // Stellar assets are (code, issuer), no contract: the registry's contract field holds the issuer.
  it.each([
    ['XLM', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN'],
    ['XLM_TESTNET', 'GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5'],
  ] as const)(`%s USDC is Circle's issuer %s, 7 decimals (${CIRCLE}, Stellar)`, (chainId, issuer) => {
    const usdc = CHAINS[chainId].coins.find((c) => c.symbol === 'USDC');
    expect(usdc).toEqual({ symbol: 'USDC', name: 'USD Coin', decimals: 7, kind: 'token', contract: issuer });
  });
});

describe('Solana mints of the registry', () => {
  it.each([
    ['SOL', 'USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['SOL', 'USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
    ['SOL_DEVNET', 'USDC', '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'],
  ] as const)(`%s %s is the mint %s, 6 decimals (${CIRCLE}, Solana; ${TETHER})`, (chainId, symbol, mint) => {
    const coin = CHAINS[chainId].coins.find((c) => c.symbol === symbol);
    expect(coin).toMatchObject({ decimals: 6, kind: 'token', contract: mint });
  });
});
