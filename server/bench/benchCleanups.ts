/**
 * A bench's cleanups: everything it starts registers how to undo it (`onCleanup`), and `cleanUp`
 * undoes them once, in reverse order, even after a failure, logging what could not be undone. SIGINT
 * and SIGTERM clean up before the process exits (130).
 */
export function benchCleanups(): {
  onCleanup(label: string, run: () => Promise<unknown> | undefined): void;
  cleanUp(): Promise<void>;
  /** Whether cleaning up has begun (a signal during the run: what fails next is not the bench's fault). */
  cleaningStarted(): boolean;
} {
  const cleanups: { label: string; run: () => Promise<unknown> | undefined }[] = [];
  let cleaning: Promise<void> | undefined;
  // Runs once; a second caller (a signal during the run's own cleanup) waits for the first.
  const cleanUp = (): Promise<void> => {
    cleaning ??= (async () => {
      for (let entry = cleanups.pop(); entry; entry = cleanups.pop()) {
        try {
          await entry.run();
        } catch (error) {
          console.error(`[bench] cleanup of ${entry.label} failed:`, error);
        }
      }
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  return {
    onCleanup: (label, run) => void cleanups.push({ label, run }),
    cleanUp,
    cleaningStarted: () => cleaning !== undefined,
  };
}
