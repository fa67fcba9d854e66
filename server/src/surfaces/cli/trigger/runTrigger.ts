import { randomUUID } from 'node:crypto';
import type { Payment, WebhookEvent } from '@cairn/contract';
import type { TestModeApi } from './TestModeApi.js';
import type { TriggerEvent } from './triggerEvents.js';

/** What a trigger leaves: the payment as it ends, and every event it produced, oldest first. */
export interface TriggerResult {
  readonly payment: Payment;
  readonly events: readonly WebhookEvent[];
}

/** The option a trigger picks: `token` if given, else the local dev chain's ETH, else the first offered. */
export function pickToken(payment: Payment, token?: string): string {
  if (token !== undefined) return token;
  const tokens = payment.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}`);
  const chosen = tokens.find((t) => t === 'ETH_LOCAL:ETH') ?? tokens[0];
  if (chosen === undefined) throw new Error('The payment offers no chain: add a test wallet first.');
  return chosen;
}

/**
 * Produces `event` for real in test mode, as a merchant and a customer would through the API: creates a
 * payment, then for payment.awaiting picks a chain (the customer's choice on the checkout), for
 * payment.cancelled cancels it (the merchant's DELETE), for payment.expired ends its window now (the
 * test helper route). Resolves with the payment and the events it produced.
 */
export async function runTrigger(
  api: TestModeApi,
  event: TriggerEvent,
  token?: string,
): Promise<TriggerResult> {
  const created = await api.createPayment(`trigger-${event}-${randomUUID().slice(0, 8)}`);
  let payment: Payment;
  switch (event) {
    case 'payment.awaiting':
      await api.selectChain(created.id, pickToken(created, token));
      payment = await api.retrievePayment(created.id);
      break;
    case 'payment.cancelled':
      payment = await api.cancelPayment(created.id);
      break;
    case 'payment.expired':
      payment = await api.expirePayment(created.id);
      break;
  }
  return { payment, events: await api.eventsOf(payment.id) };
}
