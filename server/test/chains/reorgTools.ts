import { parseUnits } from '@cairn/chain-core';
import { type Litecoind, toCoins } from '../harness/startLitecoind.js';

/** A signed transaction not yet broadcast. */
export interface SignedTx {
  readonly txid: string;
  readonly hex: string;
}

const FEE = 100_000n; // 0.001 LTC, plenty for a one-input transaction on regtest

/**
 * Confirmations an output spent here has: coinbases mature at 101, and a reorg of a few blocks must not
 * make a spend of one immature again (the node would then drop it from its mempool).
 */
const MATURE_WITH_MARGIN = 120;

/** A mature coinbase output of the node's wallet that nothing else spends yet. */
async function spendableOutput(
  node: Litecoind,
  atLeast: bigint,
): Promise<{ txid: string; vout: number; amount: bigint }> {
  const unspent = await node.rpc.call<{ txid: string; vout: number; amount: string; spendable: boolean }[]>(
    'listunspent',
    [MATURE_WITH_MARGIN, 9_999_999],
  );
  const found = unspent
    .map((u) => ({
      txid: u.txid,
      vout: u.vout,
      amount: parseUnits(u.amount, 8),
      spendable: u.spendable,
    }))
    .find((u) => u.spendable && u.amount >= atLeast + FEE);
  if (!found) throw new Error('no mature output large enough; mine more blocks');
  return found;
}

async function sign(node: Litecoind, rawHex: string): Promise<SignedTx> {
  const signed = await node.rpc.call<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [
    rawHex,
  ]);
  if (!signed.complete) throw new Error('the wallet could not sign the transaction');
  const decoded = await node.rpc.call<{ txid: string }>('decoderawtransaction', [signed.hex]);
  return { txid: decoded.txid, hex: signed.hex };
}

/**
 * Two transactions spending the same wallet output: `pay` sends `amount` to `address` (with change
 * back to the wallet), `conflict` sends it all back to the wallet. Broadcast one, mine the other with
 * `generateblock`: a double-spend. `locktime` makes `pay` valid only in blocks above that height.
 */
export async function conflictingPair(
  node: Litecoind,
  address: string,
  amount: bigint,
  options: { locktime?: number } = {},
): Promise<{ pay: SignedTx; conflict: SignedTx }> {
  const input = await spendableOutput(node, amount);
  const inputs = [{ txid: input.txid, vout: input.vout }];
  const change = await node.rpc.call<string>('getrawchangeaddress', ['bech32']);
  const back = await node.rpc.call<string>('getnewaddress', ['', 'bech32']);
  const payRaw = await node.rpc.call<string>('createrawtransaction', [
    inputs,
    [{ [address]: toCoins(amount) }, { [change]: toCoins(input.amount - amount - FEE) }],
    options.locktime ?? 0,
  ]);
  const conflictRaw = await node.rpc.call<string>('createrawtransaction', [
    inputs,
    [{ [back]: toCoins(input.amount - FEE * 2n) }],
  ]);
  return { pay: await sign(node, payRaw), conflict: await sign(node, conflictRaw) };
}

/** Broadcasts a signed transaction. */
export async function broadcast(node: Litecoind, tx: SignedTx): Promise<string> {
  return node.rpc.call<string>('sendrawtransaction', [tx.hex]);
}

/** Mines a block holding exactly these transactions (raw hex, or txids of mempool transactions). */
export async function generateBlock(node: Litecoind, txs: readonly (SignedTx | string)[]): Promise<string> {
  const result = await node.rpc.call<{ hash: string }>('generateblock', [
    node.minerAddress,
    txs.map((tx) => (typeof tx === 'string' ? tx : tx.hex)),
  ]);
  return result.hash;
}

/** Invalidates a block (and its descendants): the node reorgs to its parent; its transactions return to the mempool if still valid. */
export async function invalidateBlock(node: Litecoind, hash: string): Promise<void> {
  await node.rpc.call('invalidateblock', [hash]);
}

/** The hash of the active chain's block at `height`. */
export async function blockHashAt(node: Litecoind, height: number): Promise<string> {
  return node.rpc.call<string>('getblockhash', [height]);
}

/** Whether the transaction is in the node's mempool. */
export async function inMempool(node: Litecoind, txid: string): Promise<boolean> {
  return (await node.rpc.call<string[]>('getrawmempool')).includes(txid);
}

/**
 * A transaction's confirmations on the active chain as the node reports them (0 or absent: not in an
 * active block). With `-txindex` the node still returns a reorged-out transaction: existence says nothing.
 */
export async function activeConfirmations(node: Litecoind, txid: string): Promise<number> {
  const tx = await node.rpc.call<{ confirmations?: number }>('getrawtransaction', [txid, true]);
  return tx.confirmations ?? 0;
}
