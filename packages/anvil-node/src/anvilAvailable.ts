import { locateAnvil } from './locateAnvil.js';

/**
 * Whether the anvil suites can run. A missing binary skips them with a loud message locally and
 * fails the run under `CI=true` (docs/operating/testing.md): call at module level and pass the result to
 * `describe.runIf`.
 */
export function anvilAvailable(suite: string): boolean {
  if (locateAnvil()) return true;
  const message =
    `anvil is not installed: the "${suite}" suite needs a real anvil node. ` +
    'Run pnpm install (the binary comes in the optional @foundry-rs/anvil-<platform> package; never install with --omit=optional) or set ANVIL to its path.';
  if (process.env.CI === 'true') throw new Error(`${message} Failing because CI=true.`);
  const bar = '!'.repeat(100);
  console.warn(`\n${bar}\nSKIPPED: ${message}\n${bar}\n`);
  return false;
}
