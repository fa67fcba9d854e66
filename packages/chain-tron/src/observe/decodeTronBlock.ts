import type { ObservedOutput } from '@cairn/chain-core';
import { tronMatchKey } from '../tronMatchKey.js';
import { sunOf } from './parseTronJson.js';
import type { TronApiTransaction, TronApiTransactionInfo } from './tronApiTypes.js';

/** keccak256("Transfer(address,address,uint256)"), as TVM logs print topics (bare hex). */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** `ObservedOutput.index` of TRX sent by the transaction itself (TransferContract, or call value). */
export const TOP_LEVEL_TRX_INDEX = -1;

/**
 * `ObservedOutput.index` of TRX sent from inside a contract: the internal transaction at `position`
 * of the transaction info's `internal_transactions` (-2, -3, …). TRC-20 transfers use their log's
 * position (0, 1, …), so (txid, index) names one transfer.
 */
export function internalTrxIndex(position: number): number {
  return -2 - position;
}

/** Everything {@link decodeTronBlock} needs. */
export interface DecodeTronBlockInput {
  readonly transactions: readonly TronApiTransaction[];
  /** The transaction infos of the same block, by transaction id. */
  readonly infos: ReadonlyMap<string, TronApiTransactionInfo>;
  /** Watched TRC-20 contracts: 20-byte account as 40 lower-case hex digits -> coin symbol. */
  readonly tokens: ReadonlyMap<string, string>;
}

/** Reads an address field (`41…` hex with `visible: false`, `T…` with `visible: true`) as a match key. */
function keyOf(address: unknown): string | undefined {
  if (typeof address !== 'string') return undefined;
  try {
    return tronMatchKey(address);
  } catch {
    return undefined;
  }
}

/**
 * Every transfer one TRON block makes, as observed outputs keyed by recipient (`tronMatchKey`):
 *
 * - TRX by the transaction itself: a `TransferContract`'s `amount` to `to_address`, or a
 *   `TriggerSmartContract`'s `call_value` to `contract_address`, when the transaction succeeded
 *   (`ret[0].contractRet` is `SUCCESS`); index {@link TOP_LEVEL_TRX_INDEX}.
 * - TRX sent from inside a contract: the info's `internal_transactions` that were not `rejected` and
 *   carry a `callValue` without a `tokenId` (a `tokenId` is a TRC-10 asset, not TRX), when the
 *   transaction succeeded (`receipt.result` `SUCCESS`); index {@link internalTrxIndex}.
 * - TRC-20: `Transfer(address,address,uint256)` logs emitted by a watched token contract (the log's
 *   `address`; a look-alike contract with the same symbol is not watched and is ignored), when the
 *   transaction succeeded; index = the log's position in the info; `coinSymbol` set.
 *
 * TRC-10 transfers (`TransferAssetContract`) and everything else are ignored. Pure.
 */
export function decodeTronBlock({ transactions, infos, tokens }: DecodeTronBlockInput): ObservedOutput[] {
  const outputs: ObservedOutput[] = [];
  for (const tx of transactions) {
    const txid = tx.txID.toLowerCase();
    const succeeded = tx.ret?.[0]?.contractRet === 'SUCCESS';
    const contract = tx.raw_data.contract[0];
    if (succeeded && contract) {
      const value = contract.parameter.value;
      const [to, amount] =
        contract.type === 'TransferContract'
          ? [keyOf(value.to_address), sunOf(value.amount)]
          : contract.type === 'TriggerSmartContract'
            ? [keyOf(value.contract_address), sunOf(value.call_value)]
            : [undefined, 0n];
      if (to !== undefined && amount > 0n)
        outputs.push({ txid, index: TOP_LEVEL_TRX_INDEX, matchKey: to, amount });
    }

    const info = infos.get(txid);
    if (!succeeded || !info || info.receipt?.result !== 'SUCCESS') continue;
    (info.internal_transactions ?? []).forEach((internal, position) => {
      if (internal.rejected) return;
      const to = keyOf(internal.transferTo_address);
      if (to === undefined) return;
      let amount = 0n;
      for (const value of internal.callValueInfo ?? []) {
        if (value.tokenId === undefined || value.tokenId === '') amount += sunOf(value.callValue);
      }
      if (amount > 0n) outputs.push({ txid, index: internalTrxIndex(position), matchKey: to, amount });
    });
    (info.log ?? []).forEach((log, position) => {
      const token = keyOf(log.address);
      const coinSymbol = token === undefined ? undefined : tokens.get(token);
      const topics = log.topics ?? [];
      if (!coinSymbol || topics.length !== 3 || topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return;
      const data = log.data ?? '';
      if (!/^[0-9a-fA-F]{64}$/.test(data) || !/^[0-9a-fA-F]{64}$/.test(topics[2] ?? '')) return;
      const amount = BigInt(`0x${data}`);
      if (amount === 0n) return;
      outputs.push({
        txid,
        index: position,
        matchKey: (topics[2] as string).slice(24).toLowerCase(),
        amount,
        coinSymbol,
      });
    });
  }
  return outputs;
}
