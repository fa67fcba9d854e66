import { parseArgs } from 'node:util';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { UsageError } from '../runtime/UsageError.js';
import { devChainWallet } from '../trigger/devChainWallet.js';
import { formatTriggerResult } from '../trigger/formatTriggerResult.js';
import { runTrigger } from '../trigger/runTrigger.js';
import { TestModeApi } from '../trigger/TestModeApi.js';
import { TriggerError } from '../trigger/TriggerError.js';
import { isTriggerEvent, PAYING_TRIGGER_EVENTS, TRIGGER_EVENTS } from '../trigger/triggerEvents.js';

/** The events for --help, four a line. */
const eventLines = [0, 4, 8].map((from) => TRIGGER_EVENTS.slice(from, from + 4).join(', '));

const known = () => `Known events: ${TRIGGER_EVENTS.join(', ')}.`;

/**
 * `cairn trigger <event>`: produces a webhook event for real in test mode through a running gateway's
 * API (a new payment, then the step that emits the event) and prints the payment, its checkout URL and
 * the events it produced. Test keys only: a live key is refused before any call. The paying events
 * (PAYING_TRIGGER_EVENTS: detected, confirming, confirmed, underpaid, overpaid, the refund events and
 * invoice.paid) pay on the local dev chain that the configuration's data directory records, with its
 * test wallet; payment.refunded also sends the refund there.
 */
export const triggerCommand: CliCommand = {
  name: 'trigger',
  summary:
    'Produce a payment or invoice event in test mode through the API and print the payment and its events.',
  usage: '<event> --api-key <pk_test_...> [--base-url <url>] [--token <CHAIN:COIN>]',
  options: [
    `  <event>                  ${eventLines.join(',\n                           ')}`,
    '  --api-key <pk_test_...>  a test-mode key of the business (live keys are refused)',
    '  --base-url <url>         the gateway (default: its API URL from this configuration, CAIRN_API_BASE_URL)',
    '  --token <CHAIN:COIN>     the option to pick (default ETH_LOCAL:ETH, else the first offered)',
  ].join('\n'),
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'api-key': { type: 'string' },
        'base-url': { type: 'string' },
        token: { type: 'string' },
      },
    });
    const [event, ...rest] = positionals;
    if (event === undefined || rest.length > 0) throw new UsageError(`trigger needs one event. ${known()}`);
    if (!isTriggerEvent(event)) throw new UsageError(`Unknown event "${event}". ${known()}`);
    const apiKey = values['api-key'] ?? '';
    if (apiKey.startsWith('pk_live_')) {
      throw new UsageError('trigger works in test mode only: pass a pk_test_ key, never a pk_live_ one.');
    }
    if (!apiKey.startsWith('pk_test_')) throw new UsageError('trigger needs --api-key <pk_test_...>');
    const config =
      values['base-url'] === undefined || PAYING_TRIGGER_EVENTS.has(event) ? loadConfig() : undefined;
    const baseUrl = (values['base-url'] ?? config!.urls.api).replace(/\/+$/, '');
    const wallet = config && PAYING_TRIGGER_EVENTS.has(event) ? devChainWallet(config.dataDir) : undefined;
    if (PAYING_TRIGGER_EVENTS.has(event) && !wallet) {
      console.error(
        `${event} pays on the local dev chain, and ${config!.dataDir} (CAIRN_DATA_DIR) records none: run trigger with the CAIRN_DATA_DIR of a gateway that \`cairn start\` runs with its dev chain.`,
      );
      return 1;
    }
    try {
      const result = await runTrigger(new TestModeApi(baseUrl, apiKey), event, {
        ...(values.token === undefined ? {} : { token: values.token }),
        ...(wallet === undefined ? {} : { wallet }),
      });
      for (const line of formatTriggerResult(result)) console.log(line);
      return 0;
    } catch (error) {
      if (!(error instanceof TriggerError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
