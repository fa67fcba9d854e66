import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWalletRpc,
  type WalletRpc,
  walletRpcAvailable,
  walletRpcVersion,
} from '../test/startWalletRpc.js';
import {
  WALLET_RPC_VECTORS_PATH,
  type WalletRpcVectors,
  type WalletRpcWallet,
} from '../test/walletRpcVectors.js';
import { deriveSubaddress } from './deriveSubaddress.js';
import type { MoneroNetwork } from './moneroChains.js';
import { parseMoneroAddress } from './parseMoneroAddress.js';
import { validateMoneroWallet } from './validateMoneroWallet.js';

// Cross-check against the real wallet: throwaway wallets made by an offline monero-wallet-rpc, one per
// network Cairn uses. RECORD_MONERO_VECTORS=1 also makes a testnet one and writes them all to
// test/walletRpcVectors.json, which the pure tests (deriveSubaddress.test.ts) check on every run.
const ready = walletRpcAvailable('subaddress derivation against monero-wallet-rpc');

const RECORD = process.env.RECORD_MONERO_VECTORS === '1';
// Cairn's chains are on mainnet (XMR, XMR_REGTEST) and stagenet prefixes; testnet is only recorded,
// for the pure tests (each wallet-rpc takes 5-6 s to start and create its wallet).
const NETWORKS: readonly MoneroNetwork[] = RECORD
  ? ['mainnet', 'testnet', 'stagenet']
  : ['mainnet', 'stagenet'];
const CHAIN_OF: Partial<Record<MoneroNetwork, string>> = { mainnet: 'XMR_REGTEST', stagenet: 'XMR_STAGENET' };
const PAYMENT_ID = '0123456789abcdef';

async function makeWallet(rpc: WalletRpc, network: MoneroNetwork): Promise<WalletRpcWallet> {
  await rpc.call('create_wallet', { filename: `cairn-${network}`, language: 'English' });
  const { key: viewKey } = await rpc.call<{ key: string }>('query_key', { key_type: 'view_key' });
  const { key: spendKey } = await rpc.call<{ key: string }>('query_key', { key_type: 'spend_key' });
  const { address } = await rpc.call<{ address: string }>('get_address', { account_index: 0 });
  const subaddresses: { major: number; minor: number; address: string }[] = [];
  for (let i = 0; i < 3; i += 1) {
    const made = await rpc.call<{ address: string; address_index: number }>('create_address', {
      account_index: 0,
    });
    subaddresses.push({ major: 0, minor: made.address_index, address: made.address });
  }
  const account = await rpc.call<{ account_index: number; address: string }>('create_account', {});
  subaddresses.push({ major: account.account_index, minor: 0, address: account.address });
  const more = await rpc.call<{ address: string; address_index: number }>('create_address', {
    account_index: account.account_index,
  });
  subaddresses.push({ major: account.account_index, minor: more.address_index, address: more.address });
  // get_address lists every address of an account: check it agrees with what create_address returned.
  const listed = await rpc.call<{ addresses: { address: string; address_index: number }[] }>('get_address', {
    account_index: 0,
  });
  expect(listed.addresses.map((a) => a.address)).toEqual([
    address,
    ...subaddresses.filter((s) => s.major === 0).map((s) => s.address),
  ]);
  const integrated = await rpc.call<{ integrated_address: string }>('make_integrated_address', {
    standard_address: address,
    payment_id: PAYMENT_ID,
  });
  return {
    network,
    address,
    viewKey,
    spendKey,
    subaddresses,
    integrated: { paymentId: PAYMENT_ID, address: integrated.integrated_address },
  };
}

describe.runIf(ready)('deriveSubaddress against monero-wallet-rpc', () => {
  const rpcs: WalletRpc[] = [];
  const wallets = new Map<MoneroNetwork, WalletRpcWallet>();

  beforeAll(async () => {
    const started = await Promise.allSettled(NETWORKS.map((network) => startWalletRpc(network)));
    for (const result of started) if (result.status === 'fulfilled') rpcs.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const made = await Promise.all(NETWORKS.map((network, i) => makeWallet(rpcs[i]!, network)));
    for (const wallet of made) wallets.set(wallet.network, wallet);
    if (RECORD) {
      const vectors: WalletRpcVectors = {
        source:
          'Produced by monero-wallet-rpc 0.18.0.0 (Debian package monero 0.18.0.0, started --offline) with ' +
          'create_wallet, query_key, get_address, create_address, create_account and make_integrated_address. ' +
          'The mainnet wallet is on regtest/mainnet prefixes (XMR_REGTEST addresses are mainnet-prefixed). ' +
          'Throwaway wallets, keys published on purpose: never send funds to them.',
        walletRpcVersion: walletRpcVersion(),
        wallets: made,
      };
      writeFileSync(WALLET_RPC_VECTORS_PATH, `${JSON.stringify(vectors, null, 2)}\n`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(rpcs.map((rpc) => rpc.stop()));
  });

  describe.each(NETWORKS)('%s', (network) => {
    it('derives every subaddress the wallet gave, and (0, 0) is the primary address', () => {
      const wallet = wallets.get(network)!;
      const { publicSpendKey, kind } = parseMoneroAddress(wallet.address);
      expect(kind).toBe('standard');
      const derive = (major: number, minor: number) =>
        deriveSubaddress({ network, publicSpendKey, privateViewKey: wallet.viewKey, major, minor });
      expect(derive(0, 0)).toBe(wallet.address);
      expect(wallet.subaddresses.length).toBe(5);
      for (const { major, minor, address } of wallet.subaddresses) {
        expect(derive(major, minor), `(${major}, ${minor})`).toBe(address);
        expect(parseMoneroAddress(address)).toMatchObject({ network, kind: 'subaddress' });
      }
    });

    it("decodes the wallet's integrated address to its keys and payment id", () => {
      const wallet = wallets.get(network)!;
      const primary = parseMoneroAddress(wallet.address);
      expect(parseMoneroAddress(wallet.integrated.address)).toMatchObject({
        network,
        kind: 'integrated',
        publicSpendKey: primary.publicSpendKey,
        publicViewKey: primary.publicViewKey,
        paymentId: PAYMENT_ID,
      });
    });

    it.runIf(CHAIN_OF[network] !== undefined)(
      'accepts address + view key, refuses address + spend key',
      () => {
        const wallet = wallets.get(network)!;
        const chainId = CHAIN_OF[network]!;
        expect(validateMoneroWallet({ chainId, value: `${wallet.address}:${wallet.viewKey}` })).toEqual({
          ok: true,
          normalized: `${wallet.address}:${wallet.viewKey}`,
          kind: 'view-key',
          outcome: 'Primary address and private view key verified',
        });
        expect(
          validateMoneroWallet({ chainId, value: `${wallet.address}:${wallet.spendKey}` }),
        ).toMatchObject({
          ok: false,
          code: 'SPEND_KEY_GIVEN',
        });
      },
    );
  });
});
