import type { Mode } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export type CreditEntryKind = 'grant' | 'fee' | 'fee_reversal' | 'top_up' | 'adjustment';

/** One append-only Prepaid Credit entry (a database trigger forbids update and delete). */
export const CreditLedgerEntry = defineEntity({
  name: 'CreditLedgerEntry',
  tableName: 'credit_ledger',
  properties: {
    id: p.uuid().primary(),
    businessId: p.uuid(),
    mode: p.string().$type<Mode>(),
    kind: p.string().$type<CreditEntryKind>(),
    /** Signed amount in US dollars: positive adds credit, negative deducts. */
    amountUsd: p.decimal('string'),
    paymentId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});
export type ICreditLedgerEntry = InferEntity<typeof CreditLedgerEntry>;
