import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_HEADER, SIGNATURE_HEADER, verifyWebhook } from '@cairn/webhook-verifier';

/** One verified delivery, the first arrival of its `evt_` id. */
export interface SoakDelivery {
  readonly id: string;
  readonly event: string;
  /** `data.payment.id`, when the event is about a payment. */
  readonly paymentId: string | undefined;
  /** Wall-clock ms when the body was complete. */
  readonly at: number;
}

/** A merchant's webhook endpoint on loopback, verifying every delivery as a merchant's should. */
export interface SoakReceiver {
  /** `http://127.0.0.1:<port>/webhooks/cairn` */
  readonly url: string;
  /** Set once the endpoint is registered (`webhooks:set` prints the secret once). */
  setSecret(secret: string): void;
  /** Verified first arrivals, by event id. */
  readonly delivered: ReadonlyMap<string, SoakDelivery>;
  /** Event ids of each payment, in arrival order. */
  readonly byPayment: ReadonlyMap<string, readonly string[]>;
  /** Deliveries refused (answered 400), with the reason: a bad signature, header or body. */
  readonly rejected: readonly string[];
  /** Deliveries of an id already received (at-least-once), answered 200 and not counted again. */
  readonly duplicates: number;
  close(): Promise<void>;
}

/**
 * Starts the receiver on 127.0.0.1 (a free port). Each POST is verified with `@cairn/webhook-verifier`
 * (signature and a timestamp within 300 s of this machine's clock, the gateway's too), its
 * `X-Webhook-Event` and `User-Agent` headers are checked, and it is deduplicated on `id` (as
 * `test/chains/attachWebhookReceiver.ts` does for the chain suites). A delivery that fails a check is
 * answered 400 (permanent: the gateway does not retry it) and recorded in `rejected`. `onDelivery` is
 * called for each first arrival.
 */
export async function startSoakReceiver(onDelivery: (delivery: SoakDelivery) => void): Promise<SoakReceiver> {
  let secret: string | undefined;
  const delivered = new Map<string, SoakDelivery>();
  const byPayment = new Map<string, string[]>();
  const rejected: string[] = [];
  let duplicates = 0;

  const receive = (method: string, headers: Record<string, unknown>, body: string): string | undefined => {
    try {
      if (method !== 'POST') throw new Error(`method ${method}`);
      if (!secret) throw new Error('a delivery before the endpoint was registered');
      const event = verifyWebhook({
        payload: body,
        header: headers[SIGNATURE_HEADER] as string | undefined,
        secret,
      });
      if (headers[EVENT_HEADER] !== event.event)
        throw new Error(`${EVENT_HEADER} is ${String(headers[EVENT_HEADER])}, the body says ${event.event}`);
      if (headers['user-agent'] !== 'Service-Webhook/1.0')
        throw new Error(`User-Agent is ${String(headers['user-agent'])}`);
      if (delivered.has(event.id)) {
        duplicates += 1;
        return undefined;
      }
      const paymentId = (event.data as { payment?: { id?: string } } | undefined)?.payment?.id;
      const delivery: SoakDelivery = { id: event.id, event: event.event, paymentId, at: Date.now() };
      delivered.set(event.id, delivery);
      if (paymentId) {
        const list = byPayment.get(paymentId);
        if (list) list.push(event.id);
        else byPayment.set(paymentId, [event.id]);
      }
      onDelivery(delivery);
      return undefined;
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      rejected.push(reason);
      return reason;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const refused = receive(req.method ?? '', req.headers, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(refused ? 400 : 200, { 'content-type': 'text/plain' });
      res.end(refused ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/cairn`,
    setSecret(value) {
      secret = value;
    },
    delivered,
    byPayment,
    rejected,
    get duplicates() {
      return duplicates;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
