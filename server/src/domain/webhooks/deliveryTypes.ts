import type { Mode } from '@cairn/contract';

/** A delivery's status: pending (queued, in flight or waiting for a retry) or one of the final three. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'exhausted';

/** Why an attempt failed, as the delivery log shows it. */
export type DeliveryErrorClass =
  | 'http_status'
  | 'timeout'
  | 'refused'
  | 'dns'
  | 'ssrf_blocked'
  | 'tls'
  | 'network'
  | 'secret_unavailable';

/** A delivery claimed for one attempt, with what the attempt needs from its endpoint. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly lockToken: string;
  /** Attempts made before this one. */
  readonly attempts: number;
  readonly event: string;
  readonly mode: Mode;
  readonly paymentId: string | null;
  /** The exact body, fixed when the event was written (the same bytes on every attempt and redelivery). */
  readonly requestBody: string;
  readonly url: string;
  readonly allowedIps: readonly string[];
  readonly secretSealed: string;
  readonly previousSecretSealed: string | null;
  readonly previousSecretExpiresAt: Date | null;
}

/** What one attempt did. */
export type AttemptOutcome =
  | {
      readonly kind: 'response';
      readonly statusCode: number;
      /** The first 1 KiB of the response body. */
      readonly responseBody: string;
      readonly retryAfter?: string | undefined;
      readonly latencyMs: number;
    }
  | {
      readonly kind: 'error';
      readonly errorClass: DeliveryErrorClass;
      readonly message: string;
      readonly latencyMs: number;
    };

/** The row update an attempt produces (written back in batches). */
export interface AttemptResult {
  readonly id: string;
  readonly lockToken: string;
  readonly status: DeliveryStatus;
  /** Attempts made, this one included (unchanged when the attempt was not made). */
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly responseBody: string | null;
  readonly latencyMs: number | null;
  readonly errorClass: DeliveryErrorClass | null;
  readonly error: string | null;
  readonly signature: string | null;
  readonly url: string;
  readonly completedAt: Date | null;
  /** Whether the delivery left the queue (unblocks the payment's next event). */
  readonly paymentId: string | null;
}
