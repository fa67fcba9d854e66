import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** An on-chain transfer to a payment's deposit target, as last observed. */
export const Transfer = defineEntity({
  name: 'Transfer',
  tableName: 'transfers',
  properties: {
    id: p.uuid().primary(),
    paymentId: p.uuid(),
    chainId: p.string(),
    coinSymbol: p.string(),
    txId: p.string(),
    /** Output index (UTXO) or log index (EVM); -1 where the family has none. */
    outputIndex: p.integer(),
    amount: p.decimal('string'),
    confirmations: p.integer(),
    removed: p.boolean(),
    /**
     * Set by the lifecycle: `held` = live when the payment last closed (part of what it accounts for);
     * `reported` = arrived after the close, reported by payment.received_after_close. Null otherwise.
     */
    closing: p.string().$type<'held' | 'reported'>().nullable(),
    /** EVM: the sweep that moved this transfer's funds to the treasury. */
    sweepId: p.uuid().nullable(),
    detectedAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ITransfer = InferEntity<typeof Transfer>;
