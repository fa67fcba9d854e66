/**
 * The part of autocannon 8's programmatic API the benchmark uses (the package ships no types and
 * `@types/autocannon` is not a dependency). See autocannon/lib/aggregateResult.js.
 */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      headers?: Record<string, string>;
      body?: string;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      title?: string;
      /** Requests sent in turn; `setupRequest` rebuilds each one before it is sent. */
      requests?: RequestSpec[];
    }

    /** A request as autocannon builds it (the options' method, headers and body merged in). */
    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface RequestSpec extends RequestParams {
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    }

    /** Summary of an HDR histogram: mean/stddev/min/max and the percentiles (p2_5, p97_5, …). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total?: number;
      p1: number;
      p2_5: number;
      p10: number;
      p25: number;
      p50: number;
      p75: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      /** Seconds actually run. */
      duration: number;
      /** How many one-second samples `requests` and `throughput` hold. */
      samples: number;
      start: Date;
      finish: Date;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds per request. */
      latency: Histogram & { totalCount: number };
      /** Requests completed per one-second sample. */
      requests: Histogram & { sent: number };
      /** Bytes per one-second sample. */
      throughput: Histogram;
    }
  }

  /** Without a callback, the returned tracker is also a promise of the result. */
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;

  export = autocannon;
}
