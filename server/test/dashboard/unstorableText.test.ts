import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/domain/accounts/dashboardSessions.js';
import { Business } from '../../src/platform/db/entities/index.js';
import { escapeHtml } from '../../src/web/html.js';
import { clientFor } from '../api/apiHelpers.js';
import { postForm } from '../checkoutPage/checkoutHelpers.js';
import { DashboardClient } from './DashboardClient.js';
import { type DashboardTestGateway, startDashboardGateway } from './dashboardTestGateway.js';

// Text PostgreSQL cannot store (a NUL) in a dashboard or checkout form or query is refused as the
// API refuses it (422, the same message), before it reaches the database; a database error that does
// happen is logged without the values of its statement.

const NUL = '\u0000';
const PASSWORD = 'correct horse battery staple';
const message = (field: string) =>
  `The request is invalid: ${field}: must not contain NUL characters or unpaired surrogates.`;

let gw: DashboardTestGateway;
let signedIn: DashboardClient;

beforeAll(async () => {
  gw = await startDashboardGateway({});
  const gateway = gw.running.gateway;
  const em = gateway.orm.em.fork();
  const business = await em.findOneOrFail(Business, { id: gw.businessId });
  const { token } = await createSession(em, gateway.clock, {
    userId: business.userId,
    lifetime: { absoluteMs: 86_400_000, idleMs: 86_400_000 },
  });
  signedIn = new DashboardClient(gw.baseUrl);
  signedIn.cookies.set('cairn_session', token);
}, 120_000);
afterAll(async () => {
  await gw?.stop();
});

/** The 422 page with the API's message for `field`, and nothing logged as a failure. */
function expectRefused(response: { status: number; body: string }, field: string) {
  expect(response.status).toBe(422);
  expect(response.body).toContain(escapeHtml(message(field)));
}

describe('a NUL in a dashboard form', () => {
  it.each([
    [
      'sign-up',
      '/dashboard/sign-up',
      '/dashboard/sign-up',
      { email: `ada${NUL}@shop.test`, password: PASSWORD },
      'email',
    ],
    [
      'sign-in',
      '/dashboard/sign-in',
      '/dashboard/sign-in',
      { email: `ada${NUL}@shop.test`, password: PASSWORD },
      'email',
    ],
    [
      'sign-in password',
      '/dashboard/sign-in',
      '/dashboard/sign-in',
      { email: 'ada@shop.test', password: `pw${NUL}` },
      'password',
    ],
    [
      'password reset',
      '/dashboard/reset-password',
      '/dashboard/reset-password',
      { email: `ada${NUL}@shop.test` },
      'email',
    ],
    [
      'resend confirmation',
      '/dashboard/verify-email/resend',
      '/dashboard/verify-email/resend',
      { email: `ada${NUL}@shop.test` },
      'email',
    ],
  ])('signed out, %s: 422 with the API’s message', async (_name, page, action, form, field) => {
    const before = gw.logLines.length;
    const client = new DashboardClient(gw.baseUrl);
    expectRefused(await client.submit(page, action, form), field);
    // Refused, not failed: no error or database outage in the log.
    const logged = gw.logLines.slice(before).join('\n');
    expect(logged).not.toContain('"level":50');
    expect(logged).not.toContain('database unavailable');
  });

  it('signed in, the new invoice form: 422 with the API’s message', async () => {
    const refused = await signedIn.submit('/dashboard/invoices/new', '/dashboard/invoices', {
      recipient_email: 'bob@shop.test',
      fiat_currency: 'EUR',
      due_date: '2026-12-01',
      memo: `Thanks${NUL}`,
      line_0_description: 'Consulting',
      line_0_quantity: '1',
      line_0_unit_price: '100.00',
    });
    expectRefused(refused, 'memo');
  });

  it('signed in, the new payment link form: 422 with the API’s message', async () => {
    const refused = await signedIn.submit('/dashboard/links', '/dashboard/links', {
      fiat_amount: '25.00',
      fiat_currency: 'USD',
      description: `Ticket${NUL}`,
    });
    expectRefused(refused, 'description');
    // A NUL in a field's name is refused too.
    expectRefused(await signedIn.post('/dashboard/links', { [`x${NUL}`]: '1' }), 'x\\u0000');
  });

  it('in a list’s query (the payments search): 422 instead of a failed query', async () => {
    const refused = await signedIn.get('/dashboard/payments?q=%00');
    expectRefused(refused, 'q');
    expect((await signedIn.get('/dashboard/payments?q=abc')).status).toBe(200);
  });
});

describe('a NUL in a checkout form or query', () => {
  it('is refused with 422', async () => {
    const link = await clientFor(gw.baseUrl, gw.apiKey).post('/payment-links', {
      fiat_amount: '25.00',
      fiat_currency: 'USD',
    });
    expect(link.status, link.text).toBe(201);
    const pay = await postForm(`${gw.baseUrl}/checkout/links/${link.body.data.id}/pay`, { visit: NUL });
    expect(pay.status).toBe(422);
    const page = await fetch(`${gw.baseUrl}/checkout/links/${link.body.data.id}?x=%00`);
    expect(page.status).toBe(422);
  });
});

describe('a database error in the log', () => {
  it('keeps its SQLSTATE and the statement’s shape, not the values bound to it', async () => {
    const gateway = gw.running.gateway;
    const email = 'grace.hopper@shop.test';
    const keyHash = createHash('sha256').update('pk_test_secret').digest('hex');
    // A NUL that reaches PostgreSQL in a statement knex inlines: 08P01, its message the statement.
    const error = await gateway.orm.em
      .fork()
      .getConnection()
      .execute('select id from api_keys where key_hash = ? and label = ?', [keyHash, `${email}${NUL}`])
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect((error as { code?: string }).code).toBe('08P01');
    expect(String((error as Error).message)).toContain(keyHash);
    const before = gw.logLines.length;
    // As every surface's error handler and the workers log it.
    gw.running.app.log.error({ err: error }, 'request failed');
    const [line] = gw.logLines.slice(before);
    expect(line).toBeDefined();
    expect(line).not.toContain(keyHash);
    expect(line).not.toContain(email);
    const logged = JSON.parse(line!) as { err: { code: string; message: string } };
    expect(logged.err.code).toBe('08P01');
    expect(logged.err.message).toBe(
      'select id from api_keys where key_hash = ? and label = ? - invalid message format',
    );
  });
});
