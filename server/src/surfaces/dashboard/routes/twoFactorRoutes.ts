import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { AccountError } from '../../../domain/accounts/AccountError.js';
import { completeSecondFactor } from '../../../domain/accounts/completeSecondFactor.js';
import { readStepUpNeeds } from '../../../domain/accounts/confirmIdentity.js';
import { confirmTotpEnrolment } from '../../../domain/accounts/confirmTotpEnrolment.js';
import { disableTwoFactor } from '../../../domain/accounts/disableTwoFactor.js';
import { endOtherSessions } from '../../../domain/accounts/endOtherSessions.js';
import { findSecondFactorChallenge } from '../../../domain/accounts/findSecondFactorChallenge.js';
import { listSessions } from '../../../domain/accounts/listSessions.js';
import { readTwoFactorStatus } from '../../../domain/accounts/readTwoFactorStatus.js';
import { regenerateRecoveryCodes } from '../../../domain/accounts/regenerateRecoveryCodes.js';
import { signOut } from '../../../domain/accounts/signOut.js';
import {
  readTotpEnrolment,
  startTotpEnrolment,
  type TotpEnrolment,
} from '../../../domain/accounts/startTotpEnrolment.js';
import type { FormState } from '../render/accountPages.js';
import { recoveryCodesPage, secondFactorPage, securityPage, totpSetupPage } from '../render/securityPages.js';
import type { Viewer } from '../render/Viewer.js';
import { alertOriginOf } from './alertOriginOf.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { pathAfterSignIn } from './invitationCookie.js';
import { clearSecondFactorCookie, readSecondFactorCookie } from './secondFactorCookie.js';
import { withViewer } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };

/** Code posts per caller IP address per minute, as for passwords (a challenge itself allows five tries). */
const CODE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

const code = (body: Form['Body']) => (body?.code ?? '').slice(0, 64);

/** The QR code of a set-up's `otpauth://` URI, inline (never cached or served under a URL). */
const qrDataUri = async (enrolment: TotpEnrolment) =>
  `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(enrolment.uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
  ).toString('base64')}`;

/** The status of a refused change to two-factor: a wrong answer 401, a change that does not apply 409. */
const statusOf = (error: AccountError) =>
  error.code === 'STEP_UP_FAILED'
    ? 401
    : ['TWO_FACTOR_OFF', 'TWO_FACTOR_ALREADY_ON', 'TWO_FACTOR_NOT_STARTED'].includes(error.code)
      ? 409
      : 422;

/** The second step of signing in, for a login with two-factor on (signed out). */
export function registerSecondFactorRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, accounts } = rt;
  /** Which second factors the sign-in's login can answer with (a passkey only where passkeys work). */
  const factorsOf = async (userId: string) => {
    const needs = await readStepUpNeeds(accounts, userId);
    return { app: needs.app, passkey: needs.passkey && accounts.passkeys !== undefined };
  };
  scope.get('/sign-in/two-factor', async (request, reply) => {
    const challenge = await findSecondFactorChallenge(accounts, readSecondFactorCookie(rt, request));
    if (!challenge) return rt.redirect(reply, paths.signIn);
    const factors = await factorsOf(challenge.userId);
    return rt.send(request, reply, secondFactorPage(paths, rt.csrf(reply), {}, factors));
  });
  scope.post<Form>('/sign-in/two-factor', { config: CODE_LIMIT }, async (request, reply) => {
    try {
      const { token } = await completeSecondFactor(accounts, {
        challenge: readSecondFactorCookie(rt, request),
        code: code(request.body),
        passkey: request.body?.passkey ?? '',
      });
      clearSecondFactorCookie(rt, reply);
      if (request.dashboardViewer) await signOut(accounts, request.dashboardViewer.sessionId);
      rt.startSession(reply, token);
      return rt.redirect(reply, pathAfterSignIn(rt, request));
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      if (error.code === 'SECOND_FACTOR_EXPIRED') {
        clearSecondFactorCookie(rt, reply);
        return rt.redirect(reply, paths.signIn, 'second-factor-expired');
      }
      const state = { errors: { code: error.message }, status: 401 };
      const challenge = await findSecondFactorChallenge(accounts, readSecondFactorCookie(rt, request));
      const factors = challenge ? await factorsOf(challenge.userId) : undefined;
      return rt.send(request, reply, secondFactorPage(paths, rt.csrf(reply), state, factors));
    }
  });
}

/** The security page: turning two-factor sign-in on and off, recovery codes (any signed-in viewer). */
export function registerSecurityRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, accounts } = rt;
  const login = (viewer: Viewer) => ({ userId: viewer.userId, email: viewer.email });
  const showSecurity = async (
    request: Parameters<typeof rt.send>[0],
    reply: Parameters<typeof rt.send>[1],
    viewer: Viewer,
    state: FormState = {},
  ) => {
    const status = await readTwoFactorStatus(accounts, viewer.userId);
    const sessions = await listSessions(accounts, {
      userId: viewer.userId,
      currentSessionId: viewer.sessionId,
    });
    const page = securityPage(
      paths,
      rt.csrf(reply),
      viewer,
      status,
      sessions,
      state,
      accounts.passkeys !== undefined,
    );
    return rt.send(request, reply, page);
  };
  const identity = (viewer: Viewer, body: Form['Body']) => ({
    sessionId: viewer.sessionId,
    userId: viewer.userId,
    password: (body?.password ?? '').slice(0, 4096),
    code: code(body),
    passkey: body?.passkey ?? '',
  });
  const refused = (error: unknown, form: string): FormState => {
    if (!(error instanceof AccountError)) throw error;
    return { values: { form }, errors: { code: error.message }, status: statusOf(error) };
  };
  /** A change to two-factor refused: the form again, or sign-in when too many wrong answers ended the session. */
  const refuse = async (
    request: Parameters<typeof rt.send>[0],
    reply: Parameters<typeof rt.send>[1],
    viewer: Viewer,
    error: unknown,
    form: string,
  ) => {
    if (error instanceof AccountError && error.code === 'STEP_UP_LOCKED') {
      rt.clearSession(reply);
      return rt.redirect(reply, paths.signIn, 'session-ended');
    }
    return showSecurity(request, reply, viewer, refused(error, form));
  };

  scope.get(
    '/account/security',
    withViewer(async (request, reply, viewer) => showSecurity(request, reply, viewer)),
  );
  scope.post(
    '/account/two-factor/setup',
    // Turning two-factor on changes how the login signs in: a stolen session must not do it.
    { config: { stepUp: 'turn on two-factor sign-in' } },
    withViewer(async (request, reply, viewer) => {
      let enrolment: TotpEnrolment;
      try {
        enrolment = await startTotpEnrolment(accounts, login(viewer));
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        return showSecurity(request, reply, viewer, {
          notice: { kind: 'error', text: error.message },
          status: 409,
        });
      }
      const page = totpSetupPage(paths, rt.csrf(reply), enrolment, await qrDataUri(enrolment));
      return rt.send(request, reply, page);
    }),
  );
  scope.post<Form>(
    '/account/two-factor/confirm',
    { config: { ...CODE_LIMIT, stepUp: 'turn on two-factor sign-in' } },
    withViewer<Form>(async (request, reply, viewer) => {
      try {
        const codes = await confirmTotpEnrolment(
          accounts,
          viewer.userId,
          code(request.body),
          alertOriginOf(request),
        );
        // Passkeys had turned two-factor on already: the app joins them, the recovery codes stay.
        if (codes.length === 0) return rt.redirect(reply, paths.security, 'app-on');
        // Two-factor is on from now: a browser signed in before with the password alone is signed out.
        await endOtherSessions(accounts, { userId: viewer.userId, currentSessionId: viewer.sessionId });
        return rt.send(request, reply, recoveryCodesPage(paths, codes, true));
      } catch (error) {
        const state = refused(error, 'setup');
        const enrolment = await readTotpEnrolment(accounts, login(viewer));
        if (!enrolment)
          return showSecurity(request, reply, viewer, {
            notice: { kind: 'error', text: state.errors!.code! },
            status: 409,
          });
        const page = totpSetupPage(paths, rt.csrf(reply), enrolment, await qrDataUri(enrolment), state);
        return rt.send(request, reply, page);
      }
    }),
  );
  scope.post<Form>(
    '/account/two-factor/recovery-codes',
    { config: CODE_LIMIT },
    withViewer<Form>(async (request, reply, viewer) => {
      try {
        const codes = await regenerateRecoveryCodes(accounts, {
          ...identity(viewer, request.body),
          from: alertOriginOf(request),
        });
        return rt.send(request, reply, recoveryCodesPage(paths, codes, false));
      } catch (error) {
        return refuse(request, reply, viewer, error, 'codes');
      }
    }),
  );
  scope.post<Form>(
    '/account/two-factor/disable',
    { config: CODE_LIMIT },
    withViewer<Form>(async (request, reply, viewer) => {
      try {
        await disableTwoFactor(accounts, {
          ...identity(viewer, request.body),
          from: alertOriginOf(request),
        });
      } catch (error) {
        return refuse(request, reply, viewer, error, 'off');
      }
      return rt.redirect(reply, paths.security, 'two-factor-off');
    }),
  );

  // Signing other browsers out takes access away: it needs no step-up.
  scope.post<{ Params: { id: string } }>(
    '/account/sessions/:id/end',
    withViewer<{ Params: { id: string } }>(async (request, reply, viewer) => {
      const ended = /^[0-9a-f-]{36}$/.test(request.params.id)
        ? await endOtherSessions(accounts, {
            userId: viewer.userId,
            currentSessionId: viewer.sessionId,
            sessionId: request.params.id,
          })
        : 0;
      return rt.redirect(reply, paths.security, ended > 0 ? 'session-signed-out' : undefined);
    }),
  );
  scope.post(
    '/account/sessions/end-others',
    withViewer(async (_request, reply, viewer) => {
      await endOtherSessions(accounts, { userId: viewer.userId, currentSessionId: viewer.sessionId });
      return rt.redirect(reply, paths.security, 'other-sessions-signed-out');
    }),
  );
}
