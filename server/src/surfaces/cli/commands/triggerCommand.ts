import { parseArgs } from 'node:util';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { UsageError } from '../runtime/UsageError.js';
import { formatTriggerResult } from '../trigger/formatTriggerResult.js';
import { runTrigger } from '../trigger/runTrigger.js';
import { TestModeApi, TriggerApiError } from '../trigger/TestModeApi.js';
import { isTriggerEvent, PLANNED_TRIGGER_EVENTS, TRIGGER_EVENTS } from '../trigger/triggerEvents.js';

const known = () =>
  `Known events: ${TRIGGER_EVENTS.join(', ')}. Not yet: ${PLANNED_TRIGGER_EVENTS.join(', ')}.`;

/**
 * `cairn trigger <event>`: produces a webhook event for real in test mode through a running gateway's
 * API (a new payment, then the step that emits the event) and prints the payment, its checkout URL and
 * the events it produced. Test keys only: a live key is refused before any call.
 */
export const triggerCommand: CliCommand = {
  name: 'trigger',
  summary: 'Produce a payment event in test mode through the API and print the payment and its events.',
  usage: '<event> --api-key <pk_test_...> [--base-url <url>] [--token <CHAIN:COIN>]',
  options: [
    `  <event>                  ${TRIGGER_EVENTS.join(', ')}`,
    '  --api-key <pk_test_...>  a test-mode key of the business (live keys are refused)',
    '  --base-url <url>         the gateway (default: its API URL from this configuration, CAIRN_API_BASE_URL)',
    '  --token <CHAIN:COIN>     the option payment.awaiting picks (default ETH_LOCAL:ETH, else the first offered)',
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
    const baseUrl = (values['base-url'] ?? loadConfig().urls.api).replace(/\/+$/, '');
    try {
      const result = await runTrigger(new TestModeApi(baseUrl, apiKey), event, values.token);
      for (const line of formatTriggerResult(result)) console.log(line);
      return 0;
    } catch (error) {
      if (!(error instanceof TriggerApiError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
