import { describe, expect, it } from 'vitest';
import type { LatestPayment } from '../../../domain/overview/listLatestPayments.js';
import { type OverviewFacts, overviewPage } from './businessPages.js';
import { dashboardPaths } from './dashboardPaths.js';
import type { Viewer } from './Viewer.js';

const paths = dashboardPaths('/dashboard');
const business = { id: 'b1', name: 'Tea & Cake', role: 'owner' as const };
const viewer = {
  sessionId: 's',
  userId: 'u',
  email: 'owner@shop.test',
  businesses: [business],
  business,
  mode: 'test',
  authenticatedAt: new Date('2026-05-30T10:00:00Z'),
  mayUseLive: true,
} as unknown as Viewer;

function facts(latest: readonly LatestPayment[]): OverviewFacts {
  return {
    mode: 'test',
    apiBaseUrl: 'http://localhost:3811',
    wallets: 1,
    activeKeys: 1,
    webhookEndpoints: 1,
    home: {
      attention: [],
      attentionCounts: {},
      failingEndpoints: [],
      failedWallets: [],
      unconfirmedWallets: [],
      credit: { state: 'ok', mode: 'test', balanceUsd: '20', recentFeesUsd: '0' },
      today: [],
    },
    volume: { mode: 'test', from: '2026-05-01', to: '2026-05-30', byCurrency: [], byCoin: [] },
    latest,
  } as unknown as OverviewFacts;
}

describe('the home page', () => {
  it('lists the latest payments in a table labelled for phones, each linked to its page', () => {
    const id = '0b7f6a8e-1111-4222-8333-944445555666';
    const main = overviewPage(
      paths,
      viewer,
      facts([
        {
          id,
          status: 'confirmed',
          fiat_amount: '49.9',
          fiat_currency: 'USD',
          order_id: 'order-42',
          created_at: new Date('2026-05-30T09:08:07Z'),
        },
      ]),
    ).main.toString();
    expect(main).toContain('<h2 id="latest-heading">Latest payments (test mode)</h2>');
    expect(main).toContain('<td data-label="Created">2026-05-30 09:08:07 UTC</td>');
    expect(main).toContain('<td data-label="Status"><span class="pay-status confirmed"');
    expect(main).toContain('<td class="num" data-label="Amount">$49.90</td>');
    expect(main).toContain('<td data-label="Order">order-42</td>');
    expect(main).toContain(`<td data-label="Payment"><a href="/dashboard/payments/${id}">0b7f6a8e</a></td>`);
    // The charts' section is there too, empty.
    expect(main).toContain('No payment confirmed from 2026-05-01 to 2026-05-30 (UTC)');
  });

  it('says there is no payment yet rather than an empty table', () => {
    const main = overviewPage(paths, viewer, facts([])).main.toString();
    expect(main).toContain('No payment yet.');
    expect(main).not.toContain('data-label="Created"');
  });
});
