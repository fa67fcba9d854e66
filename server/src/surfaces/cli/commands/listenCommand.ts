import { parseArgs } from 'node:util';
import { generateWebhookSecret } from '../../../domain/webhooks/generateWebhookSecret.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { systemClock } from '../../../platform/runtime/clock.js';
import { runListen } from '../listen/runListen.js';
import type { CliCommand } from '../runtime/CliCommand.js';
import { UsageError } from '../runtime/UsageError.js';

/**
 * `cairn listen --forward-to <url>`: follows a gateway's events with an API key (the events API's
 * follow mode) and forwards each, signed with a local secret printed at start, to a local URL, as
 * webhooks would arrive; one line per event. Live keys only with `--live`. Ctrl-C stops it.
 */
export const listenCommand: CliCommand = {
  name: 'listen',
  summary: 'Forward a gateway’s events, signed with a local secret, to a local URL as they happen.',
  usage:
    '--forward-to <url> --api-key <pk_test_...> [--events NAME|payment.*,...] [--base-url <url>] [--live]',
  options: [
    '  --forward-to <url>       where to POST each event (e.g. http://localhost:4242/webhooks)',
    "  --api-key <pk_test_...>  a key of the business (its mode's events are followed; default CAIRN_API_KEY)",
    '  --events <names>         event names or globs, comma-separated (payment.*, invoice.paid; default all)',
    '  --base-url <url>         the gateway (default: its API URL from this configuration, CAIRN_API_BASE_URL)',
    "  --live                   allow a pk_live_ key (real payments' events go to the forward target)",
  ].join('\n'),
  async run(args, { onStopSignal }) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'forward-to': { type: 'string' },
        'api-key': { type: 'string' },
        events: { type: 'string' },
        'base-url': { type: 'string' },
        live: { type: 'boolean' },
      },
    });
    if (positionals.length > 0) throw new UsageError(`listen takes no argument "${positionals[0]}".`);
    const forwardTo = values['forward-to'];
    if (
      forwardTo === undefined ||
      !URL.canParse(forwardTo) ||
      !/^https?:$/.test(new URL(forwardTo).protocol)
    ) {
      throw new UsageError('listen needs --forward-to <http(s) URL>, e.g. http://localhost:4242/webhooks');
    }
    const apiKey = values['api-key'] ?? process.env.CAIRN_API_KEY ?? '';
    if (apiKey.startsWith('pk_live_') && !values.live) {
      console.error(
        'Refusing a live key: pass --live to forward real payments’ events, or use a pk_test_ key.',
      );
      return 1;
    }
    if (!/^pk_(test|live)_/.test(apiKey)) throw new UsageError('listen needs --api-key <pk_test_...>');
    const baseUrl = (values['base-url'] ?? loadConfig().urls.api).replace(/\/+$/, '');
    const secret = generateWebhookSecret();
    const stop = new AbortController();
    onStopSignal(() => stop.abort());
    console.log(`Forwarding ${apiKey.slice(0, 8)} events from ${baseUrl} to ${forwardTo}`);
    console.log(`Signing secret: ${secret}  (verify with it; new each run)`);
    console.log('Ready; press Ctrl-C to stop.');
    const code = await runListen({
      baseUrl,
      apiKey,
      forwardTo,
      events: values.events,
      secret,
      signal: stop.signal,
      clock: systemClock,
      print: (line) => console.log(line),
      printError: (line) => console.error(line),
    });
    if (stop.signal.aborted) console.log('Stopped.');
    return code;
  },
};
