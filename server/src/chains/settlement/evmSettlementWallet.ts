import type { EvmGasWallet } from '@cairn/chain-evm';
import type { Address, Hex } from 'viem';
import { LOW_BALANCE_SWEEPS, type SettlementWallet } from './SettlementWallet.js';

/** Gas of one deploy+flush, rounded up (measured 83k-99k; see packages/evm-contracts). */
const GAS_PER_SWEEP = 100_000n;

/** An EVM gas wallet as the settler uses it: each transaction signed with the next pending nonce. */
export function evmSettlementWallet(wallet: EvmGasWallet): SettlementWallet {
  return {
    address: wallet.address,
    // The new transaction takes the pending nonce: should the first still be pending, they compete.
    resignAfterMs: 60_000,
    // About 2M gas at ~100k a forwarder: far under any block's gas limit.
    maxBatch: 20,
    balance: () => wallet.balance(),
    lowBalance: async () => (await wallet.gasPrice()) * GAS_PER_SWEEP * LOW_BALANCE_SWEEPS,
    async signFactoryDeployment(treasury) {
      return wallet.signFactoryDeployment(treasury as Address, await wallet.nextNonce());
    },
    async signSweep(factory, items) {
      return wallet.signSweep(
        factory as Address,
        items.map((i) => ({ salt: i.salt, token: i.token as Address | null })),
        await wallet.nextNonce(),
      );
    },
    broadcast: (raw) => wallet.broadcast(raw as Hex),
    async receipt(hash) {
      const receipt = await wallet.receipt(hash as Hex);
      if (receipt === null) return null;
      return {
        status: receipt.status,
        gasUsed: receipt.gasUsed,
        fee: receipt.gasUsed * receipt.effectiveGasPrice,
        costs: { gas: receipt.gasUsed.toString(), gas_price_wei: receipt.effectiveGasPrice.toString() },
      };
    },
  };
}
