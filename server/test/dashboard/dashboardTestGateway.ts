import { Writable } from 'node:stream';
import pino from 'pino';
import type { Clock } from '../../src/platform/runtime/clock.js';
import { freePort } from '../harness/freePort.js';
import { startTestGateway, type TestGateway } from '../harness/startTestGateway.js';

/** A test gateway whose public URL is its real address (so mailed links work), with its log lines. */
export interface DashboardTestGateway extends TestGateway {
  /** `<baseUrl>/dashboard` */
  readonly dashboardUrl: string;
  /** Every log line the gateway wrote, as JSON text. */
  readonly logLines: string[];
}

/** Starts a test gateway on a known port, logging at debug level into memory. */
export async function startDashboardGateway(options: {
  env?: Record<string, string>;
  clock?: Clock;
  workers?: boolean;
  /** The port to listen on (default: a free one), for a redirect URI registered beforehand. */
  port?: number;
}): Promise<DashboardTestGateway> {
  const port = options.port ?? (await freePort());
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const gateway = await startTestGateway({
    env: { PORT: String(port), CAIRN_PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env },
    ...(options.clock ? { clock: options.clock } : {}),
    workers: options.workers ?? false,
    log: pino({ level: 'debug' }, sink),
  });
  return { ...gateway, dashboardUrl: `${gateway.baseUrl}/dashboard`, logLines };
}
