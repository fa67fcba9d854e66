import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** One chain option of a payment with its locked crypto amount. */
export const PaymentOption = defineEntity({
  name: 'PaymentOption',
  tableName: 'payment_options',
  properties: {
    paymentId: p.uuid().primary(),
    chainId: p.string().primary(),
    coinSymbol: p.string().primary(),
    position: p.integer(),
    decimals: p.integer(),
    cryptoAmount: p.decimal('string'),
    exchangeRate: p.decimal('string'),
    rateSource: p.string(),
    lockedAt: p.datetime(),
  },
});
export type IPaymentOption = InferEntity<typeof PaymentOption>;
