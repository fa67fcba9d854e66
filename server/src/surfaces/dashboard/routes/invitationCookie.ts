import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardRuntime } from './DashboardRuntime.js';

/**
 * The cookie that brings a signed-out visitor of an invitation link back to it after signing in (or
 * signing up, confirming the address and signing in): the link's token, httpOnly, for a day, `__Host-`
 * over https. It only chooses where the sign-in lands; joining still needs the invited address.
 */
const cookieName = (rt: DashboardRuntime) => (isSecure(rt) ? '__Host-cairn_invitation' : 'cairn_invitation');
const isSecure = (rt: DashboardRuntime) => new URL(rt.gateway.config.urls.dashboard).protocol === 'https:';
const options = (rt: DashboardRuntime) =>
  ({ path: '/', httpOnly: true, secure: isSecure(rt), sameSite: 'lax' }) as const;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function setInvitationCookie(rt: DashboardRuntime, reply: FastifyReply, token: string): void {
  if (TOKEN.test(token)) reply.setCookie(cookieName(rt), token, { ...options(rt), maxAge: 86_400 });
}

export function clearInvitationCookie(
  rt: DashboardRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (request.cookies[cookieName(rt)] !== undefined) reply.clearCookie(cookieName(rt), options(rt));
}

/** Where a new sign-in lands: the invitation this browser came from, if any, else the overview. */
export function pathAfterSignIn(rt: DashboardRuntime, request: FastifyRequest): string {
  const token = request.cookies[cookieName(rt)] ?? '';
  return TOKEN.test(token) ? rt.paths.invitation(token) : rt.paths.home;
}
