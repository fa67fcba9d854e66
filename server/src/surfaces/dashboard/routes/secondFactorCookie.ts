import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHALLENGE_TTL_MS } from '../../../domain/accounts/secondFactorChallenges.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

/**
 * The cookie that carries a sign-in's second-factor challenge between the password (or the provider's
 * callback) and the code: httpOnly, for the challenge's five minutes, `__Host-` over https.
 */
const cookieName = (rt: DashboardRuntime) => (isSecure(rt) ? '__Host-cairn_2fa' : 'cairn_2fa');
const isSecure = (rt: DashboardRuntime) => new URL(rt.gateway.config.urls.dashboard).protocol === 'https:';
const options = (rt: DashboardRuntime) =>
  ({ path: '/', httpOnly: true, secure: isSecure(rt), sameSite: 'lax' }) as const;

export function setSecondFactorCookie(rt: DashboardRuntime, reply: FastifyReply, challenge: string): void {
  reply.setCookie(cookieName(rt), challenge, { ...options(rt), maxAge: CHALLENGE_TTL_MS / 1000 });
}

export function readSecondFactorCookie(rt: DashboardRuntime, request: FastifyRequest): string {
  return request.cookies[cookieName(rt)] ?? '';
}

export function clearSecondFactorCookie(rt: DashboardRuntime, reply: FastifyReply): void {
  reply.clearCookie(cookieName(rt), options(rt));
}
