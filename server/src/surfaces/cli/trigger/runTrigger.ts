import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Payment, PaymentStatus, WebhookEvent } from '@cairn/contract';
import type { TestModeApi } from './TestModeApi.js';
import { TriggerError } from './TriggerError.js';
import { PAYING_TRIGGER_EVENTS, type TriggerEvent } from './triggerEvents.js';

/** What a trigger leaves: the payment as it ends, and every event it produced, oldest first. */
export interface TriggerResult {
  readonly payment: Payment;
  readonly events: readonly WebhookEvent[];
}

/** Pays `amount` (smallest units of `coin`) to `to` from the dev chain's test wallet; resolves with the tx hash. */
export type TestWalletPayer = (to: string, amount: bigint, coin: string) => Promise<string>;

export interface TriggerOptions {
  /** The option to pick (`CHAIN:COIN`). */
  readonly token?: string;
  /** The dev chain's test wallet; needed for the paying events. */
  readonly pay?: TestWalletPayer;
  /** How often, and how many times, to read the payment while a paying event waits for the watcher. */
  readonly pollMs?: number;
  readonly polls?: number;
}

/** The option a trigger picks: `token` if given, else the local dev chain's ETH, else the first offered. */
export function pickToken(payment: Payment, token?: string): string {
  if (token !== undefined) return token;
  const tokens = payment.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}`);
  const chosen = tokens.find((t) => t === 'ETH_LOCAL:ETH') ?? tokens[0];
  if (chosen === undefined) throw new TriggerError('The payment offers no chain: add a test wallet first.');
  return chosen;
}

/** What the test wallet sends for a paying event: exact, half (short), or 10 % more (beyond the 1 % threshold). */
function amountFor(event: TriggerEvent, due: bigint): bigint {
  if (event === 'payment.underpaid') return due / 2n;
  if (event === 'payment.overpaid') return due + due / 10n;
  return due;
}

/**
 * Produces `event` for real in test mode, as a merchant and a customer would through the API: creates a
 * payment, then for payment.awaiting picks a chain (the customer's choice on the checkout), for
 * payment.cancelled cancels it (the merchant's DELETE), for payment.expired ends its window now (the
 * test helper route); for payment.confirmed, payment.underpaid and payment.overpaid picks a chain and
 * pays the deposit address from the dev chain's test wallet (exact, half, 10 % more), then waits for the
 * gateway's watcher to get the payment there. Resolves with the payment and the events it produced.
 */
export async function runTrigger(
  api: TestModeApi,
  event: TriggerEvent,
  options: TriggerOptions = {},
): Promise<TriggerResult> {
  const created = await api.createPayment(`trigger-${event}-${randomUUID().slice(0, 8)}`);
  let payment: Payment;
  if (PAYING_TRIGGER_EVENTS.has(event)) {
    payment = await payAndWait(api, created, event, options);
  } else if (event === 'payment.cancelled') {
    payment = await api.cancelPayment(created.id);
  } else if (event === 'payment.expired') {
    payment = await api.expirePayment(created.id);
  } else {
    await api.selectChain(created.id, pickToken(created, options.token));
    payment = await api.retrievePayment(created.id);
  }
  return { payment, events: await api.eventsOf(payment.id) };
}

async function payAndWait(
  api: TestModeApi,
  created: Payment,
  event: TriggerEvent,
  options: TriggerOptions,
): Promise<Payment> {
  if (!options.pay) throw new TriggerError(`${event} pays on the local dev chain, and none is known here.`);
  await api.selectChain(created.id, pickToken(created, options.token));
  const selected = (await api.retrieveCheckout(created.id)).selected;
  if (!selected) throw new TriggerError(`Payment ${created.id} has no deposit address after select-chain.`);
  await options.pay(selected.address, amountFor(event, BigInt(selected.crypto_amount)), selected.coin_symbol);
  const wanted: PaymentStatus = event === 'payment.underpaid' ? 'underpaid' : 'confirmed';
  const polls = options.polls ?? 240;
  for (let i = 0; i < polls; i += 1) {
    const payment = await api.retrievePayment(created.id);
    if (payment.status === wanted) return payment;
    await sleep(options.pollMs ?? 500);
  }
  const last = await api.retrievePayment(created.id);
  throw new TriggerError(
    `Payment ${created.id} was paid on the dev chain but is still ${last.status}, not ${wanted}: is the gateway watching ${selected.chain_id}?`,
  );
}
