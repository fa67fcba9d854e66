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
    createdAt: p.datetime(),
  },
});
export type IRefund = InferEntity<typeof Refund>;
