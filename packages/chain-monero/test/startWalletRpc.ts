import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MoneroNetwork } from '../src/moneroChains.js';

/** The monero-wallet-rpc binary: `MONERO_WALLET_RPC` when set, else on the PATH; undefined when missing. */
export function findWalletRpc(): string | undefined {
  const candidate = process.env.MONERO_WALLET_RPC ?? 'monero-wallet-rpc';
  const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? candidate : undefined;
}

/** `monero-wallet-rpc --version`, e.g. `Monero 'Fluorine Fermi' (v0.18.0.0-unknown)`. */
export function walletRpcVersion(): string {
  const binary = findWalletRpc();
  if (!binary) throw new Error('monero-wallet-rpc is not installed');
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

/**
 * Whether the monero-wallet-rpc suites can run. A missing binary skips them with a loud message
 * locally and fails the run under `CI=true` (docs/operating/testing.md): call at module level and pass the
 * result to `describe.runIf`.
 */
export function walletRpcAvailable(suite: string): boolean {
  if (findWalletRpc()) return true;
  const message =
    `monero-wallet-rpc is not installed: the "${suite}" suite needs the real Monero wallet. ` +
    'Install it (Debian: apt-get install monero) or set MONERO_WALLET_RPC to its path.';
  if (process.env.CI === 'true') throw new Error(`${message} Failing because CI=true.`);
  const bar = '!'.repeat(100);
  console.warn(`\n${bar}\nSKIPPED: ${message}\n${bar}\n`);
  return false;
}

/** A loopback port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The wallet RPC answered 401: it wants the `--rpc-login` credentials. */
class LoginWanted extends Error {}

/** A running, offline monero-wallet-rpc. */
export interface WalletRpc {
  /** Its base URL, e.g. `http://127.0.0.1:40123` (without the login). */
  readonly url: string;
  /** Calls a JSON-RPC method at /json_rpc; throws on an RPC error. */
  call<T>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Stops the process and removes its wallet dir. */
  stop(): Promise<void>;
}

/**
 * Starts `monero-wallet-rpc --offline` (no daemon, no DNS) for `network` on a free loopback port, with
 * a temp wallet dir and RPC login disabled, and waits until it answers (2-5 s; polled, no fixed sleep).
 */
export async function startWalletRpc(
  network: MoneroNetwork,
  /** `user:password` for `--rpc-login` (Digest authentication); unset, the login is disabled. */
  login?: string,
): Promise<WalletRpc> {
  const binary = findWalletRpc();
  if (!binary) throw new Error('monero-wallet-rpc is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'cairn-monero-wallet-rpc-'));
  const port = await freePort();
  const args = [
    '--offline',
    ...(network === 'mainnet' ? [] : [`--${network}`]),
    '--rpc-bind-ip',
    '127.0.0.1',
    '--rpc-bind-port',
    String(port),
    ...(login === undefined ? ['--disable-rpc-login'] : ['--rpc-login', login]),
    '--wallet-dir',
    dir,
    '--non-interactive',
    '--log-file',
    join(dir, 'wallet-rpc.log'),
  ];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let exited = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const url = `http://127.0.0.1:${port}/json_rpc`;
  const call = async <T>(method: string, params: Record<string, unknown> = {}): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: '0', method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 401) throw new LoginWanted();
    const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message} (${body.error.code})`);
    return body.result as T;
  };
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exited) throw new Error(`monero-wallet-rpc exited during startup: ${stderr.trim()}`);
      try {
        await call('get_version');
        break;
      } catch (error) {
        // With a login, an answer that asks for it means the server is up.
        if (error instanceof LoginWanted && login !== undefined) break;
        if (Date.now() > deadline)
          throw new Error(`monero-wallet-rpc did not answer within 60 s: ${stderr.trim()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return { url: `http://127.0.0.1:${port}`, call, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
