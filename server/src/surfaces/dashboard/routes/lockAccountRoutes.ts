import type { FastifyInstance } from 'fastify';
import { AccountError } from '../../../domain/accounts/AccountError.js';
import { lockAccount } from '../../../domain/accounts/lockAccount.js';
import { messagePage } from '../render/accountPages.js';
import { accountLockedPage, lockAccountPage } from '../render/lockAccountPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type Query = { Querystring: Record<string, string | undefined> };

/** Lock posts per caller IP address per minute. */
const LOCK_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };

/**
 * A security alert's "this was not me" link: the page (GET changes nothing, so a mail scanner opening
 * the link locks nothing) and its button, which locks the login (`lockAccount`). Signed in or out.
 */
export function registerLockAccountRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, accounts } = rt;
  scope.get<Query>('/lock-account', async (request, reply) =>
    rt.send(
      request,
      reply,
      lockAccountPage(paths, rt.csrf(reply), (request.query.token ?? '').slice(0, 128)),
    ),
  );
  scope.post<Form>('/lock-account', { config: LOCK_LIMIT }, async (request, reply) => {
    const token = (request.body?.token ?? '').slice(0, 128);
    let locked: { email: string };
    try {
      locked = await lockAccount(accounts, { token, ip: request.ip });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const text =
        error.code === 'LINK_USED'
          ? 'This link has already been used: the account was locked with it, or with a later alert’s link. Choose a new password to sign in again.'
          : error.message.replace('Ask for a new one.', 'A newer security alert carries a new one.');
      return rt.send(
        request,
        reply,
        messagePage('This link does not work', text, 410, {
          href: paths.resetPassword,
          label: 'Choose a new password',
        }),
      );
    }
    // Signed out now (this browser too): the page is drawn as for a signed-out visitor.
    rt.clearSession(reply);
    request.dashboardViewer = undefined;
    return rt.send(request, reply, accountLockedPage(paths, locked.email));
  });
}
