import type { Page } from 'playwright-core';

/**
 * Opens the dashboard's navigation where it is a collapsed "Menu" (phones); on wide screens the
 * sidebar is always shown and this does nothing. The menu holds the links, the business switcher
 * and Sign out.
 */
export async function openDashboardMenu(page: Page): Promise<void> {
  const summary = page.locator('details.menu > summary');
  if (!(await summary.isVisible())) return;
  if ((await page.locator('details.menu').getAttribute('open')) !== null) return;
  await summary.click();
}
