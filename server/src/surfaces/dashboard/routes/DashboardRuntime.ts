import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsContext } from '../../../domain/accounts/AccountsContext.js';
import type { OidcClients } from '../../../domain/accounts/OidcClients.js';
import type { AuditActor } from '../../../domain/businesses/recordAudit.js';
import type { Gateway } from '../../../domain/gateway/Gateway.js';
import type { DashboardPaths } from '../render/dashboardPaths.js';
import type { RedirectNotice } from '../render/Notice.js';
import type { Page } from '../render/Page.js';
import type { Viewer } from '../render/Viewer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in dashboard viewer, when the session cookie names a live session. */
    dashboardViewer?: Viewer;
  }
}

/** What the dashboard's route groups share. */
export interface DashboardRuntime {
  readonly gateway: Gateway;
  readonly paths: DashboardPaths;
  readonly accounts: AccountsContext;
  readonly oidc: OidcClients;
  /** Whether the dev mailbox page exists (no SMTP and a loopback host, or forced on); it answers loopback peers only. */
  readonly devMailbox: boolean;
  /** This response's CSRF token (the same for every form on the page). */
  csrf(reply: FastifyReply): string;
  /** Renders a page in the frame (with this response's CSRF token) and sends it. */
  send(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply;
  /** 303 to a dashboard path, with one of the fixed notices. */
  redirect(reply: FastifyReply, path: string, notice?: RedirectNotice): FastifyReply;
  /** Sets the session cookie for a new session (sign-in). */
  startSession(reply: FastifyReply, token: string): void;
  /** Clears the session cookie. */
  clearSession(reply: FastifyReply): void;
  /** The audit actor for a request by this viewer. */
  actor(request: FastifyRequest, viewer: Viewer): AuditActor;
}
