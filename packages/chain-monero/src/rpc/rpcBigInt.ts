import { MoneroRpcTransportError } from './MoneroRpcClient.js';

/**
 * A uint64 field of a Monero RPC answer (an amount in piconero, an `unlock_time`) as a bigint. After
 * `parseMoneroJson` it is a number when it had fewer than 16 digits (exact) and a digit string
 * otherwise; anything else (a fraction, a missing field) is an answer this code cannot trust.
 */
export function rpcBigInt(value: unknown, field: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new MoneroRpcTransportError(
    'unexpected-answer',
    `the Monero RPC answered ${field} = ${JSON.stringify(value)}, not an integer`,
  );
}
