import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findDevMail } from '../../../domain/mail/findDevMail.js';
import { listDevMailbox } from '../../../domain/mail/listDevMailbox.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { isLoopbackPeer } from '../../../web/loopbackPeer.js';
import { mailboxMessagePage, mailboxPage } from '../render/mailboxPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

/** The mailbox exists only for this machine: to any other peer it is not there (404). */
async function onlyFromThisMachine(request: FastifyRequest): Promise<void> {
  if (isLoopbackPeer(request)) return;
  request.log.info({ peer: request.raw.socket?.remoteAddress }, 'dev mailbox refused: not a loopback peer');
  throw new ApiError('NOT_FOUND', 'No such page.');
}

/**
 * The dev mailbox: the mail the gateway kept instead of sending (no SMTP), newest first. Only
 * registered when enabled (see devMailboxEnabled), and only answered to requests from this machine
 * (a loopback peer that no proxy passed on): it shows sign-in links to whoever opens it.
 */
export function registerMailboxRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  if (!rt.devMailbox) return;
  scope.get('/mailbox', { onRequest: onlyFromThisMachine }, async (request, reply) =>
    rt.send(request, reply, mailboxPage(rt.paths, await listDevMailbox(rt.gateway))),
  );
  scope.get<{ Params: { id: string } }>(
    '/mailbox/:id',
    { onRequest: onlyFromThisMachine },
    async (request, reply) => {
      const message = await findDevMail(rt.gateway, request.params.id);
      if (!message) throw new ApiError('NOT_FOUND', 'No such message.');
      return rt.send(request, reply, mailboxMessagePage(rt.paths, message));
    },
  );
}
