import { randomUUID } from 'node:crypto';
import { type CreatePaymentRequest, hasAcceptedSet, type Payment as PaymentBody } from '@cairn/contract';
import type { AuthContext } from '../auth/authenticate.js';
import { isExhausted } from '../credit/isExhausted.js';
import { loadCreditBalance } from '../credit/loadCreditBalance.js';
import type { IPayment, IPaymentOption } from '../db/entities/index.js';
import { ApiError } from '../errors/ApiError.js';
import type { Gateway } from '../gateway.js';
import { fiatToCrypto } from '../money/index.js';
import { type AcceptedSet, isInAcceptedSet } from './acceptedSet.js';
import { feeInUsd } from './feeInUsd.js';
import { insertPayment } from './insertPayment.js';
import { loadCreationContext } from './loadCreationContext.js';
import { offeredOptions } from './offeredOptions.js';
import { serializePayment } from './serializePayment.js';

const MINUTE = 60_000;

const insufficientCredit = (mode: AuthContext['mode']) =>
  new ApiError(
    'INSUFFICIENT_CREDIT',
    `The ${mode}-mode Prepaid Credit reserve is exhausted. Top it up in the dashboard to create payments.`,
  );

/**
 * POST /api/v1/payments: prices every offered chain option, snapshots the merchant's tolerance and
 * threshold, and stores a `pending` payment. No webhook is sent.
 */
export async function createPayment(
  gateway: Gateway,
  auth: AuthContext,
  body: CreatePaymentRequest,
): Promise<PaymentBody> {
  const restrict = body.restrict_to_accepted ?? false;
  if (restrict && !hasAcceptedSet(body)) {
    throw new ApiError(
      'RESTRICT_TO_ACCEPTED_REQUIRES_ALLOWLIST',
      'restrict_to_accepted is true but no accepted_chains, accepted_coins or accepted_tokens were given.',
    );
  }
  const accepted = {
    acceptedChains: body.accepted_chains ?? [],
    acceptedCoins: body.accepted_coins ?? [],
    acceptedTokens: body.accepted_tokens ?? [],
  };
  const context = auth.business ?? (await loadCreationContext(gateway.orm, auth.businessId, auth.mode));
  // The reserve is checked by the insert itself (no read before it). An exhausted reserve still
  // takes precedence over the refusals below, as if it had been checked first.
  const { priced, quotes } = await priceOptions(
    gateway,
    auth,
    context.walletChains,
    body,
    accepted,
    restrict,
  ).catch(async (error: unknown) => {
    if (
      error instanceof ApiError &&
      isExhausted(await loadCreditBalance(gateway.orm, auth.businessId, auth.mode))
    ) {
      throw insufficientCredit(auth.mode);
    }
    throw error;
  });

  const now = gateway.clock.now();
  const windowMinutes = Math.max(...priced.map((p) => p.chain.paymentWindowMinutes));
  const graceMinutes = Math.max(...priced.map((p) => p.chain.lateGraceMinutes));
  const expiresAt = new Date(now.getTime() + windowMinutes * MINUTE);
  const feeBps = auth.mode === 'live' ? gateway.config.CAIRN_FEE_BPS_LIVE : gateway.config.CAIRN_FEE_BPS_TEST;

  const payment: IPayment = {
    id: randomUUID(),
    businessId: auth.businessId,
    apiKeyId: auth.apiKey.id,
    mode: auth.mode,
    status: 'pending',
    fiatAmount: body.fiat_amount,
    fiatCurrency: body.fiat_currency,
    orderId: body.order_id ?? null,
    description: body.description ?? null,
    customerEmail: body.customer_email ?? null,
    successUrl: body.success_url ?? null,
    cancelUrl: body.cancel_url ?? null,
    acceptedChains: [...accepted.acceptedChains],
    acceptedCoins: [...accepted.acceptedCoins],
    acceptedTokens: [...accepted.acceptedTokens],
    restrictToAccepted: restrict,
    underpaymentToleranceBps: context.underpaymentToleranceBps,
    overpaymentThresholdBps: context.overpaymentThresholdBps,
    feeUsd: feeInUsd({
      fiatAmount: body.fiat_amount,
      fiatCurrency: body.fiat_currency,
      feeBps,
      priced,
      quotes,
    }),
    expiresAt,
    lateGraceEndsAt: new Date(expiresAt.getTime() + graceMinutes * MINUTE),
    selectedChainId: null,
    selectedCoinSymbol: null,
    selectedAt: null,
    walletId: null,
    derivationIndex: null,
    depositAddress: null,
    depositMemo: '',
    paymentUri: '',
    lockedAmount: null,
    requiredConfirmations: null,
    revived: false,
    overpaid: false,
    feeCharged: false,
    cancelledBy: null,
    failureReason: null,
    confirmedAt: null,
    confirmedAmount: null,
    receivedAtExpiry: null,
    createdAt: now,
    updatedAt: now,
  };
  const options: IPaymentOption[] = priced.map((option, position) => ({
    paymentId: payment.id,
    chainId: option.chain.id,
    coinSymbol: option.coin.symbol,
    position,
    decimals: option.coin.decimals,
    cryptoAmount: option.amount.toString(),
    exchangeRate: option.quote.rate,
    rateSource: option.quote.source,
    lockedAt: now,
  }));
  // One statement: the payment and its options exist together or not at all.
  if (!(await insertPayment(gateway.orm, payment, options))) throw insufficientCredit(auth.mode);
  return serializePayment(gateway.config, { payment, options, transfers: [], refunds: [] });
}

/**
 * The options a new payment offers, priced, in offer order (the accepted set first): the key's
 * options with a wallet and a usable chain, narrowed to the accepted set when `restrict`. Refuses with
 * CHAIN_UNAVAILABLE, COIN_NOT_OFFERED or RATE_UNAVAILABLE.
 */
async function priceOptions(
  gateway: Gateway,
  auth: AuthContext,
  walletChains: ReadonlySet<string>,
  body: CreatePaymentRequest,
  accepted: AcceptedSet,
  restrict: boolean,
) {
  let candidates = offeredOptions(gateway, auth, walletChains);
  if (candidates.length === 0) {
    throw new ApiError('CHAIN_UNAVAILABLE', 'No chain option is available for this API key right now.');
  }
  const isAccepted = (c: (typeof candidates)[number]) => isInAcceptedSet(accepted, c.chain.id, c.coin.symbol);
  if (restrict) {
    candidates = candidates.filter(isAccepted);
    if (candidates.length === 0) {
      throw new ApiError(
        'COIN_NOT_OFFERED',
        'None of the accepted chains and coins is available for this API key.',
      );
    }
  } else {
    candidates = [...candidates.filter(isAccepted), ...candidates.filter((c) => !isAccepted(c))];
  }

  const pairs = candidates.map((c) => ({ coin: c.coin.symbol, fiat: body.fiat_currency }));
  const usdPairs =
    body.fiat_currency === 'USD' ? [] : candidates.map((c) => ({ coin: c.coin.symbol, fiat: 'USD' }));
  const quotes = await gateway.rates[auth.mode].getRates([...pairs, ...usdPairs]);
  const priced = candidates.flatMap((candidate) => {
    const quote = quotes.get(`${candidate.coin.symbol}/${body.fiat_currency}`);
    if (!quote) {
      gateway.log.warn({ coin: candidate.coin.symbol, fiat: body.fiat_currency }, 'no rate; option left out');
      return [];
    }
    const amount = fiatToCrypto({
      fiatAmount: body.fiat_amount,
      rate: quote.rate,
      decimals: candidate.coin.decimals,
    });
    return amount > 0n ? [{ ...candidate, quote, amount }] : [];
  });
  if (priced.length === 0) {
    throw new ApiError(
      'RATE_UNAVAILABLE',
      `No exchange rate is available to price ${body.fiat_currency} in any option.`,
    );
  }

  return { priced, quotes };
}
