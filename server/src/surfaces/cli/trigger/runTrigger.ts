import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Invoice, Payment, WebhookEvent } from '@cairn/contract';
import { type Clock, systemClock } from '../../../platform/runtime/clock.js';
import type { TestModeApi } from './TestModeApi.js';
import { TriggerError } from './TriggerError.js';
import { amountFor, PAYING_TRIGGER_EVENTS, payingPlanOf, type TriggerEvent } from './triggerEvents.js';

/** What a trigger leaves: the payment (and invoice) as it ends, and every event it produced, oldest first. */
export interface TriggerResult {
  readonly payment: Payment;
  readonly invoice?: Invoice;
  readonly events: readonly WebhookEvent[];
  /** The refund transaction a payment.refunded trigger sent on the dev chain and recorded. */
  readonly refundTxId?: string;
}

/** Sends `amount` (smallest units of `coin`) to `to` on the dev chain; resolves with the tx hash. */
export type DevChainTransfer = (to: string, amount: bigint, coin: string) => Promise<string>;

/** The dev chain's wallets a paying trigger uses. */
export interface TestWallet {
  /** The customer's address: the test wallet pays from it and asks refunds back to it. */
  readonly address: string;
  /** The test wallet pays a deposit address. */
  readonly pay: DevChainTransfer;
  /** The merchant's side sends a refund (resolves once it is mined). */
  readonly refund: DevChainTransfer;
}

export interface TriggerOptions {
  /** The option to pick (`CHAIN:COIN`). */
  readonly token?: string;
  /** The dev chain's wallets; needed for the paying events. */
  readonly wallet?: TestWallet;
  /** How often, and how many times, to read the events while a paying event waits for the watcher. */
  readonly pollMs?: number;
  readonly polls?: number;
  /** Dates the invoice of invoice.paid (due in 30 days). */
  readonly clock?: Clock;
}

/** The option a trigger picks: `token` if given, else the local dev chain's ETH, else the first offered. */
export function pickToken(payment: Payment, token?: string): string {
  if (token !== undefined) return token;
  const tokens = payment.chain_options.map((o) => `${o.chain_id}:${o.coin_symbol}`);
  const chosen = tokens.find((t) => t === 'ETH_LOCAL:ETH') ?? tokens[0];
  if (chosen === undefined) throw new TriggerError('The payment offers no chain: add a test wallet first.');
  return chosen;
}

/**
 * Produces `event` for real in test mode, as a merchant and a customer would through the API and the
 * checkout: creates a payment, then for payment.awaiting picks a chain (the customer's choice on the
 * checkout), for payment.cancelled cancels it (the merchant's DELETE), for payment.expired ends its
 * window now (the test helper route). The paying events pick a chain and pay the deposit address from
 * the dev chain's test wallet, then wait until the gateway's watcher emits the event: payment.detected
 * and payment.confirming return before the payment confirms; payment.refund_requested pays half, then
 * asks a refund on the checkout's refund form as the customer; payment.refunded goes on to send the
 * refund on the dev chain and record it (POST /payments/{id}/refunds); invoice.paid creates and sends an
 * invoice, presses Pay on its page and pays its payment exactly. Resolves with the payment (and
 * invoice) and the events produced.
 */
export async function runTrigger(
  api: TestModeApi,
  event: TriggerEvent,
  options: TriggerOptions = {},
): Promise<TriggerResult> {
  if (PAYING_TRIGGER_EVENTS.has(event)) return runPayingTrigger(api, event, options);
  const created = await api.createPayment(orderIdOf(event));
  let payment: Payment;
  if (event === 'payment.cancelled') {
    payment = await api.cancelPayment(created.id);
  } else if (event === 'payment.expired') {
    payment = await api.expirePayment(created.id);
  } else {
    await api.selectChain(created.id, pickToken(created, options.token));
    payment = await api.retrievePayment(created.id);
  }
  return { payment, events: await api.eventsOf(payment.id) };
}

const orderIdOf = (event: TriggerEvent) => `trigger-${event}-${randomUUID().slice(0, 8)}`;

async function runPayingTrigger(
  api: TestModeApi,
  event: TriggerEvent,
  options: TriggerOptions,
): Promise<TriggerResult> {
  const wallet = options.wallet;
  if (!wallet) throw new TriggerError(`${event} pays on the local dev chain, and none is known here.`);
  const plan = payingPlanOf(event);
  const invoice = plan.invoice ? await openInvoice(api, options.clock ?? systemClock) : undefined;
  const created = invoice
    ? await api.retrievePayment(invoice.paymentId)
    : await api.createPayment(orderIdOf(event));
  await api.selectChain(created.id, pickToken(created, options.token));
  const selected = (await api.retrieveCheckout(created.id)).selected;
  if (!selected) throw new TriggerError(`Payment ${created.id} has no deposit address after select-chain.`);
  await wallet.pay(
    selected.address,
    amountFor(plan.size, BigInt(selected.crypto_amount)),
    selected.coin_symbol,
  );
  const eventsOf = () => (invoice ? api.eventsOfInvoice(invoice.id) : api.eventsOf(created.id));
  await waitForEvent(eventsOf, plan.waitFor, options, () =>
    api
      .retrievePayment(created.id)
      .then(
        (p) =>
          `Payment ${created.id} was paid on the dev chain but is ${p.status}, without ${plan.waitFor}: is the gateway watching ${selected.chain_id}?`,
      ),
  );
  const refundTxId =
    event === 'payment.refund_requested' || event === 'payment.refunded'
      ? await refund(api, created, selected, wallet, event === 'payment.refunded')
      : undefined;
  const payment = await api.retrievePayment(created.id);
  return {
    payment,
    ...(invoice ? { invoice: await api.retrieveInvoice(invoice.id) } : {}),
    events: await eventsOf(),
    ...(refundTxId === undefined ? {} : { refundTxId }),
  };
}

/**
 * The customer asks a refund to the test wallet's address on the checkout's refund form; with `send`,
 * the merchant's side then sends what the payment received back on the dev chain and records it through
 * the API. Resolves with the refund's transaction hash when sent.
 */
async function refund(
  api: TestModeApi,
  created: Payment,
  selected: { chain_id: string; coin_symbol: string },
  wallet: TestWallet,
  send: boolean,
): Promise<string | undefined> {
  await api.postCustomerForm(`${created.checkout_url}/refund`, { refund_address: wallet.address });
  if (!send) return undefined;
  const asked = await api.retrievePayment(created.id);
  if (asked.status !== 'refund_requested') {
    throw new TriggerError(
      `Payment ${created.id} is ${asked.status} after the refund request, not refund_requested.`,
    );
  }
  const amount = asked.amount_received;
  const txId = await wallet.refund(wallet.address, BigInt(amount), selected.coin_symbol);
  await api.recordRefund(created.id, {
    chain_id: selected.chain_id,
    coin_symbol: selected.coin_symbol,
    tx_id: txId,
    amount,
  });
  return txId;
}

/**
 * An open invoice with a payment to pay: created (one line of 10.00 USD, due in 30 days) and sent
 * through the API, then Pay pressed on its page as the recipient does (which creates its payment).
 */
async function openInvoice(api: TestModeApi, clock: Clock): Promise<{ id: string; paymentId: string }> {
  const due = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  const draft = await api.createInvoice({
    recipient_email: 'trigger@example.com',
    fiat_currency: 'USD',
    line_items: [{ description: 'cairn trigger', quantity: '1', unit_price: '10.00' }],
    due_date: due,
  });
  const open = await api.sendInvoice(draft.id);
  await api.postCustomerForm(`${open.hosted_url}/pay`, {});
  const paying = await api.retrieveInvoice(open.id);
  if (!paying.payment_id) throw new TriggerError(`Invoice ${open.id} has no payment after Pay on its page.`);
  return { id: open.id, paymentId: paying.payment_id };
}

/** Reads the events until `name` is among them (the watcher commits it); else fails with `why()`. */
async function waitForEvent(
  eventsOf: () => Promise<readonly WebhookEvent[]>,
  name: string,
  options: TriggerOptions,
  why: () => Promise<string>,
): Promise<void> {
  const polls = options.polls ?? 240;
  for (let i = 0; i < polls; i += 1) {
    if ((await eventsOf()).some((e) => e.event === name)) return;
    await sleep(options.pollMs ?? 500);
  }
  if ((await eventsOf()).some((e) => e.event === name)) return;
  throw new TriggerError(await why());
}
