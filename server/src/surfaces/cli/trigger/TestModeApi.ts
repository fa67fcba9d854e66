import type { Checkout, CreateInvoiceRequest, Invoice, Payment, WebhookEvent } from '@cairn/contract';
import { TriggerError } from './TriggerError.js';

/** An error answer of the merchant API (or none at all), as `cairn trigger` reports it. */
export class TriggerApiError extends TriggerError {
  override readonly name = 'TriggerApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The few merchant API calls `cairn trigger` makes, over HTTP with a test key (as a merchant's own
 * code would: the CLI goes through the gateway's routes, so the events are the ones a real integration
 * gets). Every answer other than 2xx becomes a {@link TriggerApiError} with the API's code.
 */
export class TestModeApi {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  createPayment(orderId: string): Promise<Payment> {
    return this.data('POST', '/payments', {
      fiat_amount: '10.00',
      fiat_currency: 'USD',
      order_id: orderId,
      description: 'cairn trigger',
    });
  }

  selectChain(id: string, token: string): Promise<unknown> {
    return this.data('POST', `/checkout/${id}/select-chain`, { token });
  }

  retrieveCheckout(id: string): Promise<Checkout> {
    return this.data('GET', `/checkout/${id}`);
  }

  retrievePayment(id: string): Promise<Payment> {
    return this.data('GET', `/payments/${id}`);
  }

  cancelPayment(id: string): Promise<Payment> {
    return this.data('DELETE', `/payments/${id}`);
  }

  expirePayment(id: string): Promise<Payment> {
    return this.data('POST', `/test_helpers/payments/${id}/expire`);
  }

  /** Records a refund the merchant sent on-chain (the payment becomes `refunded`). */
  recordRefund(
    id: string,
    refund: { chain_id: string; coin_symbol: string; tx_id: string; amount: string },
  ): Promise<Payment> {
    return this.data('POST', `/payments/${id}/refunds`, refund);
  }

  createInvoice(body: CreateInvoiceRequest): Promise<Invoice> {
    return this.data('POST', '/invoices', body);
  }

  sendInvoice(id: string): Promise<Invoice> {
    return this.data('POST', `/invoices/${id}/send`);
  }

  retrieveInvoice(id: string): Promise<Invoice> {
    return this.data('GET', `/invoices/${id}`);
  }

  /** The payment's events, oldest first (the API lists newest first; a trigger makes few). */
  eventsOf(id: string): Promise<WebhookEvent[]> {
    return this.events(`payment_id=${id}`);
  }

  /** The invoice's events and its payments' events, oldest first. */
  eventsOfInvoice(id: string): Promise<WebhookEvent[]> {
    return this.events(`invoice_id=${id}`);
  }

  /**
   * A customer's form on a checkout or invoice page (`url` is the page's own, as the payment or invoice
   * gives it, plus the action): posted without a key, as the browser does; the page answers a 303
   * redirect when it took the action. Resolves with that redirect's target.
   */
  async postCustomerForm(url: string, fields: Record<string, string>): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new TriggerApiError(0, 'CONNECTION_ERROR', `No page answers at ${url} (${reason}).`);
    }
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (response.status !== 303 || location === null) {
      throw new TriggerApiError(
        response.status,
        'CUSTOMER_ACTION_REFUSED',
        `POST ${url}: ${response.status}; the page refused the customer's action (open it to see why).`,
      );
    }
    return new URL(location, url).toString();
  }

  private async events(filter: string): Promise<WebhookEvent[]> {
    const page = (await this.call('GET', `/events?${filter}&limit=100`)) as { data: WebhookEvent[] };
    return [...page.data].reverse();
  }

  private async data<T>(method: string, path: string, body?: unknown): Promise<T> {
    return ((await this.call(method, path, body)) as { data: T }).data;
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new TriggerApiError(0, 'CONNECTION_ERROR', `No gateway answers at ${this.baseUrl} (${reason}).`);
    }
    const text = await response.text();
    const parsed = text.length > 0 ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const error = (parsed as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new TriggerApiError(
        response.status,
        error?.code ?? 'HTTP_ERROR',
        `${method} /api/v1${path}: ${response.status} ${error?.code ?? ''} ${error?.message ?? text}`.trim(),
      );
    }
    return parsed;
  }
}
