import { formatUnits } from '@cairn/chain-core';
import { getChain, type StrayFunds, type StrayFundsKind, type StrayFundsStatus } from '@cairn/contract';
import { rfc3339 } from './rfc3339.js';

/** A `stray_funds` row as the domain reads it (amount as a numeric string, never a JS number). */
export interface StrayFundsRow {
  readonly id: string;
  readonly business_id: string;
  readonly mode: 'test' | 'live';
  readonly api_key_id: string | null;
  readonly chain_id: string;
  readonly coin_symbol: string;
  readonly tx_id: string;
  readonly output_index: number;
  readonly address: string;
  readonly tag: string | null;
  readonly kind: StrayFundsKind;
  readonly amount: string;
  readonly payment_id: string | null;
  readonly block_hash: string | null;
  readonly block_height: string | null;
  readonly confirmations: number;
  readonly removed: boolean;
  readonly status: StrayFundsStatus;
  readonly attached_payment_id: string | null;
  readonly note: string | null;
  readonly found_at: Date;
  readonly resolved_at: Date | null;
  /** The sweep that moves it to the treasury (another coin on a forwarder); null before, or for an account. */
  readonly sweep_id: string | null;
}

/** The columns of {@link StrayFundsRow}, amount as text. */
export const STRAY_FUNDS_COLUMNS = `id, business_id, mode, api_key_id, chain_id, coin_symbol, tx_id, output_index,
  address, tag, kind, amount::text as amount, payment_id, block_hash, block_height::text as block_height,
  confirmations, removed, status, attached_payment_id, note, found_at, resolved_at, sweep_id`;

/** The amount in whole coins, where the registry knows the coin; else the smallest units. */
export function strayDisplayAmount(row: Pick<StrayFundsRow, 'chain_id' | 'coin_symbol' | 'amount'>): string {
  const coin = getChain(row.chain_id)?.coins.find((c) => c.symbol === row.coin_symbol);
  return coin ? formatUnits(BigInt(row.amount), coin.decimals) : row.amount;
}

/** The row as the events carry it (contract `StrayFunds`). */
export function serializeStrayFunds(row: StrayFundsRow): StrayFunds {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    chain_id: row.chain_id as StrayFunds['chain_id'],
    coin_symbol: row.coin_symbol,
    tx_id: row.tx_id,
    output_index: Number(row.output_index),
    address: row.address,
    tag: row.tag,
    amount: row.amount,
    display_amount: strayDisplayAmount(row),
    payment_id: row.payment_id,
    attached_payment_id: row.attached_payment_id,
    note: row.note,
    found_at: rfc3339(new Date(row.found_at)),
    resolved_at: row.resolved_at ? rfc3339(new Date(row.resolved_at)) : null,
  };
}
