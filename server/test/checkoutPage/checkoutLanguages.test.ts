import { CUSTOMER_LANGUAGES } from '@cairn/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messagesFor } from '../../src/surfaces/checkoutPage/render/messages.js';
import { expectNoSeriousAxeViolations } from '../dashboard/axe.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import {
  chromiumAvailable,
  expectAccessible,
  expectNothingWiderThanViewport,
  launchChromium,
  snap,
  VIEWPORTS,
  type ViewportName,
} from './browser.js';
import { checkoutUrl, createCheckoutPayment, startCheckoutGateway } from './checkoutHelpers.js';

const LIVE = { timeout: 30_000 };
vi.setConfig({ testTimeout: 120_000 });

let test: TestGateway;
beforeAll(async () => {
  test = await startCheckoutGateway();
});
afterAll(async () => {
  await test?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers });
/** The checkout after the customer picked LTC (the pay view). */
async function pickedPayment(): Promise<string> {
  const payment = await createCheckoutPayment(test);
  const picked = await fetch(`${checkoutUrl(test, payment.id)}/select`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'token=LTC_REGTEST%3ALTC',
  });
  expect(picked.status).toBe(303);
  return payment.id;
}

/**
 * The customer's pages in twelve languages: chosen from Accept-Language, changed with the language menu
 * (`?lang=`) and remembered in a cookie, numbers in the language's format, and only the chosen
 * language's words sent (each page with its stylesheet and script within 100 KB).
 */
describe('the checkout in the customer’s language', () => {
  it('follows Accept-Language, with English when nothing fits', async () => {
    const payment = await createCheckoutPayment(test);
    for (const [header, lang] of [
      ['de-CH,de;q=0.9,en;q=0.5', 'de'],
      ['pt', 'pt-BR'],
      ['zh-Hans-SG', 'zh-CN'],
      ['sv', 'en'],
    ] as const) {
      const text = await (await get(checkoutUrl(test, payment.id), { 'accept-language': header })).text();
      expect(text, header).toContain(`<html lang="${lang}" dir="ltr">`);
      expect(text).toContain(messagesFor(lang).pickHeading);
      expect(text).toContain(`<option value="${lang}" lang="${lang}" selected>`);
    }
  });

  it('takes the menu’s choice (?lang=), remembers it in a cookie, and ignores a language it lacks', async () => {
    const payment = await createCheckoutPayment(test);
    const chosen = await get(`${checkoutUrl(test, payment.id)}?lang=ar`, { 'accept-language': 'en' });
    const text = await chosen.text();
    expect(text).toContain('<html lang="ar" dir="rtl">');
    expect(text).toContain(messagesFor('ar').pickHeading);
    const cookie = chosen.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^cairn_lang=ar; Max-Age=31536000; Path=\/checkout; HttpOnly; SameSite=Lax$/);
    // The next page, without ?lang=, stays Arabic; the live-status stream is asked for in it too.
    const next = await (await get(checkoutUrl(test, payment.id), { cookie: 'cairn_lang=ar' })).text();
    expect(next).toContain('<html lang="ar" dir="rtl">');
    expect(next).toContain(`data-events="/checkout/${payment.id}/events?lang=ar"`);
    // An unknown language changes nothing and sets no cookie.
    const unknown = await get(`${checkoutUrl(test, payment.id)}?lang=xx`, { 'accept-language': 'ja' });
    expect(unknown.headers.get('set-cookie')).toBeNull();
    expect(await unknown.text()).toContain('<html lang="ja" dir="ltr">');
    // Message pages (a payment that does not exist) are in the language too.
    const missing = await get(`${test.baseUrl}/checkout/00000000-0000-4000-8000-000000000000`, {
      'accept-language': 'ko',
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(messagesFor('ko').notFoundTitle);
  });

  it('writes amounts in the language’s number format; Copy and the QR keep the exact machine amount', async () => {
    const id = await pickedPayment();
    const german = await (await get(checkoutUrl(test, id), { 'accept-language': 'de' })).text();
    const shown =
      /<code class="value amount" id="pay-amount" data-copy-value="([0-9.]+)"[^>]*>([^<]+)<\/code>/.exec(
        german,
      );
    expect(shown, 'the amount cell').not.toBeNull();
    const [, exact, text] = shown!;
    expect(exact).toMatch(/^\d+\.\d+$/);
    expect(text).toBe(exact!.replace('.', ','));
    expect(german).toContain(messagesFor('de').payHeading);
  });

  it('says why an action was refused in the page’s language (English keeps the API’s precise reason)', async () => {
    const payment = await createCheckoutPayment(test);
    const pickUnknown = (cookie: string) =>
      fetch(`${checkoutUrl(test, payment.id)}/select`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: 'token=LTC_REGTEST%3AXYZ',
      });
    const german = await pickUnknown('cairn_lang=de');
    expect(german.status).toBe(422);
    const page = await german.text();
    expect(page).toContain('<html lang="de" dir="ltr">');
    expect(page).toContain(`<p class="notice" role="alert">${messagesFor('de').noticeNotPossibleNow}</p>`);
    const english = await (await pickUnknown('cairn_lang=en')).text();
    expect(english).toContain('LTC_REGTEST:XYZ is not one of this payment&#39;s options.');
  });

  it('sends only the chosen language: every language’s page is within 100 KB with its assets', async () => {
    const id = await pickedPayment();
    const weights: string[] = [];
    for (const lang of CUSTOMER_LANGUAGES) {
      const text = await (await get(`${checkoutUrl(test, id)}?lang=${lang}`)).text();
      expect(text).toContain(`<html lang="${lang}"`);
      expect(text).toContain(messagesFor(lang).payHeading);
      for (const other of CUSTOMER_LANGUAGES) {
        const heading = messagesFor(other).payHeading;
        if (other !== lang && heading !== messagesFor(lang).payHeading) expect(text).not.toContain(heading);
      }
      const assets = [...text.matchAll(/(?:href|src)="(\/checkout\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      let total = Buffer.byteLength(text);
      for (const path of assets)
        total += (await (await fetch(`${test.baseUrl}${path}`)).arrayBuffer()).byteLength;
      weights.push(`${lang} ${total}`);
      expect(total).toBeLessThanOrEqual(100 * 1024);
    }
    console.info(`LTC pay page weight by language (bytes, HTML + CSS + JS): ${weights.join(', ')}`);
  });
});

describe.runIf(chromiumAvailable())('the checkout in the customer’s language, in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function check(page: Page, state: string, viewport: ViewportName): Promise<void> {
    await expectNoSeriousAxeViolations(page, `${state} (${viewport})`);
    await expectAccessible(page);
    await expectNothingWiderThanViewport(page, `${state} (${viewport})`);
    await snap(page, `language-${state}`, viewport);
  }

  /** Where a heading's text sits in its section: `start` flush with its left edge, `end` with its right. */
  const sideOf = (page: Page, selector: string) =>
    page.locator(selector).evaluate((heading) => {
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = range.getBoundingClientRect();
      const box = (heading.parentElement as HTMLElement).getBoundingClientRect();
      return text.left - box.left < box.right - text.right ? 'left' : 'right';
    });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`Arabic at ${viewport} width is mirrored, addresses and amounts still read left to right`, async () => {
      const id = await pickedPayment();
      const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: 'ar-EG' });
      const page = await context.newPage();
      await page.goto(checkoutUrl(test, id));
      await page.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);
      expect(await page.evaluate(() => [document.documentElement.lang, document.dir])).toEqual(['ar', 'rtl']);
      expect(await sideOf(page, '#status-heading')).toBe('right');
      for (const selector of ['#pay-address', '#pay-amount']) {
        expect(await page.locator(selector).evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
      }
      await check(page, 'ar-pay', viewport);
      // The same page in English reads from the left.
      await page.goto(`${checkoutUrl(test, id)}?lang=en`);
      await page.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);
      expect(await sideOf(page, '#status-heading')).toBe('left');
      await context.close();
    });

    it(`the language menu at ${viewport} width changes the page and is remembered`, async () => {
      const payment = await createCheckoutPayment(test);
      const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: 'en-US' });
      const page = await context.newPage();
      await page.goto(checkoutUrl(test, payment.id));
      await page.getByLabel('Language').selectOption('ja');
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByRole('heading', { name: messagesFor('ja').pickHeading }).waitFor(LIVE);
      await check(page, 'ja-picker', viewport);
      await page.goto(checkoutUrl(test, payment.id));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
      await page.getByRole('button', { name: messagesFor('ja').pickContinue }).click();
      await page.locator('#status-heading[data-status="awaiting_payment"]').waitFor(LIVE);
      await check(page, 'ja-pay', viewport);
      await context.close();
    });
  }
});
