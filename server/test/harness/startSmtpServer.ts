import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './waitUntil.js';

/** A message the test SMTP server received, parsed. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly parsed: ParsedMail;
}

/** A real SMTP server on a loopback port (the `smtp-server` package), keeping what it receives. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` with the test credentials, for CAIRN_SMTP_URL. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Makes the next `count` messages fail with a temporary error (421), as a busy server does. */
  failNext(count: number): void;
  /** The first message to `to` whose subject contains `subject`, waiting for it. */
  waitFor(to: string, subject: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * Starts an SMTP server that requires the login `cairn`/`secret` (no TLS: loopback only) and parses
 * every message with mailparser.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'cairn' && auth.password === 'secret') return callback(null, { user: 'cairn' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 421 }));
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const find = (to: string, subject: string) =>
    received.find((m) => m.to.includes(to) && m.subject.includes(subject));
  return {
    url: `smtp://cairn:secret@127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    async waitFor(to, subject, timeoutMs = 30_000) {
      await waitUntil(() => find(to, subject) !== undefined, `mail to ${to} about "${subject}"`, timeoutMs);
      return find(to, subject)!;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
