import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInOutcome } from '../../../domain/accounts/finishFirstFactor.js';
import { signOut } from '../../../domain/accounts/signOut.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { pathAfterSignIn } from './invitationCookie.js';
import { setSecondFactorCookie } from './secondFactorCookie.js';

/**
 * After a right password or a third-party sign-in: either the session starts (the browser's previous
 * one, if any, ends) and the overview (or the invitation this browser came from) opens, or the browser
 * keeps the challenge in a short-lived cookie and is asked for its second factor.
 */
export async function finishSignIn(
  rt: DashboardRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
): Promise<FastifyReply> {
  if (outcome.kind === 'second_factor') {
    setSecondFactorCookie(rt, reply, outcome.challenge);
    return rt.redirect(reply, rt.paths.signInSecondFactor);
  }
  // A new session each sign-in; the one this browser had before (if any) ends.
  if (request.dashboardViewer) await signOut(rt.accounts, request.dashboardViewer.sessionId);
  rt.startSession(reply, outcome.token);
  return rt.redirect(reply, pathAfterSignIn(rt, request));
}
