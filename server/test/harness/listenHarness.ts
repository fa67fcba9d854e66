import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import { SIGNATURE_HEADER, verifyWebhook } from '@cairn/webhook-verifier';
import { CAIRN_BIN } from './compiledCli.js';

// `cairn listen` in tests: the compiled command and a local receiver that verifies what it forwards
// with @cairn/webhook-verifier (test/cli/listen.test.ts, test/cli/triggerDevChain.test.ts).

/** One request the receiver got: the event's id and name, its payment, and whether it verified. */
export interface ReceivedEvent {
  readonly id: string;
  readonly event: string;
  readonly payment?: string;
  readonly verified: boolean;
}

/** A local webhook receiver that verifies each request with `secret()` (once it is known). */
export function startReceiver(secret: () => string) {
  const received: ReceivedEvent[] = [];
  const server: HttpServer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      try {
        const event = verifyWebhook({
          payload: body,
          header: request.headers[SIGNATURE_HEADER] as string,
          secret: secret(),
        });
        const payment = (event.data as { payment?: { id: string } }).payment?.id;
        received.push({ id: event.id, event: event.event, ...(payment ? { payment } : {}), verified: true });
        response.writeHead(204).end();
      } catch {
        received.push({ ...(JSON.parse(body) as { id: string; event: string }), verified: false });
        response.writeHead(400).end();
      }
    });
  });
  return { server, received };
}

/** Starts `cairn listen` (compiled) and collects its output. */
export function startListen(args: string[]): { child: ChildProcess; out: () => string; err: () => string } {
  const child = spawn(process.execPath, [CAIRN_BIN, 'listen', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CAIRN_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return { child, out: () => out, err: () => err };
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
