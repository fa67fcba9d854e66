import type { Clock } from '../../../platform/runtime/clock.js';
import { FollowRefusedError, followGatewayEvents } from './followGatewayEvents.js';
import { forwardEvent } from './forwardEvent.js';
import { matchesEventPattern } from './matchesEventPattern.js';

export interface ListenOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly forwardTo: string;
  /** `--events`: names and globs, comma-separated (default: every event). */
  readonly events?: string | undefined;
  /** The local signing secret (`whsec_...`) the forwarded events are signed with. */
  readonly secret: string;
  readonly signal: AbortSignal;
  readonly clock: Clock;
  readonly print: (line: string) => void;
  readonly printError: (line: string) => void;
}

/**
 * `cairn listen`'s loop: follows the gateway's events from now, forwards each matching one signed with
 * the local secret, and prints one line per event (time, type, id, the target's status and time).
 * Resolves with the exit code: 0 when stopped by `signal`, 1 when the gateway refuses the key.
 */
export async function runListen(options: ListenOptions): Promise<number> {
  const events = followGatewayEvents({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    signal: options.signal,
    onDisconnected: (reason, retryInMs) =>
      options.printError(`Lost the gateway at ${options.baseUrl} (${reason}); retrying in ${retryInMs} ms.`),
    onReconnected: () => options.printError('Reconnected; resuming after the last event seen.'),
  });
  try {
    for await (const event of events) {
      if (!matchesEventPattern(options.events, event.event)) continue;
      const outcome = await forwardEvent(options.forwardTo, options.secret, event, () => options.clock.now());
      const answer = outcome.status === 0 ? `no answer (${outcome.error})` : String(outcome.status);
      options.print(
        `${options.clock.now().toISOString()}  ${event.event.padEnd(26)} ${event.id}  -> ${answer} in ${outcome.ms} ms`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof FollowRefusedError)) throw error;
    options.printError(`The gateway refused to follow events (${error.status}): ${error.message}`);
    return 1;
  }
}
