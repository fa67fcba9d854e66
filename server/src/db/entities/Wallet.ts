import type { Mode } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const Wallet = defineEntity({
  name: 'Wallet',
  tableName: 'wallets',
  properties: {
    id: p.uuid().primary(),
    businessId: p.uuid(),
    mode: p.string().$type<Mode>(),
    chainId: p.string(),
    /** The validated wallet (extended public key, address, ...). */
    value: p.string(),
    /** The adapter's kind, e.g. `p2wpkh`. */
    kind: p.string(),
    nextIndex: p.integer(),
    createdAt: p.datetime(),
  },
});
export type IWallet = InferEntity<typeof Wallet>;
