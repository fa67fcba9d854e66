import type { Gateway } from '../../domain/gateway/Gateway.js';
import { recordDepositTarget } from '../../domain/payments/recordDepositTarget.js';

interface Row {
  id: string;
  derivation_index: number;
  deposit_address: string;
  selected_at: Date;
  wallet: string;
}

/**
 * Gives every payment of `chainId` that has a deposit address but no deposit-target row (picked before
 * chain watching existed) its row, so the watcher matches it. The target is derived again from the
 * wallet and index, and used only if it gives the stored address back. Payments whose address was
 * recycled are skipped (the newer payment holds it). Returns how many rows were added.
 */
export async function backfillDepositTargets(gateway: Gateway, chainId: string): Promise<number> {
  const { adapter, chain } = gateway.chains.get(chainId);
  const em = gateway.orm.em.fork();
  const rows = await em.getConnection().execute<Row[]>(
    `select p.id, p.derivation_index, p.deposit_address, p.selected_at, w.value as wallet
       from payments p join wallets w on w.id = p.wallet_id
      where p.selected_chain_id = ? and p.deposit_address is not null and p.derivation_index is not null
        and not p.derivation_index_recycled
        and not exists (select 1 from deposit_targets t where t.payment_id = p.id)
      order by p.selected_at, p.id`,
    [chainId],
  );
  let added = 0;
  for (const row of rows) {
    const target = adapter.deriveDepositTarget({
      chain,
      wallet: row.wallet,
      index: Number(row.derivation_index),
      paymentId: row.id,
    });
    if (target.address !== row.deposit_address) {
      gateway.log.error(
        { chainId, paymentId: row.id },
        'the stored deposit address does not derive from its wallet and index; the payment is not watched',
      );
      continue;
    }
    await em.transactional((tx) =>
      recordDepositTarget(tx, {
        chainId,
        matchKey: target.matchKey ?? target.address,
        address: target.address,
        paymentId: row.id,
        createdAt: new Date(row.selected_at),
      }),
    );
    added += 1;
  }
  if (added > 0)
    gateway.log.info({ chainId, added }, 'deposit targets added for payments picked before watching');
  return added;
}
