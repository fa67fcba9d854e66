import type { FastifyInstance, FastifyReply } from 'fastify';
import { AccountError } from '../../../domain/accounts/AccountError.js';
import { isFreshlyAuthenticated } from '../../../domain/accounts/confirmIdentity.js';
import { endOtherSessions } from '../../../domain/accounts/endOtherSessions.js';
import { findSecondFactorChallenge } from '../../../domain/accounts/findSecondFactorChallenge.js';
import { finishPasskeyRegistration } from '../../../domain/accounts/finishPasskeyRegistration.js';
import type { PasskeyPurpose } from '../../../domain/accounts/passkeyChallenges.js';
import { removePasskey } from '../../../domain/accounts/removePasskey.js';
import { signInHashOf } from '../../../domain/accounts/secondFactorChallenges.js';
import { signInWithPasskey } from '../../../domain/accounts/signInWithPasskey.js';
import { signOut } from '../../../domain/accounts/signOut.js';
import { startPasskeyAssertion } from '../../../domain/accounts/startPasskeyAssertion.js';
import { startPasskeyRegistration } from '../../../domain/accounts/startPasskeyRegistration.js';
import { signInPage } from '../render/accountPages.js';
import { addPasskeyPage } from '../render/passkeyPages.js';
import { recoveryCodesPage } from '../render/securityPages.js';
import { alertOriginOf } from './alertOriginOf.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { pathAfterSignIn } from './invitationCookie.js';
import { readSecondFactorCookie } from './secondFactorCookie.js';
import { withViewer } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };

/** Passkey posts per caller IP address per minute (each answer is one signature: nothing to guess). */
const PASSKEY_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

const PURPOSES = new Set<PasskeyPurpose>(['register', 'sign_in', 'second_factor', 'step_up']);

const refuse = (reply: FastifyReply, status: number, error: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ error });

/**
 * Passkey ceremonies that work signed out or in: the options a browser needs for one (JSON, for the
 * dashboard's `passkeys.js`), and signing in with a passkey instead of a password.
 */
export function registerPasskeyCeremonyRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, accounts } = rt;

  scope.post<Form>('/passkeys/options', { config: PASSKEY_LIMIT }, async (request, reply) => {
    const purpose = request.body?.purpose as PasskeyPurpose | undefined;
    if (!purpose || !PURPOSES.has(purpose)) return refuse(reply, 422, 'Unknown passkey request.');
    const viewer = request.dashboardViewer;
    try {
      if (purpose === 'sign_in') {
        return { options: await startPasskeyAssertion(accounts, { purpose }) };
      }
      if (purpose === 'second_factor') {
        const token = readSecondFactorCookie(rt, request);
        const challenge = await findSecondFactorChallenge(accounts, token);
        if (!challenge) return refuse(reply, 401, 'This sign-in has expired. Sign in again.');
        // Bound to this pending sign-in: its answer completes no other sign-in of the login.
        const binding = { userId: challenge.userId, signInHash: signInHashOf(token) };
        return { options: await startPasskeyAssertion(accounts, { purpose, ...binding }) };
      }
      if (!viewer) return refuse(reply, 401, 'Your sign-in has ended. Sign in again.');
      if (purpose === 'step_up') {
        const binding = { userId: viewer.userId, sessionId: viewer.sessionId };
        return { options: await startPasskeyAssertion(accounts, { purpose, ...binding }) };
      }
      // Registering is reached through a step-up (the "Add a passkey" button), and must stay within it.
      if (!isFreshlyAuthenticated(viewer.authenticatedAt, rt.gateway.clock.now())) {
        return refuse(reply, 401, 'Confirm it’s you first: open Security and press “Add a passkey” again.');
      }
      return {
        options: await startPasskeyRegistration(accounts, {
          userId: viewer.userId,
          email: viewer.email,
          sessionId: viewer.sessionId,
        }),
      };
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return refuse(reply, 409, error.message);
    }
  });

  scope.post<Form>('/sign-in/passkey', { config: PASSKEY_LIMIT }, async (request, reply) => {
    try {
      const { token } = await signInWithPasskey(accounts, {
        answer: request.body?.passkey ?? '',
        ip: request.ip,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
      });
      // A new session; the one this browser had before (if any) ends.
      if (request.dashboardViewer) await signOut(accounts, request.dashboardViewer.sessionId);
      rt.startSession(reply, token);
      return rt.redirect(reply, pathAfterSignIn(rt, request));
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const page = signInPage(
        paths,
        rt.csrf(reply),
        rt.oidc.list().map(({ name, label }) => ({ name, label })),
        { notice: { kind: 'error', text: error.message }, status: 401 },
        accounts.passkeys !== undefined,
      );
      return rt.send(request, reply, page);
    }
  });
}

/** The signed-in viewer's passkeys: add one (after a step-up), remove one (after a step-up). */
export function registerPasskeyRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, accounts } = rt;

  scope.post(
    '/account/passkeys/new',
    { config: { stepUp: 'add a passkey' } },
    withViewer(async (request, reply) =>
      rt.send(request, reply, addPasskeyPage(paths, rt.csrf(reply), accounts.passkeys)),
    ),
  );

  scope.post<Form>(
    '/account/passkeys',
    { config: { ...PASSKEY_LIMIT, stepUp: 'add a passkey' } },
    withViewer<Form>(async (request, reply, viewer) => {
      const name = (request.body?.name ?? '').slice(0, 200);
      try {
        const added = await finishPasskeyRegistration(accounts, {
          userId: viewer.userId,
          sessionId: viewer.sessionId,
          answer: request.body?.passkey ?? '',
          name,
          from: alertOriginOf(request),
        });
        if (added.recoveryCodes) {
          // Two-factor is on from now: a browser signed in before with the password alone is signed out.
          await endOtherSessions(accounts, { userId: viewer.userId, currentSessionId: viewer.sessionId });
          return rt.send(request, reply, recoveryCodesPage(paths, added.recoveryCodes, true));
        }
        return rt.redirect(reply, paths.security, 'passkey-added');
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        const state = {
          values: { name },
          notice: { kind: 'error', text: error.message },
          status: 422,
        } as const;
        return rt.send(request, reply, addPasskeyPage(paths, rt.csrf(reply), accounts.passkeys, state));
      }
    }),
  );

  scope.post<{ Params: { id: string } }>(
    '/account/passkeys/:id/remove',
    { config: { stepUp: 'remove a passkey' } },
    withViewer<{ Params: { id: string } }>(async (request, reply, viewer) => {
      try {
        const removed = await removePasskey(accounts, {
          userId: viewer.userId,
          passkeyId: request.params.id,
          from: alertOriginOf(request),
        });
        return rt.redirect(
          reply,
          paths.security,
          removed.twoFactorOff ? 'passkey-removed-two-factor-off' : 'passkey-removed',
        );
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        return rt.redirect(reply, paths.security);
      }
    }),
  );
}
