import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Address } from 'viem';
import { payWithTestWallet } from '../../../chains/devChain/payWithTestWallet.js';
import { prepareGaslessAuthorization } from '../../../chains/settlement/prepareGaslessAuthorization.js';
import { submitGaslessAuthorization } from '../../../chains/settlement/submitGaslessAuthorization.js';
import { findCheckoutPayment } from '../../../domain/payments/findCheckoutPayment.js';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { checkoutPaths } from '../render/checkoutPaths.js';
import type { CheckoutRuntime, IdParams } from './CheckoutRuntime.js';

/**
 * Paying from a wallet through the page: the dev chain's funded test account (ETH_LOCAL on the
 * gateway's own anvil, test mode), and EIP-3009 gasless payment (the typed data a browser wallet
 * signs, then the signature, relayed by the chain's settler).
 */
export function registerWalletRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  scope.post<IdParams>('/:id/test-wallet', { config: rt.actionLimit }, async (request, reply) => {
    const { id } = request.params;
    const view = await rt.loadView(id);
    const selected = view.checkout.selected;
    const payable = view.payment.status === 'awaiting_payment' || view.payment.status === 'underpaid';
    if (!view.evm?.testWallet || !rt.devChain || !selected || !payable) {
      return rt.refused(
        reply,
        id,
        new ApiError('VALIDATION_ERROR', rt.messagesOf(request).testWalletUnavailable),
      );
    }
    const amount = BigInt(view.payment.status === 'underpaid' ? selected.amount_due : selected.crypto_amount);
    const tx = await payWithTestWallet(rt.devChain, {
      to: selected.address as Address,
      amount,
      ...(view.evm.token ? { token: view.evm.token as Address } : {}),
    });
    request.log.info({ paymentId: id, tx }, 'dev chain test wallet paid');
    return reply.redirect(checkoutPaths(rt.base, id).page, 303);
  });
  registerGaslessRoutes(scope, rt);
}

/** EIP-3009 gasless payment: JSON in and out (the page's script calls them); errors as {error: {code, message}}. */
function registerGaslessRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  const { gateway } = rt;
  const gaslessJson = async (reply: FastifyReply, run: () => Promise<unknown>) => {
    try {
      return reply.header('cache-control', 'no-store').send(await run());
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status >= 500 && error.code !== 'CHAIN_UNAVAILABLE'))
        throw error;
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    }
  };
  scope.post<IdParams & { Body: { from?: unknown } | undefined }>(
    '/:id/gasless/prepare',
    { config: rt.actionLimit },
    async (request, reply) => {
      const payment = await findCheckoutPayment(gateway, request.params.id);
      return gaslessJson(reply, () =>
        prepareGaslessAuthorization(gateway, payment.id, String(request.body?.from ?? '')),
      );
    },
  );
  scope.post<IdParams & { Body: { from?: unknown; nonce?: unknown; signature?: unknown } | undefined }>(
    '/:id/gasless/submit',
    { config: rt.actionLimit },
    async (request, reply) => {
      const payment = await findCheckoutPayment(gateway, request.params.id);
      return gaslessJson(reply, () =>
        submitGaslessAuthorization(gateway, payment.id, {
          from: String(request.body?.from ?? ''),
          nonce: String(request.body?.nonce ?? ''),
          signature: String(request.body?.signature ?? ''),
        }),
      );
    },
  );
}
