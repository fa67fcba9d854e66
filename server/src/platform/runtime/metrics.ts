import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The gateway's Prometheus registry and the metrics it records. */
export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly paymentsCreated: Counter<'mode'>;
}

/** A fresh registry (one per app, so tests can build several apps in one process). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cairn_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'cairn_http_request_duration_seconds',
      help: 'HTTP request duration by route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    paymentsCreated: new Counter({
      name: 'cairn_payments_created_total',
      help: 'Payments created, by mode.',
      labelNames: ['mode'],
      registers: [registry],
    }),
  };
}
