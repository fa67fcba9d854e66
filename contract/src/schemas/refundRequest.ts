import * as z from 'zod';
import { AtomicAmount, ChainIdSchema, CoinSymbol } from './primitives.js';

export const RecordRefundRequestSchema = z
  .object({
    chain_id: ChainIdSchema,
    coin_symbol: CoinSymbol,
    tx_id: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: 'Transaction id of the refund the merchant sent.' }),
    amount: AtomicAmount.refine((v) => v !== '0', 'must be greater than zero'),
  })
  .strict()
  .meta({
    id: 'RecordRefundRequest',
    description: 'Records a refund the merchant already sent on-chain.',
    example: { chain_id: 'BTC_TESTNET', coin_symbol: 'BTC', tx_id: 'a1b2c3...', amount: '120000' },
  });

export type RecordRefundRequest = z.input<typeof RecordRefundRequestSchema>;
