import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectOnlyOrigins, snap, type ViewportName, type watchPage } from '../checkoutPage/browser.js';
import { expectNoSeriousAxeViolations } from './axe.js';

/**
 * Checks a dashboard page as every browser test does: no serious or critical axe-core violation, no
 * request to a host but `origins`, no console error (a refused form's 4xx load excepted), then saves
 * its screenshot as `<state>-<viewport>.png` in `dir`.
 */
export async function checkDashboardPage(
  page: Page,
  watch: ReturnType<typeof watchPage>,
  input: { state: string; viewport: ViewportName; origins: readonly string[]; dir: string },
): Promise<void> {
  await expectNoSeriousAxeViolations(page, `${input.state} (${input.viewport})`);
  expectOnlyOrigins(watch.requests, input.origins);
  // A refused form's 4xx is logged by the browser as a failed load: expected; anything else is not.
  const errors = watch.errors.filter(
    (e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e),
  );
  expect(errors, `console errors on ${input.state}`).toEqual([]);
  await snap(page, input.state, input.viewport, input.dir);
}
