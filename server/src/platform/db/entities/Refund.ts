import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const Refund = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  properties: {
    id: p.uuid().primary(),
    paymentId: p.uuid(),
    chainId: p.string(),
    coinSymbol: p.string(),
    txId: p.string(),
    amount: p.decimal('string'),
    /** A refund of funds that arrived after the payment closed (its status did not change). */
    afterClose: p.boolean().default(false),
    createdAt: p.datetime(),
  },
});
export type IRefund = InferEntity<typeof Refund>;
