import type { FastifyInstance } from 'fastify';
import { MailMessage } from '../../../platform/db/entities/index.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { mailboxMessagePage, mailboxPage } from '../render/mailboxPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The dev mailbox: the mail the gateway kept instead of sending (no SMTP), newest first. Only
 * registered when enabled (see devMailboxEnabled): it shows sign-in links to whoever opens it.
 */
export function registerMailboxRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  if (!rt.devMailbox) return;
  scope.get('/mailbox', async (request, reply) => {
    const messages = await rt.gateway.orm.em
      .fork()
      .find(MailMessage, { status: 'dev_mailbox' }, { orderBy: { createdAt: 'desc' }, limit: 100 });
    return rt.send(request, reply, mailboxPage(rt.paths, messages));
  });
  scope.get<{ Params: { id: string } }>('/mailbox/:id', async (request, reply) => {
    const message = UUID.test(request.params.id)
      ? await rt.gateway.orm.em.fork().findOne(MailMessage, { id: request.params.id, status: 'dev_mailbox' })
      : null;
    if (!message) throw new ApiError('NOT_FOUND', 'No such message.');
    return rt.send(request, reply, mailboxMessagePage(rt.paths, message));
  });
}
