import { type ChainDefinition, getChain } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../domain/businesses/recordAudit.js';
import { addWallet, WalletRejectedError } from '../../../domain/wallets/addWallet.js';
import { publicWalletValue } from '../../../domain/wallets/publicWalletValue.js';
import { readWalletAdvice } from '../../../domain/wallets/readWalletAdvice.js';
import { removeWallet } from '../../../domain/wallets/removeWallet.js';
import { Wallet } from '../../../platform/db/entities/index.js';
import { newWalletPage, walletsPage } from '../render/walletPages.js';
import type { DashboardRuntime } from './DashboardRuntime.js';

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

/** Wallets of the current business and mode: list, add (validated by the chain's adapter), remove. */
export function registerWalletRoutes(scope: FastifyInstance, rt: DashboardRuntime): void {
  const { paths, gateway } = rt;
  const chainsOf = (mode: string): ChainDefinition[] =>
    gateway.chains
      .usableChainIds()
      .map((id) => getChain(id))
      .filter((c): c is ChainDefinition => c !== undefined && c.mode === mode)
      .sort((a, b) => a.name.localeCompare(b.name));
  const walletsOf = (businessId: string, mode: 'test' | 'live') =>
    gateway.orm.em
      .fork()
      .find(Wallet, { businessId, mode, removedAt: null }, { orderBy: { chainId: 'asc' } });

  scope.get('/wallets', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    return rt.send(
      request,
      reply,
      walletsPage(paths, rt.csrf(reply), viewer, await walletsOf(viewer.business.id, viewer.mode)),
    );
  });

  scope.get<Query>('/wallets/new', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    const chainId = request.query.chain;
    return rt.send(
      request,
      reply,
      newWalletPage(paths, rt.csrf(reply), viewer, chainsOf(viewer.mode), chainId ? { chainId } : {}),
    );
  });

  scope.post<Form>('/wallets', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
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
      const added = await gateway.orm.em.fork().transactional(async (em) => {
        const result = await addWallet(em, gateway.clock, gateway.chains, {
          businessId: viewer.business.id,
          chainId,
          value,
        });
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: 'wallet.added',
          target: `${chainId} ${publicWalletValue(chainId, result.wallet.value)}`,
          details: { mode: viewer.mode, kind: result.wallet.kind, outcome: result.outcome },
        });
        return result;
      });
      const pending = added.wallet.onboardingStatus === 'pending';
      // What the chain says about the account (no RequireDest, no trustline, not funded yet).
      const advice = await readWalletAdvice(gateway, chainId, added.wallet.value);
      return rt.send(
        request,
        reply,
        walletsPage(paths, rt.csrf(reply), viewer, await walletsOf(viewer.business.id, viewer.mode), {
          notice: {
            kind: advice.length > 0 ? 'warn' : 'ok',
            text: `${chainId} wallet added: ${added.outcome}.${pending ? ' Its one-time on-chain setup has started; payments on this chain start when it is active.' : ''}${advice.map((a) => ` ${a}`).join('')}`,
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof WalletRejectedError)) throw error;
      return rt.send(
        request,
        reply,
        newWalletPage(paths, rt.csrf(reply), viewer, chains, {
          chainId,
          // A secret pasted by mistake (a private or spend key, a seed) is not sent back into the page.
          values: { value: mayEchoRefused(error.code, value) ? value : '' },
          // docs/operating/evm.md lists the EVM outcomes; the adapter's message says what to do.
          errors: {
            value: error.code === 'CHECKSUM_MISMATCH' ? `Checksum mismatch: ${error.message}` : error.message,
          },
          status: 422,
        }),
      );
    }
  });

  scope.post<IdParams>('/wallets/:id/remove', async (request, reply) => {
    const viewer = rt.requireBusiness(request, reply);
    if (!viewer) return reply;
    try {
      await gateway.orm.em.fork().transactional(async (em) => {
        const wallet = await removeWallet(em, gateway.clock, {
          businessId: viewer.business.id,
          walletId: request.params.id,
        });
        await recordAudit(em, gateway.clock, rt.actor(request, viewer), {
          businessId: viewer.business.id,
          action: 'wallet.removed',
          target: `${wallet.chainId} ${publicWalletValue(wallet.chainId, wallet.value)}`,
          details: { mode: wallet.mode },
        });
      });
    } catch (error) {
      if (!(error instanceof WalletRejectedError)) throw error;
      return rt.send(
        request,
        reply,
        walletsPage(paths, rt.csrf(reply), viewer, await walletsOf(viewer.business.id, viewer.mode), {
          notice: { kind: 'error', text: error.message },
          status: error.code === 'NOT_FOUND' ? 404 : 409,
        }),
      );
    }
    return rt.redirect(reply, paths.wallets, 'wallet-removed');
  });
}
