import { createPublicClient, defineChain, type Hex, http } from 'viem';
import type { DevChainRecord } from './devChainRecord.js';
import { payWithTestWallet, type TestWalletPayment } from './payWithTestWallet.js';
import { DEV_REFUND_WALLET } from './withDevChain.js';

/**
 * A refund on the local dev chain, sent the way a merchant sends one: {@link DEV_REFUND_WALLET} pays
 * `amount` of the coin to the customer's refund address (a test token minted first), and this resolves
 * with the transaction's hash once it is mined (the dev chain mines a block every few seconds). Only for
 * the dev chain.
 */
export async function sendDevRefund(
  record: DevChainRecord,
  refund: Omit<TestWalletPayment, 'fromKey'>,
): Promise<Hex> {
  const hash = await payWithTestWallet(record, { ...refund, fromKey: DEV_REFUND_WALLET.privateKey });
  const chain = defineChain({
    id: record.chain_id,
    name: 'Cairn dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [record.rpc_url] } },
  });
  const reader = createPublicClient({ chain, transport: http(record.rpc_url, { retryCount: 0 }) });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`The dev chain reverted refund ${hash}.`);
  return hash;
}
