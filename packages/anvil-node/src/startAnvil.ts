import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './freePort.js';
import { locateAnvil } from './locateAnvil.js';

/**
 * The first accounts of anvil's default mnemonic (`test test ... junk`), each funded with 10,000 ETH
 * at start. Public test keys: never use them for anything of value.
 */
export const ANVIL_ACCOUNTS = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
] as const;

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  /** Listening port on 127.0.0.1 (default: a free one). */
  readonly port?: number;
  /** EIP-155 chain id (default 31337, anvil's own). */
  readonly chainId?: number;
  /** Seconds between blocks; unset: a block per transaction (automine). */
  readonly blockTime?: number;
  /** A state file loaded at start and written on exit and every `stateIntervalSeconds` (`--state`). */
  readonly stateFile?: string;
  readonly stateIntervalSeconds?: number;
  /** How long to wait for the first JSON-RPC answer (default 30 s). */
  readonly readyTimeoutMs?: number;
}

/** A running anvil. */
export interface AnvilNode {
  /** `http://127.0.0.1:<port>`: what `CAIRN_CHAIN_ETH_LOCAL_RPC_URL` takes. */
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  /** One raw JSON-RPC call (anvil's own methods included: `evm_mine`, `anvil_reorg`, ...). */
  request<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /** Mines `count` blocks (`anvil_mine`). */
  mine(count?: number): Promise<void>;
  /** The latest block number. */
  blockNumber(): Promise<number>;
  /** Whether the process is still running. */
  readonly running: boolean;
  /** Stops anvil (SIGTERM, then SIGKILL after 5 s); resolves once it exited. Also happens when this process dies. */
  stop(): Promise<void>;
}

/** Raised when anvil cannot be found or does not come up. */
export class AnvilStartError extends Error {
  override readonly name = 'AnvilStartError';
}

/**
 * Starts anvil on 127.0.0.1 from the npm package's binary and waits until it answers JSON-RPC (about
 * 0.1 s here). The caller stops it.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilNode> {
  const binary = locateAnvil();
  if (!binary)
    throw new AnvilStartError(
      'anvil is not installed (the @foundry-rs/anvil package and its platform binary); run pnpm install',
    );
  const port = options.port ?? (await freePort());
  const chainId = options.chainId ?? 31337;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--quiet'];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  if (options.stateFile) {
    args.push('--state', options.stateFile);
    if (options.stateIntervalSeconds) args.push('--state-interval', String(options.stateIntervalSeconds));
  }
  // anvil runs under a small POSIX shell that holds our end of a pipe: when this process ends, even by
  // SIGKILL, the pipe closes and the shell stops anvil (SIGTERM: it writes its state), so no anvil is
  // ever left behind. `stop()` closes the pipe the same way.
  const child: ChildProcess = spawn(
    '/bin/sh',
    // The watch on the pipe runs beside anvil; the shell ends when anvil does (its exit code).
    // (A background job reads /dev/null unless told otherwise: the watch reads the pipe through fd 3.)
    [
      '-c',
      'exec 3<&0; "$0" "$@" </dev/null & a=$!; (cat <&3 >/dev/null; kill -TERM "$a" 2>/dev/null) & wait "$a"',
      binary,
      ...args,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const rpcUrl = `http://127.0.0.1:${port}`;
  let nextId = 1;
  const request = async <T>(method: string, params: readonly unknown[] = []): Promise<T> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message} (${body.error.code})`);
    return body.result as T;
  };
  const stop = async () => {
    if (exited) return;
    child.stdin?.end();
    // Still running after 5 s: kill the shell and anvil (their own process group).
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, 5000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (exited) throw new AnvilStartError(`anvil exited during start-up: ${stderr.trim() || '(no output)'}`);
    try {
      await request('eth_chainId');
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new AnvilStartError(`anvil did not answer on ${rpcUrl}: ${stderr.trim() || '(no output)'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return {
    rpcUrl,
    port,
    chainId,
    request,
    async mine(count = 1) {
      await request('anvil_mine', [`0x${count.toString(16)}`]);
    },
    async blockNumber() {
      return Number.parseInt(await request<string>('eth_blockNumber'), 16);
    },
    get running() {
      return !exited;
    },
    stop,
  };
}
