import type { FastifyInstance } from 'fastify';
import { AccountError } from '../../../domain/accounts/AccountError.js';
import {
  confirmIdentity,
  isFreshlyAuthenticated,
  readStepUpNeeds,
} from '../../../domain/accounts/confirmIdentity.js';
import { stepUpPage } from '../render/stepUpPage.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A change that moves money or grants access, as the step-up page names it ("add a wallet"): the
     * route runs only for a session that proved who it is in the last ten minutes, or after the
     * person confirms it in place.
     */
    stepUp?: string;
  }
}

type FormBody = Record<string, string | undefined> | undefined;
const STEP_UP_FIELDS = new Set(['_csrf', 'step_up', 'step_up_password', 'step_up_code', 'step_up_passkey']);

/**
 * Adds the step-up check to a signed-in scope: a POST to a route with `config.stepUp` from a session
 * authenticated more than ten minutes ago gets the "Confirm it's you" page instead, carrying the form's
 * fields; its answer, posted to the same route, is checked here and, when right, the route runs with
 * the original fields. A fifth wrong answer ends the session.
 */
export function requireStepUp(scope: FastifyInstance, rt: DashboardRuntime): void {
  scope.addHook('preHandler', async (request, reply) => {
    const what = request.routeOptions.config.stepUp;
    const viewer = request.dashboardViewer;
    if (!what || !viewer || request.method !== 'POST') return;
    if (isFreshlyAuthenticated(viewer.authenticatedAt, rt.gateway.clock.now())) return;
    const body = (request.body ?? {}) as FormBody & object;
    const fields = Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [string, string] => !STEP_UP_FIELDS.has(entry[0]) && typeof entry[1] === 'string',
      ),
    );
    let error: string | undefined;
    if (body.step_up === '1') {
      try {
        await confirmIdentity(rt.accounts, {
          sessionId: viewer.sessionId,
          userId: viewer.userId,
          password: (body.step_up_password ?? '').slice(0, 4096),
          code: (body.step_up_code ?? '').slice(0, 64),
          passkey: body.step_up_passkey ?? '',
        });
        request.body = fields;
        return;
      } catch (caught) {
        if (!(caught instanceof AccountError)) throw caught;
        if (caught.code === 'STEP_UP_LOCKED') {
          rt.clearSession(reply);
          return rt.redirect(reply, rt.paths.signIn, 'session-ended');
        }
        error = caught.message;
      }
    }
    const needs = await readStepUpNeeds(rt.accounts, viewer.userId);
    const page = stepUpPage(rt.paths, rt.csrf(reply), {
      what,
      action: request.url,
      fields,
      needs: { ...needs, passkey: needs.passkey && rt.accounts.passkeys !== undefined },
      ...(error ? { error } : {}),
    });
    return rt.send(request, reply, page);
  });
}
