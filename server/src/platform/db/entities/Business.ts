import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const Business = defineEntity({
  name: 'Business',
  tableName: 'businesses',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    name: p.string(),
    underpaymentToleranceBps: p.integer(),
    overpaymentThresholdBps: p.integer(),
    createdAt: p.datetime(),
  },
});
export type IBusiness = InferEntity<typeof Business>;
