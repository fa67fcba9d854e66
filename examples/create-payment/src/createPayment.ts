/**
 * Creates a Cairn payment and prints where to send the customer.
 *
 *   CAIRN_API_KEY=pk_test_… CAIRN_BASE_URL=http://localhost:3000 pnpm start
 *
 * Exit codes: 0 created, 1 the gateway refused (the error code is printed), 2 bad configuration.
 */
import { pathToFileURL } from 'node:url';
import { Cairn, CairnError, type Payment } from '@cairn/sdk';

/** What the example payment may vary. */
export interface ExamplePaymentOptions {
  /** Your order reference (default: `example-<timestamp>`). */
  readonly orderId?: string;
  /** Where the checkout sends the customer after payment. */
  readonly successUrl?: string;
}

/**
 * Creates the example payment: 25.00 EUR, with USDC on Ethereum (Sepolia in test mode) as the
 * checkout's default option. The customer can still pick any other chain the key accepts, because
 * `restrict_to_accepted` is not set.
 */
export async function createExamplePayment(
  cairn: Cairn,
  options: ExamplePaymentOptions = {},
): Promise<Payment> {
  return cairn.payments.create({
    fiat_amount: '25.00',
    fiat_currency: 'EUR',
    accepted_tokens: [cairn.mode === 'live' ? 'ETH:USDC' : 'ETH_SEPOLIA:USDC'],
    order_id: options.orderId ?? `example-${Date.now()}`,
    description: 'Cairn example order',
    success_url: options.successUrl ?? 'https://shop.example/thanks',
  });
}

/** The lines the script prints for a created payment. */
export function describePayment(payment: Payment): string {
  const options = payment.chain_options.map(
    (option) =>
      `  ${`${option.chain_id}:${option.coin_symbol}`.padEnd(20)} ${option.display_amount} ${option.coin_symbol}` +
      `  (${option.crypto_amount} in the smallest unit, rate ${option.exchange_rate} ${payment.fiat_currency}/${option.coin_symbol})`,
  );
  return [
    `Created payment ${payment.id} (${payment.status}, ${payment.mode} mode, order ${payment.order_id})`,
    `Checkout URL: ${payment.checkout_url}`,
    `Pay ${payment.fiat_amount} ${payment.fiat_currency} with one of:`,
    ...options,
    `Expires at ${payment.expires_at}`,
  ].join('\n');
}

/** Runs the script; resolves with the exit code. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const apiKey = env.CAIRN_API_KEY;
  if (!apiKey) {
    console.error('Set CAIRN_API_KEY to an API key from the Cairn dashboard (pk_test_… or pk_live_…).');
    return 2;
  }
  let cairn: Cairn;
  try {
    cairn = new Cairn({ apiKey, baseUrl: env.CAIRN_BASE_URL || 'http://localhost:3000' });
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  try {
    console.log(describePayment(await createExamplePayment(cairn)));
    return 0;
  } catch (error) {
    if (!(error instanceof CairnError)) throw error;
    const request = error.requestId === undefined ? '' : ` (request ${error.requestId})`;
    console.error(`Cairn error ${error.code}: ${error.message}${request}`);
    return 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
