import { parseUnits } from '@cairn/chain-core';
import { deriveReceiveKey } from '@cairn/chain-utxo';
import { Payment, Transfer } from '../../src/platform/db/entities/index.js';
import { toCoins } from '../harness/startLitecoind.js';
import type { RegtestCheckout } from './startRegtestCheckout.js';

/** Fee of the refund transaction (0.001 LTC: plenty for a few inputs on regtest). */
const REFUND_FEE = 100_000n;

/**
 * The merchant refunds a payment on-chain as a merchant would, from their own keys: every output the
 * payment received (its transfers) is spent to `to`, less a fixed fee, signed with the deposit
 * address's private key derived from the merchant's seed (`signrawtransactionwithkey`) and broadcast.
 * Fails if that key does not own the deposit address (so the gateway's wallet really is the test's).
 * Returns the refund's transaction id and the amount sent back (litoshis).
 */
export async function refundFromDeposit(
  chain: RegtestCheckout,
  paymentId: string,
  to: string,
): Promise<{ txId: string; amount: bigint }> {
  const { node } = chain;
  const em = chain.test.running.gateway.orm.em.fork();
  const payment = await em.findOneOrFail(Payment, { id: paymentId });
  if (payment.derivationIndex === null || payment.derivationIndex === undefined || !payment.depositAddress) {
    throw new Error(`payment ${paymentId} has no deposit address`);
  }
  const key = deriveReceiveKey(chain.merchantSeed, 'LTC_REGTEST', 'p2wpkh', payment.derivationIndex);
  const descriptor = await node.rpc.call<{ descriptor: string }>('getdescriptorinfo', [
    `wpkh(${key.publicKey})`,
  ]);
  const [owned] = await node.rpc.call<string[]>('deriveaddresses', [descriptor.descriptor]);
  if (owned !== payment.depositAddress) {
    throw new Error(
      `the merchant seed's key 0/${payment.derivationIndex} is for ${owned}, not ${payment.depositAddress}`,
    );
  }

  const transfers = await em.find(Transfer, { paymentId, removed: false });
  if (transfers.length === 0) throw new Error(`payment ${paymentId} received nothing to refund`);
  const prevtxs = [];
  let total = 0n;
  for (const transfer of transfers) {
    const tx = await node.rpc.call<{ vout: { n: number; value: string; scriptPubKey: { hex: string } }[] }>(
      'getrawtransaction',
      [transfer.txId, true],
    );
    const output = tx.vout.find((o) => o.n === transfer.outputIndex)!;
    const value = parseUnits(String(output.value), 8);
    total += value;
    prevtxs.push({
      txid: transfer.txId,
      vout: transfer.outputIndex,
      scriptPubKey: output.scriptPubKey.hex,
      amount: toCoins(value),
    });
  }
  const amount = total - REFUND_FEE;
  const raw = await node.rpc.call<string>('createrawtransaction', [
    prevtxs.map(({ txid, vout }) => ({ txid, vout })),
    [{ [to]: toCoins(amount) }],
  ]);
  const signed = await node.rpc.call<{ hex: string; complete: boolean }>('signrawtransactionwithkey', [
    raw,
    [key.wif],
    prevtxs,
  ]);
  if (!signed.complete) throw new Error('the merchant key could not sign the refund');
  const txId = await node.rpc.call<string>('sendrawtransaction', [signed.hex]);
  return { txId, amount };
}
