import { streamCreditLedgerExport } from '../credit/streamCreditLedgerExport.js';
import type { Gateway } from '../gateway/Gateway.js';
import { type ApiHandlers, authOf } from './ApiHandlers.js';
import { setExportHeaders } from './setExportHeaders.js';

/** Prepaid Credit: the ledger's export, in the key's mode. */
export function createCreditHandlers(gateway: Gateway): Pick<ApiHandlers, 'exportCreditLedger'> {
  return {
    exportCreditLedger: async ({ query, request, reply }) => {
      const auth = authOf(request);
      const format = query.format ?? 'csv';
      const body = await streamCreditLedgerExport(
        gateway,
        auth,
        {
          createdFrom: query.created_gte === undefined ? undefined : new Date(query.created_gte),
          createdBefore: query.created_lt === undefined ? undefined : new Date(query.created_lt),
        },
        format,
      );
      setExportHeaders(reply, 'credit-ledger', auth.mode, gateway.clock.now(), format);
      return { status: 200 as const, body };
    },
  };
}
