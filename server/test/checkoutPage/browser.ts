import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium (`apt-get install chromium`); a downloaded browser cannot be fetched here. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether the browser suites can run. Without Chromium they are skipped with a loud message, except
 * under CI=true, where a missing browser is a failure (the caller asserts it).
 */
export function chromiumAvailable(): boolean {
  const present = existsSync(CHROMIUM);
  if (!present) {
    const message = `${CHROMIUM} is missing: the checkout browser tests are SKIPPED (apt-get install chromium)`;
    if (process.env.CI === 'true') throw new Error(`${message}; CI=true requires it`);
    console.warn(`\n*** ${message} ***\n`);
  }
  return present;
}

/** Launches headless Chromium (no sandbox: the tests run as root). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
}

/** The two widths every state is captured at. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Where a suite's screenshots go: `screenshots/latest/` beside `moduleUrl` (ignored by git) on every
 * run, or the committed reference set in `screenshots/` when UPDATE_SCREENSHOTS=1.
 */
export function screenshotDirFor(moduleUrl: string): string {
  return fileURLToPath(
    new URL(process.env.UPDATE_SCREENSHOTS === '1' ? './screenshots/' : './screenshots/latest/', moduleUrl),
  );
}

/** The checkout's screenshots (see {@link screenshotDirFor}). */
export const SCREENSHOT_DIR = screenshotDirFor(import.meta.url);

/** Saves a full-page screenshot as `<state>-<desktop|phone>.png` (in the checkout's folder by default). */
export async function snap(
  page: Page,
  state: string,
  viewport: ViewportName,
  dir = SCREENSHOT_DIR,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${state}-${viewport}.png`, fullPage: true });
}

/**
 * Records every request a page makes and every console error (a CSP violation is one): the checkout
 * must not talk to any host but the gateway.
 */
export function watchPage(page: Page): { requests: string[]; errors: string[] } {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) requests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { requests, errors };
}

/** Asserts that every recorded request went to one of `origins`. */
export function expectOnlyOrigins(requests: readonly string[], origins: readonly string[]): void {
  const foreign = requests.filter((url) => !origins.some((origin) => url.startsWith(`${origin}/`)));
  expect(foreign, 'requests to another host').toEqual([]);
}

/**
 * A simple in-browser accessibility check: every visible form control has an accessible name, every
 * image a text alternative (or alt="" beside the text of the control it is in), a live region announces status changes, and visible text has a contrast
 * of at least 4.5:1 (3:1 for large text) against its background.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    const nameOf = (element: HTMLElement): string => {
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy) {
        return labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      }
      const aria = element.getAttribute('aria-label');
      if (aria) return aria.trim();
      const labels = (element as HTMLInputElement).labels;
      if (labels && labels.length > 0)
        return Array.from(labels)
          .map((l) => l.textContent ?? '')
          .join(' ')
          .trim();
      if (element.tagName === 'BUTTON' || element.tagName === 'A') return (element.textContent ?? '').trim();
      return '';
    };
    const controls = document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href]');
    for (const element of Array.from(controls)) {
      if (element.getAttribute('type') === 'hidden' || !visible(element)) continue;
      if (nameOf(element) === '') found.push(`no accessible name: ${element.outerHTML.slice(0, 120)}`);
    }
    for (const image of Array.from(document.querySelectorAll('img'))) {
      // alt="" marks a decorative image, allowed only inside a control its text names (a wallet's icon
      // beside the wallet's name).
      const alt = image.getAttribute('alt');
      const namedByText = (image.closest('label, button, a')?.textContent ?? '').trim() !== '';
      if (!alt && !(alt === '' && namedByText))
        found.push(`image without alt: ${image.outerHTML.slice(0, 120)}`);
    }
    // Pages with live status (the checkout itself) must announce changes.
    if (document.body.dataset.events && !document.querySelector('[aria-live="polite"][role="status"]')) {
      found.push('no live region');
    }
    const parse = (color: string): [number, number, number, number] => {
      const match = color.match(/rgba?\(([^)]+)\)/);
      if (!match) return [0, 0, 0, 0];
      const parts = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: [number, number, number, number]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const backgroundOf = (element: Element | null): [number, number, number, number] => {
      for (let node = element; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color[3] > 0.99) return color;
      }
      return [255, 255, 255, 1];
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || !visible(element) || element.closest('.sr-only')) continue;
      const style = getComputedStyle(element);
      const fg = luminance(parse(style.color));
      const bg = luminance(backgroundOf(element));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) found.push(`contrast ${ratio.toFixed(2)} for "${text.slice(0, 40)}"`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** A stand-in for the merchant's shop: success_url and cancel_url land here. */
export async function startMerchantSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>Shop</title><h1>Shop page ${request.url?.split('?')[0] ?? ''}</h1></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens `url` in a fresh context of the given viewport (JavaScript on unless told). */
export async function openPage(
  browser: Browser,
  url: string,
  viewport: ViewportName,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], ...options });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/**
 * Asserts that nothing on the page is wider than the viewport: the page does not scroll sideways and
 * no visible element reaches past either edge (the off-screen skip link and screen-reader-only text
 * excepted). Fails on an address or amount that overflows a phone.
 */
export async function expectNothingWiderThanViewport(page: Page, what: string): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width} px`);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.closest('.skip, .sr-only, [hidden]')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className}: ${Math.round(box.left)}..${Math.round(box.right)} of ${width} px`,
        );
    }
    return found;
  });
  expect(overflowing, `wider than the viewport on ${what}`).toEqual([]);
}
