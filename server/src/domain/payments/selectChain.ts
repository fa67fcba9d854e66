import { type Checkout, getChain, getCoin, parseToken, type SelectChainRequest } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, type IPayment, PaymentOption, Wallet } from '../../platform/db/entities/index.js';
import { inTransaction } from '../../platform/db/inTransaction.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { adapterOrUnavailable } from '../chainOffers/adapterOrUnavailable.js';
import { requiredConfirmations } from '../chainOffers/requiredConfirmations.js';
import type { Gateway } from '../gateway/Gateway.js';
import { fiatToCrypto } from '../money/index.js';
import { allocateDerivationIndex } from '../wallets/allocateDerivationIndex.js';
import { walletConfirmationState } from '../wallets/walletConfirmationState.js';
import { isInAcceptedSet } from './acceptedSet.js';
import { lockPayment, type PaymentScope } from './lockPayment.js';
import { recordDepositTarget } from './recordDepositTarget.js';
import { serializeCheckout } from './serializeCheckout.js';
import { loadAggregate } from './serializePayment.js';
import { transitionPayment } from './transitionPayment.js';

const MINUTE = 60_000;

function requestedOption(body: SelectChainRequest): { chainId: string; coinSymbol: string } {
  if ('token' in body) {
    const ref = parseToken(body.token)!;
    return { chainId: ref.chain_id, coinSymbol: ref.coin_symbol };
  }
  return { chainId: body.chain_id, coinSymbol: body.coin_symbol };
}

/**
 * POST /api/v1/checkout/{id}/select-chain (and the customer's pick on the hosted checkout): derives
 * the deposit target through the chain's adapter, locks the crypto amount at a fresh rate (keeping
 * the creation quote if no source answers), restarts the window for the picked chain, and moves
 * pending -> awaiting_payment with payment.awaiting. Picking the same option again returns the same
 * address; a different one after a pick is 409 CHAIN_ALREADY_SELECTED. Runs in `tx` when given (see
 * inTransaction), else in a transaction of its own.
 */
export async function selectChain(
  gateway: Gateway,
  scope: PaymentScope,
  id: string,
  body: SelectChainRequest,
  tx?: EntityManager,
): Promise<Checkout> {
  const { chainId, coinSymbol } = requestedOption(body);
  return inTransaction(gateway.orm, tx, async (em) => {
    const payment: IPayment = await lockPayment(em, scope, id);
    const business = await em.findOneOrFail(Business, { id: payment.businessId });
    if (payment.selectedChainId !== null) {
      if (payment.selectedChainId === chainId && payment.selectedCoinSymbol === coinSymbol) {
        return serializeCheckout(gateway.config, business, await loadAggregate(em, payment));
      }
      throw new ApiError(
        'CHAIN_ALREADY_SELECTED',
        `${payment.selectedChainId}:${payment.selectedCoinSymbol} was already selected for this payment.`,
      );
    }
    if (payment.restrictToAccepted && !isInAcceptedSet(payment, chainId, coinSymbol)) {
      throw new ApiError(
        'COIN_NOT_IN_ACCEPTED_SET',
        `${chainId}:${coinSymbol} is not in this payment's accepted set.`,
      );
    }
    const option = await em.findOne(PaymentOption, { paymentId: payment.id, chainId, coinSymbol });
    const chain = getChain(chainId);
    const coin = getCoin(chainId, coinSymbol);
    if (!option || !chain || !coin) {
      throw new ApiError(
        'COIN_NOT_OFFERED',
        `${chainId}:${coinSymbol} is not one of this payment's options.`,
      );
    }
    if (payment.status !== 'pending') {
      throw new ApiError(
        'INVALID_PAYMENT_STATE',
        `A chain cannot be selected for a ${payment.status} payment.`,
      );
    }
    const adapter = adapterOrUnavailable(gateway.chains, chainId);
    // Money must never go to an address nobody observes: a chain whose watcher went quiet since the
    // payment was created is refused until it syncs again.
    const offer = gateway.chainAvailability.coinOfferOf(chainId, coinSymbol);
    if (!offer.offered)
      throw new ApiError(
        'CHAIN_UNAVAILABLE',
        `${chainId} cannot be picked right now: it is temporarily unavailable. Pick another option or retry later.`,
      );
    const wallet = await em.findOne(Wallet, {
      businessId: payment.businessId,
      mode: payment.mode,
      chainId,
      removedAt: null,
    });
    if (!wallet)
      throw new ApiError('CHAIN_UNAVAILABLE', `No ${chainId} wallet is configured for this business.`);
    if (wallet.onboardingStatus != null && wallet.onboardingStatus !== 'active')
      throw new ApiError(
        'CHAIN_UNAVAILABLE',
        `${chainId} cannot be picked right now: the merchant's wallet on it is still being set up.`,
      );
    if (walletConfirmationState(wallet, gateway.clock.now()) !== 'confirmed')
      throw new ApiError(
        'CHAIN_UNAVAILABLE',
        `${chainId} cannot be picked right now: the merchant has not confirmed the wallet on it yet.`,
      );

    const now = gateway.clock.now();
    const quote = await gateway.rates[payment.mode].getRate(coinSymbol, payment.fiatCurrency);
    if (quote) {
      option.exchangeRate = quote.rate;
      option.rateSource = quote.source;
      option.cryptoAmount = fiatToCrypto({
        fiatAmount: payment.fiatAmount,
        rate: quote.rate,
        decimals: coin.decimals,
      }).toString();
    }
    option.lockedAt = now;

    const { index } = await allocateDerivationIndex(em, wallet.id, now);
    const target = adapter.deriveDepositTarget({ chain, wallet: wallet.value, index, paymentId: payment.id });
    await recordDepositTarget(em, {
      chainId,
      matchKey: target.matchKey ?? target.address,
      address: target.address,
      paymentId: payment.id,
      createdAt: now,
    });
    payment.selectedChainId = chainId;
    payment.selectedCoinSymbol = coinSymbol;
    payment.selectedAt = now;
    payment.walletId = wallet.id;
    payment.derivationIndex = index;
    payment.depositAddress = target.address;
    payment.depositMemo = target.memo;
    payment.paymentUri = adapter.buildPaymentUri({
      chain,
      coin,
      target,
      amount: BigInt(option.cryptoAmount),
      label: business.name,
    });
    payment.lockedAmount = option.cryptoAmount;
    payment.requiredConfirmations = requiredConfirmations(gateway.config.chains, chainId);
    const expiresAt = new Date(now.getTime() + chain.paymentWindowMinutes * MINUTE);
    await em.flush();
    const aggregate = await transitionPayment(gateway, em, payment, {
      type: 'chain_selected',
      expiresAt,
      lateGraceEndsAt: new Date(expiresAt.getTime() + chain.lateGraceMinutes * MINUTE),
    });
    return serializeCheckout(gateway.config, business, aggregate);
  });
}
