import { Payment, Transfer } from '../../src/platform/db/entities/index.js';
import { generateBlock, invalidateBlock } from '../chains/reorgTools.js';
import { waitUntil } from '../harness/waitUntil.js';
import type { RegtestCheckout } from './startRegtestCheckout.js';

/**
 * The customer's wallet and the chain, as the browser tests see them, on a real `litecoind -regtest`:
 * `payFor` is `sendtoaddress` to the payment's deposit address, `mineBlocks` is `generatetoaddress`,
 * `reorgOut` is `invalidateblock` plus a longer replacement branch. Nothing here reports to the
 * gateway: its LTC_REGTEST watcher (background loop, as in production) finds the transactions in the
 * mempool and in blocks. Each step returns once the watcher has caught up with it, so a test can rely
 * on the gateway's state (e.g. before moving the clock); the pages are still awaited on their own.
 */

/** Time the watcher gets to catch up with a step (generous: a loaded 2-core machine). */
const WATCHER_TIMEOUT_MS = 60_000;

/**
 * Sends `amount` litoshis from the node's wallet to the payment's deposit address (`sendtoaddress`);
 * resolves with the transaction id once the gateway's watcher has detected it.
 */
export async function payFor(chain: RegtestCheckout, paymentId: string, amount: bigint): Promise<string> {
  const orm = chain.test.running.gateway.orm;
  const payment = await orm.em.fork().findOneOrFail(Payment, { id: paymentId });
  if (!payment.depositAddress || payment.selectedChainId !== 'LTC_REGTEST') {
    throw new Error(`payment ${paymentId} has no LTC_REGTEST deposit address yet: pick LTC first`);
  }
  const txId = await chain.node.send(payment.depositAddress, amount);
  await waitUntil(
    async () => (await orm.em.fork().count(Transfer, { paymentId, txId })) > 0,
    `the watcher to detect ${txId} for payment ${paymentId}`,
    WATCHER_TIMEOUT_MS,
  );
  return txId;
}

/** Resolves once the watcher's cursor is at height `height` or above and its sync has reported. */
async function watcherReached(chain: RegtestCheckout, height: number): Promise<void> {
  await waitUntil(
    () => (chain.watcher.status().cursorHeight ?? -1) >= height,
    `the watcher to reach block ${height}`,
    WATCHER_TIMEOUT_MS,
  );
  // The cursor moves before the sync reports; syncOnce waits for that sync to finish (and runs one
  // more, which finds nothing new).
  await chain.watcher.syncOnce();
}

/** Mines `count` blocks (`generatetoaddress`, mempool included); resolves once the watcher has them. */
export async function mineBlocks(chain: RegtestCheckout, count: number): Promise<void> {
  await chain.node.mine(count);
  await watcherReached(chain, await chain.node.height());
}

/**
 * A real reorg taking transaction `txId` out of the chain: its block is invalidated (`invalidateblock`,
 * the node rewinds to the parent and the transaction goes back to its mempool) and a longer branch of
 * empty blocks (`generateblock`) replaces the old one. Resolves once the watcher followed the switch.
 */
export async function reorgOut(chain: RegtestCheckout, txId: string): Promise<void> {
  const { node } = chain;
  const tx = await node.rpc.call<{ blockhash?: string }>('getrawtransaction', [txId, true]);
  if (!tx.blockhash) throw new Error(`transaction ${txId} is not in a block`);
  const block = await node.rpc.call<{ height: number }>('getblockheader', [tx.blockhash]);
  const oldTip = await node.height();
  await invalidateBlock(node, tx.blockhash);
  for (let height = block.height; height <= oldTip + 1; height += 1) await generateBlock(node, []);
  await watcherReached(chain, oldTip + 1);
}
