import { afterAll, beforeAll } from 'vitest';

/**
 * Starts a scenario in `beforeAll` and stops it in `afterAll` (call inside a `describe`), so that the
 * suites and the family tests of one file share one node. The returned getter is valid inside tests.
 */
export function useScenario<S extends { stop(): Promise<void> }>(
  start: () => Promise<S>,
  timeoutMs = 120_000,
): () => S {
  let scenario: S | undefined;
  beforeAll(async () => {
    scenario = await start();
  }, timeoutMs);
  afterAll(async () => {
    await scenario?.stop();
  });
  return () => {
    if (!scenario) throw new Error('the scenario is not started (use it inside a test)');
    return scenario;
  };
}
