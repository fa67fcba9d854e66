import type { Checkout, Payment, WebhookEvent } from '@cairn/contract';
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

  /** The payment's events, oldest first (the API lists newest first; a trigger makes few). */
  async eventsOf(id: string): Promise<WebhookEvent[]> {
    const page = (await this.call('GET', `/events?payment_id=${id}&limit=100`)) as { data: WebhookEvent[] };
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
