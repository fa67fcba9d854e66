import type { Mode } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreditEntryKind } from '../../platform/db/entities/index.js';
import { readKeysetPage } from '../../platform/db/readKeysetPage.js';

/** Entries per page unless told. */
export const CREDIT_LEDGER_PAGE_DEFAULT = 50;
/** The most entries one page holds; a larger `limit` is lowered to this. */
export const CREDIT_LEDGER_PAGE_MAX = 200;

/** One Prepaid Credit ledger entry as listed. */
export interface CreditLedgerLine {
  readonly id: string;
  readonly kind: CreditEntryKind;
  /** Signed US dollars, a decimal string (as stored: negative for a fee). */
  readonly amountUsd: string;
  readonly paymentId: string | null;
  readonly createdAt: Date;
}

/** A page of the ledger, newest first. */
export interface CreditLedgerPage {
  readonly entries: readonly CreditLedgerLine[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly next: string | null;
}

export interface ListCreditLedgerInput {
  readonly businessId: string;
  readonly mode: Mode;
  /**
   * The id of the last entry of the previous page (its `next`): this page holds the entries strictly
   * older in (created_at, id). An id that is not an entry of this business and mode gives an empty
   * page; a string that is no id at all is a RangeError.
   */
  readonly before?: string;
  /** 1 to {@link CREDIT_LEDGER_PAGE_MAX}; default {@link CREDIT_LEDGER_PAGE_DEFAULT}. */
  readonly limit?: number;
}

interface Row {
  id: string;
  kind: CreditEntryKind;
  amount_usd: string;
  payment_id: string | null;
  created_at: string | Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = 'id, kind, amount_usd::text as amount_usd, payment_id, created_at';

/**
 * A business's Prepaid Credit ledger in one mode, newest first, in keyset pages on
 * (created_at desc, id desc) through `credit_ledger_list_idx`, so a page costs the same at any depth
 * and new entries appended meanwhile never shift the pages after the first. The cursor is an entry's
 * id: the statement reads that entry's own (created_at, id) to compare with, so the timestamp (stored
 * to the microsecond, as an `adjustment` made with `now()` has it) never passes through a JS Date,
 * which would cut it to the millisecond and skip or repeat entries at a page boundary. Entries that
 * share a created_at (appended at one clock reading, or in one transaction with `now()`) are ordered
 * by id.
 *
 * @example
 * ```ts
 * const first = await listCreditLedger(em, { businessId, mode: 'live' });
 * const second = first.next ? await listCreditLedger(em, { businessId, mode: 'live', before: first.next }) : null;
 * ```
 */
export async function listCreditLedger(
  em: EntityManager,
  input: ListCreditLedgerInput,
): Promise<CreditLedgerPage> {
  const limit = input.limit ?? CREDIT_LEDGER_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`listCreditLedger: limit must be a whole number of at least 1, not ${limit}`);
  }
  const size = Math.min(limit, CREDIT_LEDGER_PAGE_MAX);
  const { businessId, mode, before } = input;
  if (before !== undefined && !UUID.test(before)) {
    throw new RangeError(`listCreditLedger: before must be a ledger entry's id, not "${before}"`);
  }
  const page = await readKeysetPage<Row>(em, {
    select: `select ${COLUMNS} from credit_ledger`,
    where: ['business_id = ?', 'mode = ?'],
    params: [businessId, mode],
    key: [{ column: 'created_at' }, { column: 'id' }],
    after:
      before === undefined
        ? undefined
        : {
            sql: 'select created_at, id from credit_ledger where id = ?::uuid and business_id = ? and mode = ?',
            params: [before, businessId, mode],
            whenMissing: 'empty',
          },
    limit: size,
  });
  const entries = page.rows.map(
    (row): CreditLedgerLine => ({
      id: row.id,
      kind: row.kind,
      amountUsd: row.amount_usd,
      paymentId: row.payment_id,
      createdAt: new Date(row.created_at),
    }),
  );
  return { entries, next: page.hasMore ? entries.at(-1)!.id : null };
}
