import { parseArgs } from 'node:util';
import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import { readDeliveryLog } from '../../../domain/webhooks/readDeliveryLog.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { formatDeliveryTable } from '../format/formatDeliveryTable.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { quietLogLevel } from '../runtime/quietLogLevel.js';
import { UsageError } from '../runtime/UsageError.js';
import { withOperatorGateway } from '../runtime/withOperatorGateway.js';

const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed', 'exhausted'];

/** `cairn webhooks:deliveries`: the delivery log, newest first, as a table or (`--json`) every field. */
export const webhooksDeliveriesCommand: CliCommand = {
  name: 'webhooks:deliveries',
  summary: 'Show the webhook delivery log, newest first: a table, or every field with --json.',
  usage:
    '[--key <key id>] [--status pending|delivered|failed|exhausted] [--payment <id>] [--limit N] [--json]',
  options: [
    "  --key <key id>      only the deliveries to this key's endpoint",
    '  --status <status>   only pending, delivered, failed or exhausted ones',
    '  --payment <id>      only the events of this payment',
    '  --limit N           at most N rows, 1 to 1000 (default 50)',
    '  --json              every field (signed body, latest response body, error) as JSON',
  ].join('\n'),
  async run(args, { runtime }) {
    const { values } = parseArgs({
      args,
      options: {
        key: { type: 'string' },
        status: { type: 'string' },
        payment: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    if (values.status !== undefined && !STATUSES.includes(values.status as DeliveryStatus))
      throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new UsageError('--limit must be a whole number from 1 to 1000');
    const config = loadConfig();
    return withOperatorGateway(runtime, { config, logLevel: quietLogLevel(config) }, async ({ gateway }) => {
      const rows = await readDeliveryLog(gateway, {
        ...(values.key ? { apiKeyId: values.key } : {}),
        ...(values.status ? { status: values.status as DeliveryStatus } : {}),
        ...(values.payment ? { paymentId: values.payment } : {}),
        limit,
      });
      if (values.json) console.log(JSON.stringify(rows));
      else console.log(rows.length ? formatDeliveryTable(rows) : 'No deliveries.');
      return 0;
    });
  },
};
