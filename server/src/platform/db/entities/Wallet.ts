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
    /** EVM and TRON: the forwarder factory's on-chain state (`pending`, `active`, `failed`); null elsewhere. */
    onboardingStatus: p.string().$type<'pending' | 'active' | 'failed'>().nullable(),
    /** EVM and TRON: the merchant's forwarder factory address. */
    onboardingAddress: p.string().nullable(),
    /** EVM and TRON: the factory's deployment transaction, when the gas wallet sent it. */
    onboardingTx: p.string().nullable(),
    /** TRON: the probe forwarder's deployment, which proves the factory's addresses on-chain. */
    onboardingProbeTx: p.string().nullable(),
    /** Why onboarding failed (retried, unless it says otherwise). */
    onboardingError: p.string().nullable(),
    onboardingUpdatedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    /** When the business's owner confirmed it from the mailed link; null while pending (live mode only). */
    confirmedAt: p.datetime().nullable(),
    /** From when payments may use it (confirmation plus the operator's delay); null while pending. */
    usableFrom: p.datetime().nullable(),
    /** When the merchant removed it: no new payment uses it; earlier payments keep it. */
    removedAt: p.datetime().nullable(),
  },
});
export type IWallet = InferEntity<typeof Wallet>;
