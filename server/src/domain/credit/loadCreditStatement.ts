import type { Mode } from '@cairn/contract';
import type { Gateway } from '../gateway/Gateway.js';
import { type CreditOutlook, loadCreditOutlook } from './creditOutlook.js';
import { type CreditLedgerLine, listCreditLedger } from './listCreditLedger.js';

/** What the Prepaid Credit page shows: both reserves and a page of one mode's ledger. */
export interface CreditStatement {
  /** The test reserve, then the live one. */
  readonly reserves: readonly CreditOutlook[];
  /** The ledger of the asked mode, newest first. */
  readonly lines: readonly CreditLedgerLine[];
  /** The cursor of the next (older) page, or null on the last. */
  readonly next: string | null;
}

/**
 * A business's Prepaid Credit: the outlook of both reserves and a keyset page of one mode's ledger
 * ({@link listCreditLedger}), the page after the entry `before` when given.
 */
export async function loadCreditStatement(
  gateway: Gateway,
  input: {
    readonly businessId: string;
    readonly mode: Mode;
    readonly before?: string;
    readonly limit: number;
  },
): Promise<CreditStatement> {
  const now = gateway.clock.now();
  const reserves = [
    await loadCreditOutlook(gateway.orm, input.businessId, 'test', now),
    await loadCreditOutlook(gateway.orm, input.businessId, 'live', now),
  ];
  const page = await listCreditLedger(gateway.orm.em.fork(), input);
  return { reserves, lines: page.entries, next: page.next };
}
