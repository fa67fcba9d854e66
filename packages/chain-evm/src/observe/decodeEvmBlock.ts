import { ChainBackendError, type ObservedOutput } from '@cairn/chain-core';
import { toEventSelector } from 'viem';
import { evmMatchKey } from './evmMatchKey.js';
import type { RpcReceipt } from './readEvmReceipts.js';

/** `Transfer(address,address,uint256)`: ERC-20 transfers (ERC-721 has a fourth, indexed topic). */
const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
/** `Flushed(address,uint256)` emitted by a Cairn forwarder when it pays its treasury (token 0: native). */
const FLUSHED = toEventSelector('Flushed(address,uint256)');
const ZERO_TOPIC = `0x${'0'.repeat(64)}`;

/** `ObservedOutput.index` of a transaction's own value (log indexes are 0 and up). */
export const NATIVE_VALUE_INDEX = -1;

/** A block's transaction as far as decoding needs it. */
export interface EvmBlockTransaction {
  readonly hash: string;
  readonly to: string | null;
  readonly value: bigint;
}

/** What one block paid. */
export interface DecodedEvmBlock {
  readonly outputs: ObservedOutput[];
  /** Native value each address received from transactions sent to it (match key -> wei). */
  readonly nativeIn: Map<string, bigint>;
  /** Native coin each forwarder paid out to its treasury in `Flushed` events (match key -> wei). */
  readonly flushedOut: Map<string, bigint>;
}

/**
 * Decodes one EVM block and its receipts into outputs, in one pass over its transactions and logs
 * (cost per transaction and log, never per open payment): the value of every successful transaction
 * keyed by its recipient (`index` -1), and every `Transfer` log of a watched token keyed by its `to`
 * (`index` = the log's index in the block). Throws {@link ChainBackendError} when a receipt belongs to
 * another block (the node's chain moved between the two reads).
 */
export function decodeEvmBlock(input: {
  readonly hash: string;
  readonly transactions: readonly EvmBlockTransaction[];
  readonly receipts: readonly RpcReceipt[];
  /** Watched token contracts: lower-case address -> coin symbol. */
  readonly tokens: ReadonlyMap<string, string>;
  readonly chainId: string;
}): DecodedEvmBlock {
  const hash = input.hash.toLowerCase();
  const succeeded = new Set<string>();
  for (const receipt of input.receipts) {
    if (receipt.blockHash.toLowerCase() !== hash)
      throw new ChainBackendError(
        input.chainId,
        `receipts of block ${input.hash} came from another block (a reorg meanwhile)`,
      );
    if (receipt.status === '0x1') succeeded.add(receipt.transactionHash.toLowerCase());
  }
  const outputs: ObservedOutput[] = [];
  const nativeIn = new Map<string, bigint>();
  const flushedOut = new Map<string, bigint>();
  for (const tx of input.transactions) {
    if (!tx.to || tx.value === 0n || !succeeded.has(tx.hash.toLowerCase())) continue;
    const matchKey = evmMatchKey(tx.to);
    outputs.push({ txid: tx.hash, index: NATIVE_VALUE_INDEX, matchKey, amount: tx.value });
    nativeIn.set(matchKey, (nativeIn.get(matchKey) ?? 0n) + tx.value);
  }
  for (const receipt of input.receipts) {
    for (const log of receipt.logs) {
      const topic = log.topics[0];
      if (topic === FLUSHED && log.topics[1] === ZERO_TOPIC && log.data.length === 66) {
        const key = evmMatchKey(log.address);
        flushedOut.set(key, (flushedOut.get(key) ?? 0n) + BigInt(log.data));
        continue;
      }
      if (topic !== TRANSFER || log.topics.length !== 3 || log.data.length !== 66) continue;
      const symbol = input.tokens.get(log.address.toLowerCase());
      if (symbol === undefined) continue;
      outputs.push({
        txid: log.transactionHash,
        index: Number.parseInt(log.logIndex, 16),
        matchKey: (log.topics[2] as string).slice(26).toLowerCase(),
        amount: BigInt(log.data),
        coinSymbol: symbol,
      });
    }
  }
  return { outputs, nativeIn, flushedOut };
}
