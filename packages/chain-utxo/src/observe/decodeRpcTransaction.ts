import { type ObservedOutput, parseUnits } from '@cairn/chain-core';

/** A decoded transaction as Bitcoin Core prints it (`getblock <hash> 2`, `getrawtransaction <id> true`). */
export interface RpcTransaction {
  readonly txid: string;
  readonly vout: readonly {
    readonly n: number;
    /** A string: the client quotes amount fields before parsing (quoteAmountFields). */
    readonly value: string | number;
    readonly ismweb?: boolean;
    readonly scriptPubKey?: { readonly hex?: string };
  }[];
}

/**
 * The outputs of a decoded transaction, matched later by scriptPubKey. Outputs without a script (Litecoin
 * MWEB outputs) are skipped. Throws when an amount is not an exact decimal string.
 */
export function decodeRpcTransaction(tx: RpcTransaction, decimals: number): ObservedOutput[] {
  const outputs: ObservedOutput[] = [];
  for (const out of tx.vout) {
    const script = out.scriptPubKey?.hex;
    if (out.ismweb || script === undefined) continue;
    if (typeof out.value !== 'string') {
      throw new TypeError(`output ${tx.txid}:${out.n} has an amount that was parsed as a float`);
    }
    outputs.push({
      txid: tx.txid,
      index: out.n,
      matchKey: script,
      amount: parseUnits(out.value, decimals),
    });
  }
  return outputs;
}
