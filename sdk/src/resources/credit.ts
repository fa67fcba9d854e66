import type { ExportFormat } from '@cairn/contract';
import type { OpenStream } from '../openStream.js';
import type { RequestOptions } from '../request.js';

/** Format and creation range of `cairn.credit.exportLedger`. */
export interface ExportCreditLedgerParams {
  /** `csv` (RFC 4180, UTF-8, a header row; the default) or `jsonl` (JSON Lines, one object per entry). */
  readonly format?: ExportFormat | undefined;
  /** Only entries created at or after this time. */
  readonly created_gte?: Date | string | undefined;
  /** Only entries created before this time. */
  readonly created_lt?: Date | string | undefined;
}

/** `cairn.credit`: the Prepaid Credit ledger of the key's business, in the key's mode. */
export interface CreditResource {
  /**
   * Exports the Prepaid Credit ledger of the key's mode (a test key never sees live entries, and the
   * other way round), newest first, as one file, streamed: `format: 'csv'` (the default) or
   * `format: 'jsonl'`. The columns: id, created_at, kind, mode, amount_usd (a signed exact decimal,
   * negative for a fee), currency (`USD`), payment_id. Resolves with a web `ReadableStream` of bytes.
   *
   * @example
   * ```ts
   * import { Cairn } from '@cairn/sdk';
   *
   * const cairn = new Cairn({ apiKey: process.env.CAIRN_API_KEY! });
   * const file = await cairn.credit.exportLedger({ created_gte: '2026-11-01T00:00:00Z' });
   * console.log(await new Response(file).text());
   * ```
   */
  exportLedger(
    params?: ExportCreditLedgerParams,
    options?: RequestOptions,
  ): Promise<ReadableStream<Uint8Array>>;
}

/** Builds `cairn.credit` on top of a stream opener. */
export function createCreditResource(open: OpenStream): CreditResource {
  const time = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);
  return {
    exportLedger: (params = {}, options) =>
      open(
        'exportCreditLedger',
        {
          query: {
            format: params.format,
            created_gte: time(params.created_gte),
            created_lt: time(params.created_lt),
          },
        },
        options,
      ),
  };
}
