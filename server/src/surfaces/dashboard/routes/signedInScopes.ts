import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { isPermission, type Permission, roleMay, roleName } from '../../../domain/members/roles.js';
import { messagePage } from '../render/accountPages.js';
import type { BusinessViewer, Viewer } from '../render/Viewer.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { requireStepUp } from './requireStepUp.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a route of the signed-in scopes answers a request without a signed-in viewer with a business:
     * `json` is a bare 401 (a page's script polls it); by default, a redirect to sign-in or onboarding.
     */
    dashboardRefusal?: 'json';
    /**
     * What a route of the business scope lets its viewer do or see, a row of docs/roles.md: a viewer
     * whose role lacks it is refused (403). Every route of the business scope names one.
     */
    permission?: Permission;
  }
  interface FastifyInstance {
    /** Every route of the business scope with the permission it declares (what the role tests walk). */
    dashboardBusinessRoutes: readonly BusinessRoute[];
  }
}

/** A route of the business scope, as the role tests walk it. */
export interface BusinessRoute {
  readonly method: string;
  readonly url: string;
  readonly permission: string | undefined;
}

/** Route groups of the signed-in scopes: routes for any signed-in viewer, and those needing a business. */
export interface SignedInRoutes {
  /** Routes that need a signed-in viewer, with or without a business (onboarding, switching). */
  readonly viewer?: (scope: FastifyInstance) => void;
  /** Routes that need a signed-in viewer with a selected business (every page of a business). */
  readonly business: (scope: FastifyInstance) => void;
}

const refuseAsJson = (request: FastifyRequest, reply: FastifyReply) =>
  request.routeOptions.config.dashboardRefusal === 'json'
    ? reply.status(401).header('cache-control', 'no-store').send({})
    : undefined;

/**
 * Registers the dashboard's signed-in routes in two nested scopes, each with one pre-handler: the
 * outer one sends a signed-out request to the sign-in page, the inner one sends a viewer without a
 * business yet to the first business's form. Their handlers read the viewer with {@link withViewer}
 * and {@link withBusiness}. The pre-handlers run after the CSRF check of the enclosing scope. A route
 * of the business scope runs only for a role that has its `config.permission` (docs/roles.md), checked
 * before anything else the route asks; routes marked `config.stepUp` also need a fresh authentication
 * (`requireStepUp`). A route of the business scope that names no permission (or an unknown one) fails
 * at start-up.
 */
export async function registerSignedInScopes(
  scope: FastifyInstance,
  rt: DashboardRuntime,
  routes: SignedInRoutes,
  /** Filled with every route of the business scope and its permission. */
  businessRoutes: BusinessRoute[] = [],
): Promise<void> {
  await scope.register(async (signedIn) => {
    signedIn.addHook('preHandler', async (request, reply) => {
      const viewer = request.dashboardViewer;
      if (!viewer) return refuseAsJson(request, reply) ?? rt.redirect(reply, rt.paths.signIn);
      // Before the step-up check: a role that may not do it is not asked to confirm who it is.
      const permission = request.routeOptions.config.permission;
      if (!permission || !viewer.business || roleMay(viewer.business.role, permission)) return;
      if (request.routeOptions.config.dashboardRefusal === 'json')
        return reply.status(403).header('cache-control', 'no-store').send({});
      const { name, role } = viewer.business;
      return rt.send(
        request,
        reply,
        messagePage(
          'Not allowed for your role',
          `Your role in “${name}” is ${roleName(role)}, and it cannot open this page or make this change. Ask the business's owner if you need it.`,
          403,
          { href: rt.paths.home, label: 'Back to the dashboard' },
        ),
      );
    });
    requireStepUp(signedIn, rt);
    routes.viewer?.(signedIn);
    await signedIn.register(async (business) => {
      business.addHook('onRoute', (route) => {
        const permission = (route.config as { permission?: string } | undefined)?.permission;
        if (permission === undefined || !isPermission(permission))
          throw new Error(`dashboard route ${route.url} names no permission of docs/roles.md: ${permission}`);
        for (const method of [route.method].flat())
          businessRoutes.push({ method, url: route.url, permission });
      });
      business.addHook('preHandler', async (request, reply) => {
        if (request.dashboardViewer?.business) return;
        return refuseAsJson(request, reply) ?? rt.redirect(reply, rt.paths.newBusiness);
      });
      routes.business(business);
    });
  });
}

/** A handler of the signed-in scope, given the viewer its pre-handler checked. */
export type ViewerHandler<R extends RouteGenericInterface> = (
  request: FastifyRequest<R>,
  reply: FastifyReply,
  viewer: Viewer,
) => Promise<unknown>;

/** A handler of the business scope, given the viewer and business its pre-handlers checked. */
export type BusinessHandler<R extends RouteGenericInterface> = (
  request: FastifyRequest<R>,
  reply: FastifyReply,
  viewer: BusinessViewer,
) => Promise<unknown>;

/** A route handler of the signed-in scope that reads the signed-in viewer. */
export function withViewer<R extends RouteGenericInterface = RouteGenericInterface>(
  handler: ViewerHandler<R>,
): (request: FastifyRequest<R>, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer) throw new Error('withViewer: a route outside the signed-in scope');
    return handler(request, reply, viewer);
  };
}

/** A route handler of the business scope that reads the signed-in viewer and their business. */
export function withBusiness<R extends RouteGenericInterface = RouteGenericInterface>(
  handler: BusinessHandler<R>,
): (request: FastifyRequest<R>, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    const viewer = request.dashboardViewer;
    if (!viewer?.business) throw new Error('withBusiness: a route outside the business scope');
    return handler(request, reply, viewer as BusinessViewer);
  };
}
