import { randomUUID } from 'node:crypto';
import { type CreatePaymentRequest, hasAcceptedSet, type Payment as PaymentBody } from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { databaseUnavailableReason } from '../../platform/db/databaseUnavailableReason.js';
import type { IPayment, IPaymentOption } from '../../platform/db/entities/index.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import type { AuthContext } from '../apiKeys/AuthContext.js';
import { unauthorized } from '../apiKeys/bearerKey.js';
import { IdempotencyKeyTaken, type InlineClaim } from '../apiKeys/withInlineIdempotency.js';
import { isExhausted } from '../credit/isExhausted.js';
import { loadCreditBalance } from '../credit/loadCreditBalance.js';
import type { Gateway } from '../gateway/Gateway.js';
import { fiatToCrypto } from '../money/index.js';
import type { RateQuote } from '../rates/index.js';
import { type AcceptedSet, isInAcceptedSet } from './acceptedSet.js';
import { feeInUsd } from './feeInUsd.js';
import { insertPayment } from './insertPayment.js';
import { loadCreationContext } from './loadCreationContext.js';
import { offeredOptions } from './offeredOptions.js';
import { serializePayment } from './serializePayment.js';
import { validateAcceptedSet } from './validateAcceptedSet.js';

const MINUTE = 60_000;

/** What created a payment on the merchant's behalf, recorded on it (nothing for the API). */
export interface PaymentOrigin {
  readonly paymentLinkId?: string;
  readonly invoiceId?: string;
}

const insufficientCredit = (mode: AuthContext['mode']) =>
  new ApiError(
    'INSUFFICIENT_CREDIT',
    `The ${mode}-mode Prepaid Credit reserve is exhausted. Top it up in the dashboard to create payments.`,
  );

/** The insert found the calling key or its business no longer as the payment was computed from. */
class CallerChangedError extends Error {
  override readonly name = 'CallerChangedError';
}

/** Whether two reads of a key give the same payment: key, mode, allowlists and business context. */
function sameCaller(a: AuthContext, b: AuthContext): boolean {
  const same = (x: readonly unknown[], y: readonly unknown[]) =>
    x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    a.apiKey.id === b.apiKey.id &&
    a.mode === b.mode &&
    a.businessId === b.businessId &&
    same(a.apiKey.allowedTokens, b.apiKey.allowedTokens) &&
    same(a.apiKey.allowedIps, b.apiKey.allowedIps) &&
    a.business !== undefined &&
    b.business !== undefined &&
    a.business.underpaymentToleranceBps === b.business.underpaymentToleranceBps &&
    a.business.overpaymentThresholdBps === b.business.overpaymentThresholdBps &&
    same(a.business.walletChainIds, b.business.walletChainIds)
  );
}

/**
 * POST /api/v1/payments: prices every offered chain option, snapshots the merchant's tolerance and
 * threshold, and stores a `pending` payment. No webhook is sent.
 *
 * The insert re-checks the calling key and its business (see `insertPayment`), so `auth` may be a
 * provisional context from the key cache: when the check fails, or anything is refused while `auth`
 * is provisional, the key is read again (`auth.recheck`, 401/403 as authentication would say) and
 * the payment computed again from what the database says now.
 *
 * `origin` records what created the payment on the merchant's behalf: a payment link's page
 * (`payFromLink`) or an invoice's (`payInvoice`).
 *
 * With `idempotency`, the same statement records the Idempotency-Key with the 201 response
 * (`{ data: payment }`), or does nothing and throws `IdempotencyKeyTaken` if the key is recorded
 * already (see `withInlineIdempotency`). Given `tx` (a transaction), the payment is inserted in it.
 */
export async function createPayment(
  gateway: Gateway,
  auth: AuthContext,
  body: CreatePaymentRequest,
  idempotency?: InlineClaim,
  tx?: EntityManager,
  origin: PaymentOrigin = {},
): Promise<PaymentBody> {
  let caller = auth;
  for (let attempt = 1; ; attempt++) {
    try {
      return await createOnce(gateway, caller, body, idempotency, tx, origin);
    } catch (error) {
      if (error instanceof IdempotencyKeyTaken) throw error;
      // The database is unreachable: reading the key again would only wait for it a second time. The
      // answer is a retryable 503, and the retry reads the key.
      if (databaseUnavailableReason(error) !== undefined) throw error;
      const changed = error instanceof CallerChangedError;
      if (!changed && !caller.provisional) throw error;
      if (!caller.recheck) throw unauthorized();
      if (attempt === 3) {
        throw new ApiError(
          'SERVICE_UNAVAILABLE',
          'The API key changed while the payment was created; retry.',
        );
      }
      const fresh = await caller.recheck();
      if (!changed && sameCaller(fresh, caller)) throw error;
      caller = fresh;
    }
  }
}

async function createOnce(
  gateway: Gateway,
  auth: AuthContext,
  body: CreatePaymentRequest,
  idempotency: InlineClaim | undefined,
  tx: EntityManager | undefined,
  origin: PaymentOrigin,
): Promise<PaymentBody> {
  validateAcceptedSet(body, auth.mode);
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
  const context =
    auth.business ??
    (await loadCreationContext(gateway.orm, auth.businessId, auth.mode, gateway.clock.now(), tx));
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
      isExhausted(await loadCreditBalance(gateway.orm, auth.businessId, auth.mode, tx))
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
    metadata: body.metadata ?? {},
    paymentLinkId: origin.paymentLinkId ?? null,
    invoiceId: origin.invoiceId ?? null,
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
    refundAddress: null,
    refundRequestedAt: null,
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
  const serialized = serializePayment(gateway.config, { payment, options, transfers: [], refunds: [] });
  // One statement: the payment and its options exist together or not at all, and only for the key
  // and business as read (or cached); with an Idempotency-Key, only if the key is new.
  const outcome = await insertPayment(
    gateway.orm,
    payment,
    options,
    {
      keyHash: auth.apiKey.keyHash,
      allowedTokens: auth.apiKey.allowedTokens,
      allowedIps: auth.apiKey.allowedIps,
      walletChainIds: context.walletChainIds,
    },
    idempotency && { ...idempotency, responseBody: { data: serialized } },
    tx,
  );
  if (outcome === 'caller_changed') throw new CallerChangedError();
  if (outcome === 'credit_exhausted') throw insufficientCredit(auth.mode);
  if (outcome === 'key_taken') throw new IdempotencyKeyTaken();
  return serialized;
}

/**
 * The options a new payment offers, priced, in offer order (the accepted set first): the key's
 * options with a wallet and a usable chain, narrowed to the accepted set when `restrict`. Refuses with
 * CHAIN_UNAVAILABLE, COIN_NOT_OFFERED, CURRENCY_NOT_SUPPORTED (no option priced, and every source
 * said it does not list any of the pairs) or RATE_UNAVAILABLE (no option priced now).
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
    const why = [...walletChains]
      .map((id) => gateway.chainAvailability.offerOf(id))
      .filter((offer) => !offer.offered)
      .map((offer) => `${offer.chainId}: ${offer.reason}`);
    throw new ApiError(
      'CHAIN_UNAVAILABLE',
      `No chain option is available for this API key right now${why.length > 0 ? ` (${why.join('; ')})` : ''}.`,
    );
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
  const answers = await gateway.rates[auth.mode].getRateAnswers([...pairs, ...usdPairs]);
  const quotes = new Map<string, RateQuote>();
  for (const [key, answer] of answers) if (answer.quote) quotes.set(key, answer.quote);
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
    // Every source said, for every option, that it does not list the pair: retrying cannot help.
    if (pairs.every((pair) => answers.get(`${pair.coin}/${pair.fiat}`)?.unlisted === true)) {
      throw new ApiError(
        'CURRENCY_NOT_SUPPORTED',
        `${body.fiat_currency} is not supported: no exchange-rate source of this gateway prices it against any coin this payment could be paid in.`,
      );
    }
    throw new ApiError(
      'RATE_UNAVAILABLE',
      `No exchange rate is available to price ${body.fiat_currency} in any option.`,
    );
  }

  return { priced, quotes };
}
