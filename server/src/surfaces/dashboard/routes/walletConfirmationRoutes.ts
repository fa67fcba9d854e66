import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { confirmWallet, readWalletToConfirm } from '../../../domain/wallets/confirmWallet.js';
import { WalletConfirmationError } from '../../../domain/wallets/walletConfirmationTokens.js';
import { messagePage } from '../render/accountPages.js';
import { confirmWalletPage, walletConfirmedPage } from '../render/walletConfirmationPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withViewer } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type Query = { Querystring: Record<string, string | undefined> };

/** Confirmation posts per caller IP address per minute. */
const CONFIRM_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

const STATUS: Record<WalletConfirmationError['code'], number> = {
  LINK_INVALID: 404,
  LINK_USED: 410,
  LINK_EXPIRED: 410,
  WALLET_REMOVED: 410,
  OTHER_ACCOUNT: 403,
  ALREADY_CONFIRMED: 409,
};

const token = (value: string | undefined) => (value ?? '').slice(0, 128);

/** The page a signed-out visitor gets: sign in first (nothing about the wallet is shown). */
const signInFirst = (rt: DashboardRuntime, request: FastifyRequest, reply: FastifyReply) =>
  rt.send(
    request,
    reply,
    messagePage(
      'Sign in to confirm the wallet',
      'A wallet is confirmed only by the account its link was mailed to, signed in. Sign in, then open the link in the mail again.',
      401,
      { href: rt.paths.signIn, label: 'Sign in' },
    ),
  );

/** The page of a link that cannot confirm anything for this login, with the reason. */
const refused = (
  rt: DashboardRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  error: WalletConfirmationError,
) =>
  rt.send(
    request,
    reply,
    messagePage('This link does not confirm anything', error.message, STATUS[error.code], {
      href: rt.paths.wallets,
      label: 'Wallets',
    }),
  );

/**
 * The page a live wallet's confirmation link opens, registered signed in or not: the link works only
 * for the login it was mailed to, signed in (docs/security.md), so a signed-out visitor is asked to
 * sign in and open it again, and is told nothing about the wallet. Its button posts to the route of
 * {@link registerWalletConfirmationPost}.
 */
export function registerWalletConfirmationPage(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  // The link opens a page whose button POSTs the token: a mail scanner's GET changes nothing.
  scope.get<Query>('/wallets/confirm', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer) return signInFirst(rt, request, reply);
    const given = token(request.query.token);
    try {
      const wallet = await readWalletToConfirm(gateway, { token: given, userId: viewer.userId });
      return rt.send(
        request,
        reply,
        confirmWalletPage(paths, rt.csrf(reply), given, wallet, gateway.config.CAIRN_LIVE_WALLET_DELAY_HOURS),
      );
    } catch (error) {
      if (!(error instanceof WalletConfirmationError)) throw error;
      return refused(rt, request, reply, error);
    }
  });
}

/**
 * The confirmation itself, in the signed-in scope: it makes a wallet usable, so, as adding one, it asks
 * a session older than ten minutes to confirm it is you first (step-up).
 */
export function registerWalletConfirmationPost(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  scope.post<Form>(
    '/wallets/confirm',
    { config: { ...CONFIRM_LIMIT, stepUp: 'confirm a live wallet' } },
    withViewer<Form>(async (request, reply, viewer) => {
      // A live wallet moves real money: like switching to live, confirming one needs two-factor on
      // (unless the operator does not require it). The link stays unused.
      if (!viewer.mayUseLive) return rt.redirect(reply, paths.security, 'live-needs-two-factor');
      try {
        const confirmed = await confirmWallet(
          gateway,
          { ...rt.actor(request, viewer), userId: viewer.userId },
          token(request.body?.token),
        );
        return rt.send(request, reply, walletConfirmedPage(paths, confirmed, gateway.clock.now()));
      } catch (error) {
        if (!(error instanceof WalletConfirmationError)) throw error;
        return refused(rt, request, reply, error);
      }
    }),
  );
}
