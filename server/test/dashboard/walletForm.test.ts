import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/runtime/clock.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';
import type { DashboardClient } from './DashboardClient.js';
import { signedInDashboard } from './strayFundsHelpers.js';

// The add-wallet form over HTTP (no browser): it starts on a chain this gateway watches, marks the
// chains nothing watches, and still changes chain without JavaScript (Choose, in <noscript>).

let test: TestGateway;
let dash: DashboardClient;
const clock = new ManualClock('2026-10-05T09:00:00Z');

beforeAll(async () => {
  // BTC_TESTNET has no node and is not marked watched elsewhere: nothing watches it. The two
  // Litecoin test chains are marked watched elsewhere by the harness.
  test = await startTestGateway({ clock, env: { CAIRN_CHAIN_BTC_TESTNET_WATCHED_ELSEWHERE: 'false' } });
  dash = await signedInDashboard(test);
});
afterAll(async () => {
  await test?.stop();
});

const selected = (html: string) => /<option value="([A-Z_]+)"[^>]* selected>/.exec(html)?.[1];

describe('the add-wallet form', () => {
  it('starts on a chain the gateway watches, never the unwatched BTC_TESTNET, and marks that one', async () => {
    expect(test.running.gateway.chainAvailability.isOffered('BTC_TESTNET')).toBe(false);
    const page = await dash.get('/dashboard/wallets/new');
    expect(page.status).toBe(200);
    const picked = selected(page.body);
    expect(picked).toMatch(/^LTC_(TESTNET|REGTEST)$/);
    expect(test.running.gateway.chainAvailability.isOffered(picked!)).toBe(true);
    expect(page.body).toContain(`name="chain_id" value="${picked}"`);
    expect(page.body).toMatch(
      /<option value="BTC_TESTNET"[^>]*>[^<]*\(not watched by this gateway\)<\/option>/,
    );
    expect(page.body).not.toMatch(/<option value="LTC_TESTNET"[^>]*>[^<]*not watched/);
    expect(page.body).not.toMatch(/<option value="LTC_REGTEST"[^>]*>[^<]*not watched/);
    // Test mode offers test chains only.
    expect(page.body).not.toContain('<option value="BTC"');
    expect(page.body).toContain('id="chain-unwatched" hidden');
  });

  it('without JavaScript, Choose (kept in <noscript>) opens the form for the chain asked for, saying nothing watches it', async () => {
    const page = await dash.get('/dashboard/wallets/new?chain=BTC_TESTNET');
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      '<noscript><button type="submit" class="secondary">Choose</button></noscript>',
    );
    expect(selected(page.body)).toBe('BTC_TESTNET');
    expect(page.body).toContain('name="chain_id" value="BTC_TESTNET"');
    expect(page.body).toContain('<p class="hint" id="chain-unwatched">');
    // The script that makes the list drive the fields is on the page.
    expect(page.body).toMatch(/<script[^>]+src="[^"]*dashboard[^"]*\.js"/);
  });
});
