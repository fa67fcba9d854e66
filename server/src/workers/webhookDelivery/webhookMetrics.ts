import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { AttemptResult, ClaimedDelivery } from '../../domain/webhooks/deliveryTypes.js';

/** What `/metrics` shows of webhook delivery. */
export interface WebhookMetrics {
  /** Records one attempt and what it did to its delivery. */
  observe(delivery: ClaimedDelivery, result: AttemptResult): void;
}

/** The delivery queue at scrape time. */
export interface WebhookQueueDepth {
  /** Pending deliveries whose time has come, the ones in flight included (the backlog being worked on). */
  readonly due: number;
  /** Pending deliveries waiting for a retry time. */
  readonly scheduled: number;
  /** Pending deliveries waiting behind an earlier event of their payment. */
  readonly parked: number;
  /** Seconds since the oldest due delivery became due (0 when none is due). */
  readonly oldestDueSeconds: number;
}

/**
 * Registers the webhook metrics on `registry` (the gateway's /metrics registry): attempts by mode and
 * outcome (delivered, retry, failed, exhausted), failures by error class, attempt latency, and the
 * queue's depth and oldest due delivery, read with `queueDepth` at scrape time (alert on that age: a
 * backlog that does not drain).
 */
export function createWebhookMetrics(
  registry: Registry,
  queueDepth: () => Promise<WebhookQueueDepth>,
): WebhookMetrics {
  const registers = [registry];
  const attempts = new Counter({
    name: 'cairn_webhook_attempts_total',
    help: 'Webhook delivery attempts, by mode and outcome (delivered, retry, failed, exhausted).',
    labelNames: ['mode', 'outcome'],
    registers,
  });
  const errors = new Counter({
    name: 'cairn_webhook_attempt_errors_total',
    help: 'Failed webhook attempts, by error class (http_status, timeout, refused, dns, ssrf_blocked, tls, network, secret_unavailable).',
    labelNames: ['mode', 'class'],
    registers,
  });
  const latency = new Histogram({
    name: 'cairn_webhook_attempt_duration_seconds',
    help: 'Time from sending a webhook to its response (or failure).',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  // One query per scrape for both gauges (a scrape collects them concurrently).
  let reading: Promise<WebhookQueueDepth> | undefined;
  const depth = () => {
    reading ??= queueDepth().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'cairn_webhook_pending_deliveries',
    help: 'Pending webhook deliveries: due now, scheduled for a retry, or parked behind an earlier event of their payment.',
    labelNames: ['state'],
    registers,
    async collect() {
      const { due, scheduled, parked } = await depth();
      this.set({ state: 'due' }, due);
      this.set({ state: 'scheduled' }, scheduled);
      this.set({ state: 'parked' }, parked);
    },
  });
  new Gauge({
    name: 'cairn_webhook_oldest_due_seconds',
    help: 'Seconds since the oldest due webhook delivery became due (0 when none is due).',
    registers,
    async collect() {
      this.set((await depth()).oldestDueSeconds);
    },
  });
  return {
    observe(delivery, result) {
      const outcome = result.status === 'pending' ? 'retry' : result.status;
      attempts.inc({ mode: delivery.mode, outcome });
      if (result.errorClass) errors.inc({ mode: delivery.mode, class: result.errorClass });
      if (result.latencyMs !== null) latency.observe(result.latencyMs / 1000);
    },
  };
}
