import { type ChainDefinition, getChain } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WalletRejectedError } from '../../../domain/wallets/addWallet.js';
import { addWalletAudited } from '../../../domain/wallets/addWalletAudited.js';
import { listWalletsForBusiness } from '../../../domain/wallets/listWalletsForBusiness.js';
import { removeWalletAudited } from '../../../domain/wallets/removeWalletAudited.js';
import { resendWalletConfirmation } from '../../../domain/wallets/resendWalletConfirmation.js';
import type { FormState } from '../render/accountPages.js';
import type { BusinessViewer } from '../render/Viewer.js';
import { newWalletPage, type WalletChainChoice, walletsPage } from '../render/walletPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';
import { withBusiness } from './signedInScopes.js';

type Form = { Body: Record<string, string | undefined> | undefined };
type Query = { Querystring: Record<string, string | undefined> };
type IdParams = { Params: { id: string } };

/** Refusals that mean a secret was pasted (each family's adapter names its own). */
const SECRET_GIVEN = new Set([
  'SPEND_KEY_GIVEN',
  'SEED_GIVEN',
  'PRIVATE_KEY_REJECTED',
  'SECRET_GIVEN',
  'SECRET_SEED_GIVEN',
  'SECRET_KEY_GIVEN',
]);
/** 64 hex digits anywhere: a private key (or a view key) as likely as a transaction hash. */
const KEY_LIKE = /[0-9a-f]{64}/i;

/** Whether a refused value may be sent back into the form for correcting: never a secret. */
function mayEchoRefused(code: string, value: string): boolean {
  return !SECRET_GIVEN.has(code) && !KEY_LIKE.test(value);
}

/** Confirmation mails per caller IP address in 15 minutes (as the account forms that send mail). */
const RESEND_LIMIT = { rateLimit: { max: 20, timeWindow: 15 * 60_000 } };

/**
 * What the merchant is told about a wallet just added: its outcome, the confirmation mailed for a
 * live one, its setup, the chain's advice.
 */
function addedText(
  chainId: string,
  added: {
    outcome: string;
    setupPending: boolean;
    advice: readonly string[];
    confirmationMailedTo: string | null;
  },
) {
  const confirm = added.confirmationMailedTo
    ? ` It is pending confirmation: we mailed a link to ${added.confirmationMailedTo}; payments use the wallet once you open it and confirm.`
    : '';
  const setup = added.setupPending
    ? ' Its one-time on-chain setup has started; payments on this chain start when it is active.'
    : '';
  return `${chainId} wallet added: ${added.outcome}.${confirm}${setup}${added.advice.map((a) => ` ${a}`).join('')}`;
}

/** Wallets of the current business and mode: list, add (validated by the chain's adapter), remove. */
export function registerWalletRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const chainsOf = (mode: string): ChainDefinition[] =>
    gateway.chains
      .usableChainIds()
      .map((id) => getChain(id))
      .filter((c): c is ChainDefinition => c !== undefined && c.mode === mode)
      .sort((a, b) => a.name.localeCompare(b.name));
  /** The chains the form offers, each marked with whether something watches it now. */
  const choicesOf = (mode: string): WalletChainChoice[] =>
    chainsOf(mode).map((chain) => ({ chain, watched: gateway.chainAvailability.isOffered(chain.id) }));

  /** The wallets page of the viewer's business and mode, with a notice or a status when given. */
  const showWallets = async (
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: BusinessViewer,
    state: FormState = {},
  ) => {
    const wallets = await listWalletsForBusiness(gateway, {
      businessId: viewer.business.id,
      mode: viewer.mode,
    });
    return rt.send(request, reply, walletsPage(paths, rt.csrf(reply), viewer, wallets, state));
  };

  scope.get(
    '/wallets',
    { config: { permission: 'wallets.read' } },
    withBusiness(async (request, reply, viewer) => showWallets(request, reply, viewer)),
  );

  scope.get<Query>(
    '/wallets/new',
    { config: { permission: 'wallets.manage' } },
    withBusiness<Query>(async (request, reply, viewer) => {
      const chainId = request.query.chain;
      return rt.send(
        request,
        reply,
        newWalletPage(paths, rt.csrf(reply), viewer, choicesOf(viewer.mode), chainId ? { chainId } : {}),
      );
    }),
  );

  scope.post<Form>(
    '/wallets',
    { config: { permission: 'wallets.manage', stepUp: 'add or change a wallet' } },
    withBusiness<Form>(async (request, reply, viewer) => {
      const chainId = (request.body?.chain_id ?? '').slice(0, 64);
      // Given as typed: the adapter canonicalizes it and says so (`Canonicalized`).
      const value = (request.body?.value ?? '').slice(0, 512);
      const chains = chainsOf(viewer.mode);
      try {
        if (!chains.some((c) => c.id === chainId))
          throw new WalletRejectedError(
            'UNKNOWN_CHAIN',
            `Choose one of this gateway’s ${viewer.mode}-mode chains.`,
          );
        if (value.trim() === '') throw new WalletRejectedError('REQUIRED', 'Enter the wallet.');
        const added = await addWalletAudited(gateway, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          chainId,
          value,
        });
        const kind = added.advice.length > 0 ? 'warn' : 'ok';
        return showWallets(request, reply, viewer, { notice: { kind, text: addedText(chainId, added) } });
      } catch (error) {
        if (!(error instanceof WalletRejectedError)) throw error;
        return rt.send(
          request,
          reply,
          newWalletPage(paths, rt.csrf(reply), viewer, choicesOf(viewer.mode), {
            chainId,
            // A secret pasted by mistake (a private or spend key, a seed) is not sent back into the page.
            values: { value: mayEchoRefused(error.code, value) ? value : '' },
            // docs/operating/evm.md lists the EVM outcomes; the adapter's message says what to do.
            errors: {
              value:
                error.code === 'CHECKSUM_MISMATCH' ? `Checksum mismatch: ${error.message}` : error.message,
            },
            status: 422,
          }),
        );
      }
    }),
  );

  // A new link for a live wallet pending confirmation, to the business's owner (no step-up: it
  // grants nothing, and only the owner's mailbox receives it).
  scope.post<IdParams>(
    '/wallets/:id/confirmation',
    { config: { ...RESEND_LIMIT, permission: 'wallets.manage' } },
    withBusiness<IdParams>(async (request, reply, viewer) => {
      try {
        const to = await resendWalletConfirmation(gateway, {
          businessId: viewer.business.id,
          walletId: request.params.id,
        });
        return showWallets(request, reply, viewer, {
          notice: { kind: 'ok', text: `We mailed a new confirmation link to ${to}.` },
        });
      } catch (error) {
        if (!(error instanceof WalletRejectedError)) throw error;
        return showWallets(request, reply, viewer, {
          notice: { kind: 'error', text: error.message },
          status: error.code === 'NOT_FOUND' ? 404 : 409,
        });
      }
    }),
  );

  scope.post<IdParams>(
    '/wallets/:id/remove',
    { config: { permission: 'wallets.manage', stepUp: 'remove a wallet' } },
    withBusiness<IdParams>(async (request, reply, viewer) => {
      try {
        await removeWalletAudited(gateway, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          walletId: request.params.id,
        });
      } catch (error) {
        if (!(error instanceof WalletRejectedError)) throw error;
        return showWallets(request, reply, viewer, {
          notice: { kind: 'error', text: error.message },
          status: error.code === 'NOT_FOUND' ? 404 : 409,
        });
      }
      return rt.redirect(reply, paths.wallets, 'wallet-removed');
    }),
  );
}
