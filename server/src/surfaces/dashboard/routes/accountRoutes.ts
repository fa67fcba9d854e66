import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountError } from '../../../domain/accounts/AccountError.js';
import { requestPasswordReset, resetPassword } from '../../../domain/accounts/resetPassword.js';
import { signInWithPassword } from '../../../domain/accounts/signInWithPassword.js';
import { signOut } from '../../../domain/accounts/signOut.js';
import { signOutEverywhere } from '../../../domain/accounts/signOutEverywhere.js';
import { resendVerification, signUp } from '../../../domain/accounts/signUp.js';
import { verifyEmail } from '../../../domain/accounts/verifyEmail.js';
import { isLoopbackPeer } from '../../../web/loopbackPeer.js';
import {
  checkInboxPage,
  confirmEmailPage,
  emailRequestPage,
  messagePage,
  newPasswordPage,
  signInPage,
  signUpPage,
} from '../render/accountPages.js';
import { redirectNotice } from '../render/Notice.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { finishSignIn } from './finishSignIn.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type Query = { Querystring: Record<string, string | undefined> };

/** Forms that send mail: at most this many per caller IP address in 15 minutes. */
const MAIL_FORMS_LIMIT = { rateLimit: { max: 20, timeWindow: 15 * 60_000 } };
/** Sign-in and confirmation posts per caller IP address per minute (each costs a password hash). */
const SIGN_IN_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

const text = (value: string | undefined, max = 1024) => (value ?? '').slice(0, max);

/** Sign-up, sign-in and out, email confirmation and password reset. */
export function registerAccountRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, accounts } = rt;
  // The dev mailbox is linked only where it answers: on this machine (see mailboxRoutes).
  const mailboxFor = (request: FastifyRequest) => rt.devMailbox && isLoopbackPeer(request);
  const providers = () => rt.oidc.list().map(({ name, label }) => ({ name, label }));
  const signedInElsewhere = (request: FastifyRequest, reply: FastifyReply) =>
    request.dashboardViewer ? rt.redirect(reply, paths.home) : undefined;

  /** An AccountError about one field, shown at that field; the rest as a notice. */
  const fieldOf = (error: AccountError): string | undefined =>
    error.code === 'INVALID_EMAIL' ? 'email' : error.code === 'WEAK_PASSWORD' ? 'password' : undefined;

  scope.get<Query>('/sign-in', async (request, reply) => {
    const notice = redirectNotice(request.query.notice);
    return (
      signedInElsewhere(request, reply) ??
      rt.send(
        request,
        reply,
        signInPage(
          paths,
          rt.csrf(reply),
          providers(),
          notice ? { notice } : {},
          rt.accounts.passkeys !== undefined,
        ),
      )
    );
  });
  scope.post<Form>('/sign-in', { config: SIGN_IN_LIMIT }, async (request, reply) => {
    const email = text(request.body?.email, 320);
    try {
      const outcome = await signInWithPassword(accounts, {
        email,
        password: text(request.body?.password, 4096),
        ip: request.ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
      });
      return await finishSignIn(rt, request, reply, outcome);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      if (error.retryAfterSeconds) reply.header('retry-after', error.retryAfterSeconds);
      const status = error.code === 'SIGN_IN_THROTTLED' ? 429 : 401;
      return rt.send(
        request,
        reply,
        signInPage(
          paths,
          rt.csrf(reply),
          providers(),
          {
            values: { email },
            notice: { kind: 'error', text: error.message },
            status,
          },
          rt.accounts.passkeys !== undefined,
        ),
      );
    }
  });

  scope.get(
    '/sign-up',
    async (request, reply) =>
      signedInElsewhere(request, reply) ??
      rt.send(request, reply, signUpPage(paths, rt.csrf(reply), providers())),
  );
  scope.post<Form>('/sign-up', { config: MAIL_FORMS_LIMIT }, async (request, reply) => {
    const email = text(request.body?.email, 320);
    try {
      await signUp(accounts, { email, password: text(request.body?.password, 4096) });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const field = fieldOf(error);
      return rt.send(
        request,
        reply,
        signUpPage(paths, rt.csrf(reply), providers(), {
          values: { email },
          ...(field
            ? { errors: { [field]: error.message } }
            : { notice: { kind: 'error', text: error.message } }),
          status: 422,
        }),
      );
    }
    return rt.send(request, reply, checkInboxPage(paths, email.trim(), 'confirm', mailboxFor(request)));
  });

  scope.post('/sign-out', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (viewer) await signOut(accounts, viewer.sessionId);
    rt.clearSession(reply);
    return rt.redirect(reply, paths.signIn, 'signed-out');
  });
  scope.post('/sign-out-everywhere', async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (viewer) await signOutEverywhere(accounts, viewer.userId);
    rt.clearSession(reply);
    return rt.redirect(reply, paths.signIn, 'signed-out-everywhere');
  });

  // Confirmation links open a page whose button POSTs the token: a mail scanner's GET spends nothing.
  scope.get<Query>('/verify-email', async (request, reply) =>
    rt.send(request, reply, confirmEmailPage(paths, rt.csrf(reply), text(request.query.token, 128))),
  );
  scope.post<Form>('/verify-email', { config: SIGN_IN_LIMIT }, async (request, reply) => {
    const token = text(request.body?.token, 128);
    try {
      await verifyEmail(accounts, { token, password: text(request.body?.password, 4096) });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      if (error.code === 'INVALID_CREDENTIALS' || error.code === 'WEAK_PASSWORD') {
        const status = error.code === 'WEAK_PASSWORD' ? 422 : 401;
        const state = { errors: { password: error.message }, status };
        return rt.send(request, reply, confirmEmailPage(paths, rt.csrf(reply), token, state));
      }
      return rt.send(
        request,
        reply,
        messagePage('This link does not work', error.message, 410, {
          href: paths.resendVerification,
          label: 'Send a new link',
        }),
      );
    }
    return rt.redirect(reply, paths.signIn, 'email-verified');
  });

  // Resend confirmation and forgot password: one address in, the same answer whatever it is.
  const emailRequest = (
    path: string,
    what: 'confirm' | 'reset',
    request_: (input: { email: string }) => Promise<void>,
  ) => {
    scope.get(path, async (request, reply) =>
      rt.send(request, reply, emailRequestPage(paths, rt.csrf(reply), what)),
    );
    scope.post<Form>(path, { config: MAIL_FORMS_LIMIT }, async (request, reply) => {
      const email = text(request.body?.email, 320);
      try {
        await request_({ email });
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        const state = { values: { email }, errors: { email: error.message }, status: 422 };
        return rt.send(request, reply, emailRequestPage(paths, rt.csrf(reply), what, state));
      }
      return rt.send(request, reply, checkInboxPage(paths, email.trim(), what, mailboxFor(request)));
    });
  };
  emailRequest('/verify-email/resend', 'confirm', (input) => resendVerification(accounts, input));
  emailRequest('/reset-password', 'reset', (input) => requestPasswordReset(accounts, input));

  scope.get<Query>('/reset-password/confirm', async (request, reply) =>
    rt.send(request, reply, newPasswordPage(paths, rt.csrf(reply), text(request.query.token, 128))),
  );
  scope.post<Form>('/reset-password/confirm', async (request, reply) => {
    const token = text(request.body?.token, 128);
    try {
      await resetPassword(accounts, { token, password: text(request.body?.password, 4096), ip: request.ip });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      if (error.code === 'WEAK_PASSWORD') {
        return rt.send(
          request,
          reply,
          newPasswordPage(paths, rt.csrf(reply), token, {
            errors: { password: error.message },
            status: 422,
          }),
        );
      }
      return rt.send(
        request,
        reply,
        messagePage('This link does not work', error.message, 410, {
          href: paths.resetPassword,
          label: 'Ask for a new link',
        }),
      );
    }
    rt.clearSession(reply);
    return rt.redirect(reply, paths.signIn, 'password-changed');
  });
}
