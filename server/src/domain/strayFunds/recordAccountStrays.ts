import type { BlockRef, ObservedOutput, ObservedStray } from '@cairn/chain-core';
import { getChain } from '@cairn/contract';
import { runSql } from '../accounts/runSql.js';
import type { Gateway } from '../gateway/Gateway.js';
import { recordStrayFunds, type StrayOwner } from './recordStrayFunds.js';

/**
 * The businesses whose wallet on `chainId` is the account `account` (XRP Ledger, Stellar: a merchant
 * account that takes payments by tag or memo), each with the API key of its latest payment to it (the
 * endpoint its events go to; null before any payment).
 */
async function ownersOfAccount(gateway: Gateway, chainId: string, account: string): Promise<StrayOwner[]> {
  const rows = await runSql<{ business_id: string; mode: 'test' | 'live'; api_key_id: string | null }[]>(
    gateway.orm.em.fork(),
    `select distinct on (w.business_id, w.mode) w.business_id, w.mode,
            (select p.api_key_id from payments p
              where p.wallet_id = w.id order by p.created_at desc limit 1) as api_key_id
       from wallets w
      where w.chain_id = ? and w.value = ?
      order by w.business_id, w.mode, w.removed_at desc nulls first, w.created_at desc`,
    [chainId, account],
  );
  return rows.map((r) => ({ businessId: r.business_id, mode: r.mode, apiKeyId: r.api_key_id }));
}

/**
 * Records money that reached a merchant's account in one block without counting toward a payment as
 * stray funds of every business whose wallet is that account, in its mode: transfers that carry no
 * open payment's tag or memo (the watcher's strays), and what an observer reported as stray
 * (`ObservedStray`, with its kind). Recorded with one confirmation (a closed ledger, or the block's own
 * depth is not followed for a stray).
 */
export async function recordAccountStrays(
  gateway: Gateway,
  chainId: string,
  outputs: readonly (ObservedOutput | ObservedStray)[],
  block: BlockRef,
): Promise<number> {
  const chain = getChain(chainId);
  if (!chain) return 0;
  const untagged = chain.family === 'stellar' ? 'missing_memo' : 'missing_tag';
  let found = 0;
  for (const output of outputs) {
    if (output.account === undefined) continue;
    const kind = 'kind' in output ? output.kind : untagged;
    const prefix = `${output.account}:`;
    const tag = output.matchKey.startsWith(prefix) ? output.matchKey.slice(prefix.length) : null;
    for (const owner of await ownersOfAccount(gateway, chainId, output.account)) {
      const result = await recordStrayFunds(gateway, {
        owner,
        kind,
        chainId,
        coinSymbol: output.coinSymbol ?? chain.coins[0]!.symbol,
        txId: output.txid,
        outputIndex: output.index,
        address: ('address' in output ? output.address : undefined) ?? output.account,
        tag,
        amount: output.amount,
        paymentId: null,
        block: { hash: block.hash, height: block.height },
        confirmations: 1,
        removed: false,
      });
      if (result.found) found += 1;
    }
  }
  return found;
}
