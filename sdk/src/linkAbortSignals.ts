/** A signal that follows several others, and a way to stop following them. */
export interface LinkedAbortSignal {
  readonly signal: AbortSignal;
  /** Removes the listeners added to the source signals. */
  unlink(): void;
}

/**
 * Returns a signal that aborts (with the same reason) as soon as any of `signals` aborts. Works on
 * runtimes without `AbortSignal.any`. Call `unlink()` when done so long-lived signals do not collect
 * listeners.
 */
export function linkAbortSignals(signals: readonly (AbortSignal | undefined)[]): LinkedAbortSignal {
  const controller = new AbortController();
  const sources = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const unlink = () => {
    for (const source of sources) source.removeEventListener('abort', onAbort);
  };
  const onAbort = (event: Event) => {
    unlink();
    controller.abort((event.target as AbortSignal).reason);
  };
  for (const source of sources) {
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    source.addEventListener('abort', onAbort);
  }
  if (controller.signal.aborted) unlink();
  return { signal: controller.signal, unlink };
}
