import { ChainAdapterRegistry } from '@cairn/chain-core';
import { CHAINS, getCoin } from '@cairn/contract';
import { factoryAddressFor, forwarderAddressFor } from '@cairn/evm-contracts';
import { describe, expect, it } from 'vitest';
import { createEvmAdapter } from './createEvmAdapter.js';

const TREASURY = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const DEPOSIT = { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', memo: '' };
const LOCAL_USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('createEvmAdapter', () => {
  const adapter = createEvmAdapter({ tokenContracts: { ETH_LOCAL: { USDC: LOCAL_USDC.toLowerCase() } } });

  it('serves every EVM chain of the registry through ChainAdapterRegistry, and no other', () => {
    const registry = new ChainAdapterRegistry([adapter], ['BASE', 'ETH_LOCAL', 'BSC', 'BTC']);
    expect(registry.usableChainIds()).toEqual(['BASE', 'ETH_LOCAL', 'BSC']);
    expect(registry.get('BASE').adapter.family).toBe('evm');
  });

  it('validates treasuries and refund addresses, returning only the interface fields', () => {
    expect(adapter.validateWallet({ chainId: 'BASE', value: TREASURY.toLowerCase() })).toEqual({
      ok: true,
      normalized: TREASURY,
      kind: 'treasury',
      outcome: 'EIP-55 applied',
    });
    expect(adapter.validateWallet({ chainId: 'ETH_LOCAL', value: LOCAL_USDC })).toMatchObject({
      ok: false,
      code: 'TOKEN_CONTRACT',
    });
    expect(adapter.validateAddress?.('BASE', ` ${TREASURY} `)).toEqual({ ok: true, normalized: TREASURY });
    expect(adapter.validateAddress?.('ETH_LOCAL', LOCAL_USDC)).toMatchObject({
      ok: false,
      code: 'TOKEN_CONTRACT',
    });
  });

  it('builds EIP-681 URIs for the native coin and for tokens, with each chain id', () => {
    const uri = (chainId: keyof typeof CHAINS, symbol: string, amount: bigint) =>
      adapter.buildPaymentUri({
        chain: CHAINS[chainId],
        coin: getCoin(chainId, symbol)!,
        target: DEPOSIT,
        amount,
      });
    expect(uri('ETH', 'ETH', 50_000_000_000_000_000n)).toBe(
      `ethereum:${DEPOSIT.address}@1?value=50000000000000000`,
    );
    expect(uri('POLYGON_AMOY', 'POL', 1n)).toBe(`ethereum:${DEPOSIT.address}@80002?value=1`);
    expect(uri('BASE_SEPOLIA', 'USDC', 10_000_000n)).toBe(
      `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${DEPOSIT.address}&uint256=10000000`,
    );
    // 19.99 USDC on BNB Chain: 18 decimals.
    expect(uri('BSC', 'USDC', 19_990_000_000_000_000_000n)).toBe(
      `ethereum:0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d@56/transfer?address=${DEPOSIT.address}&uint256=19990000000000000000`,
    );
    expect(uri('ETH_LOCAL', 'USDC', 1_000_000n)).toBe(
      `ethereum:${LOCAL_USDC}@31337/transfer?address=${DEPOSIT.address}&uint256=1000000`,
    );
  });

  it('throws for a local token without a runtime contract, a coin the chain lacks and a non-EVM chain', () => {
    const target = DEPOSIT;
    const coin = getCoin('ETH_LOCAL', 'USDT')!;
    expect(() => adapter.buildPaymentUri({ chain: CHAINS.ETH_LOCAL, coin, target, amount: 1n })).toThrow(
      expect.objectContaining({ code: 'TOKEN_CONTRACT_UNKNOWN' }),
    );
    expect(() =>
      createEvmAdapter().buildPaymentUri({
        chain: CHAINS.ETH_LOCAL,
        coin: getCoin('ETH_LOCAL', 'USDC')!,
        target,
        amount: 1n,
      }),
    ).toThrow(expect.objectContaining({ name: 'EvmAdapterError', code: 'TOKEN_CONTRACT_UNKNOWN' }));
    expect(() =>
      adapter.buildPaymentUri({ chain: CHAINS.BASE, coin: getCoin('BSC', 'USDT')!, target, amount: 1n }),
    ).toThrow(expect.objectContaining({ code: 'UNKNOWN_TOKEN' }));
    expect(() =>
      adapter.buildPaymentUri({ chain: CHAINS.BTC, coin: getCoin('BTC', 'BTC')!, target, amount: 1n }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CHAIN' }));
  });

  it('looks token contracts up in the registry and the runtime map', () => {
    expect(adapter.tokenContractOf('ETH', 'USDT')).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(adapter.tokenContractOf('ETH_LOCAL', 'USDC')).toBe(LOCAL_USDC);
    expect(() => adapter.tokenContractOf('ETH_LOCAL', 'USDT')).toThrow(/until it is deployed/);
  });

  it('refuses invalid runtime token contracts when created', () => {
    expect(() => createEvmAdapter({ tokenContracts: { ETH: { USDC: LOCAL_USDC } } })).toThrow(
      expect.objectContaining({ code: 'INVALID_TOKEN_CONTRACT' }),
    );
  });

  it("derives each payment its CREATE2 forwarder of the treasury's factory, per chain", () => {
    const paymentId = '1b4e28ba-2fa1-4d2e-883f-0016d3cca427';
    const target = adapter.deriveDepositTarget({ chain: CHAINS.BASE, wallet: TREASURY, index: 0, paymentId });
    expect(target.address).toBe(forwarderAddressFor({ treasury: TREASURY, chainId: 8453, paymentId }));
    expect(target).toEqual({
      address: target.address,
      memo: '',
      matchKey: target.address.slice(2).toLowerCase(),
    });
    const onEthereum = adapter.deriveDepositTarget({
      chain: CHAINS.ETH,
      wallet: TREASURY,
      index: 0,
      paymentId,
    });
    expect(onEthereum.address).not.toBe(target.address);
    expect(adapter.onboardingAddress?.({ chain: CHAINS.BASE, wallet: TREASURY })).toBe(
      factoryAddressFor(TREASURY),
    );
  });
});
