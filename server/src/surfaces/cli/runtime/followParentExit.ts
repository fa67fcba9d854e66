/**
 * Calls `onExit` once the process that started this one has gone (this process is re-parented).
 * `pnpm start` runs the gateway as a child of pnpm, and pnpm does not pass SIGTERM on: a supervisor
 * that stops pnpm would leave the gateway running. Checked every second; the timer never keeps the
 * process alive.
 */
export function followParentExit(onExit: () => void): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onExit();
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
