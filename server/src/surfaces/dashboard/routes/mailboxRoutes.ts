import type { FastifyInstance } from 'fastify';
import { findDevMail } from '../../../domain/mail/findDevMail.js';
import { listDevMailbox } from '../../../domain/mail/listDevMailbox.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { mailboxMessagePage, mailboxPage } from '../render/mailboxPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

/**
 * The dev mailbox: the mail the gateway kept instead of sending (no SMTP), newest first. Only
 * registered when enabled (see devMailboxEnabled): it shows sign-in links to whoever opens it.
 */
export function registerMailboxRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  if (!rt.devMailbox) return;
  scope.get('/mailbox', async (request, reply) =>
    rt.send(request, reply, mailboxPage(rt.paths, await listDevMailbox(rt.gateway))),
  );
  scope.get<{ Params: { id: string } }>('/mailbox/:id', async (request, reply) => {
    const message = await findDevMail(rt.gateway, request.params.id);
    if (!message) throw new ApiError('NOT_FOUND', 'No such message.');
    return rt.send(request, reply, mailboxMessagePage(rt.paths, message));
  });
}
