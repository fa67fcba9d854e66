import { constants } from 'node:os';

/**
 * Handles SIGINT, SIGTERM and SIGHUP (a closed terminal) for the rest of the process. Until a handler
 * is set (`cairn start` sets its orderly shutdown once the gateway runs), and for the other commands,
 * the process exits at once, and the exit hook of the embedded PostgreSQL it may have started stops
 * that server too (it runs in its own process group, so a terminal's signals do not reach it).
 * Returns the function that sets the handler.
 */
export function catchStopSignals(): (handler: (signal: string) => void) => void {
  let onStopSignal: ((signal: string) => void) | undefined;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () =>
      onStopSignal ? onStopSignal(signal) : process.exit(128 + constants.signals[signal]),
    );
  return (handler) => {
    onStopSignal = handler;
  };
}
