import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatUnits } from '@cairn/chain-core';
import { JsonRpcClient, JsonRpcError } from '@cairn/chain-utxo';
import { freePort } from './freePort.js';

/** The litecoind binary: `LITECOIND` when set, else `litecoind` on the PATH; undefined when missing. */
export function findLitecoind(): string | undefined {
  const candidate = process.env.LITECOIND ?? 'litecoind';
  const probe = spawnSync(candidate, ['-version'], { encoding: 'utf8' });
  return probe.status === 0 ? candidate : undefined;
}

/**
 * Whether the litecoind suites can run. A missing binary skips them with a loud message locally and
 * fails the run under `CI=true` (docs/operating/testing.md): call at module level and pass the result to
 * `describe.runIf`.
 */
export function litecoindAvailable(suite: string): boolean {
  if (findLitecoind()) return true;
  const message =
    `litecoind is not installed: the "${suite}" suite needs a real Litecoin regtest node. ` +
    'Install it (Debian: apt-get install litecoind) or set LITECOIND to its path.';
  if (process.env.CI === 'true') throw new Error(`${message} Failing because CI=true.`);
  const bar = '!'.repeat(100);
  console.warn(`\n${bar}\nSKIPPED: ${message}\n${bar}\n`);
  return false;
}

/** A running `litecoind -regtest`, with a funded wallet unless started with `wallet: false`. */
export interface Litecoind {
  /** `http://user:pass@127.0.0.1:<port>`: what `CAIRN_CHAIN_LTC_REGTEST_RPC_URL` takes. */
  readonly rpcUrl: string;
  /** The node's RPC (wallet calls go to the one loaded wallet). */
  readonly rpc: JsonRpcClient;
  /** `127.0.0.1:<port>` where it takes peers (with `listen: true`), for another node's `peer`. */
  readonly p2pAddress?: string;
  /** An address of the node's wallet that receives the block rewards (empty without a wallet). */
  readonly minerAddress: string;
  /**
   * Mines `count` blocks to a fresh wallet address (so a block mined after `invalidateblock` never
   * repeats the invalidated one byte for byte); returns their hashes.
   */
  mine(count?: number): Promise<string[]>;
  /** Sends `amount` litoshis from the node's wallet to `address` (`sendtoaddress`); returns the txid. */
  send(address: string, amount: bigint): Promise<string>;
  /** The active chain's height. */
  height(): Promise<number>;
  /** Stops the node and keeps its data (a node going away); `resume()` starts it again. */
  halt(): Promise<void>;
  /** Starts a halted node again on the same data, ports and peer. */
  resume(): Promise<void>;
  /**
   * A reset chain: stops the node, empties its data dir and starts it again on the same ports, with a
   * fresh wallet and `blocks` new blocks (regtest's genesis stays the same; every later block differs).
   */
  wipe(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

const COIN_DECIMALS = 8;

/** Litoshis as the decimal string the node's RPC takes. */
export const toCoins = (amount: bigint): string => formatUnits(amount, COIN_DECIMALS);

/**
 * Starts `litecoind -regtest -txindex` on free loopback ports in a temp data dir, creates a wallet and
 * mines `initialBlocks` (default 150: 50 mature coinbases to spend). With `listen`, it also takes peers
 * on a loopback port; with `peer` (another node's `p2pAddress`), it follows that node's chain (then
 * `wallet: false` and `initialBlocks: 0` make it a plain follower, as a merchant's own node is).
 * `stop()` stops the node and removes the data dir.
 */
export async function startLitecoind(
  options: { initialBlocks?: number; listen?: boolean; peer?: string; wallet?: boolean } = {},
): Promise<Litecoind> {
  const binary = findLitecoind();
  if (!binary) throw new Error('litecoind is not installed');
  const datadir = mkdtempSync(join(tmpdir(), 'cairn-litecoind-'));
  const rpcPort = await freePort();
  const p2pPort = options.listen ? await freePort() : undefined;
  const wallet = options.wallet ?? true;
  const user = 'cairn';
  const password = randomBytes(12).toString('hex');
  const args = [
    '-regtest',
    `-datadir=${datadir}`,
    '-server',
    '-txindex',
    ...(p2pPort ? ['-listen=1', '-bind=127.0.0.1', `-port=${p2pPort}`] : ['-listen=0']),
    ...(options.peer ? [`-connect=${options.peer}`] : []),
    '-dnsseed=0',
    '-discover=0',
    '-upnp=0',
    '-persistmempool=0',
    '-fallbackfee=0.0001',
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    `-rpcport=${rpcPort}`,
    `-rpcuser=${user}`,
    `-rpcpassword=${password}`,
    '-rpcthreads=8',
    '-printtoconsole=0',
  ];
  const rpcUrl = `http://${user}:${password}@127.0.0.1:${rpcPort}`;
  const rpc = new JsonRpcClient(rpcUrl, { timeoutMs: 60_000 });

  let child: ChildProcess | undefined;
  let exited = true;
  let exit: Promise<void> = Promise.resolve();
  let stderr = '';
  const launch = async () => {
    stderr = '';
    const spawned = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = spawned;
    exited = false;
    spawned.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    exit = new Promise<void>((resolve) =>
      spawned.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exited) throw new Error(`litecoind exited during startup: ${stderr.trim()}`);
      try {
        await rpc.call('getblockchaininfo');
        return;
      } catch (error) {
        // -28: warming up; a refused connection: not listening yet.
        if (error instanceof JsonRpcError && error.rpcCode !== -28) throw error;
        if (Date.now() > deadline) throw new Error(`litecoind did not answer within 60 s: ${stderr.trim()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  const halt = async () => {
    if (exited) return;
    try {
      await rpc.call('stop');
    } catch {
      child?.kill('SIGTERM');
    }
    const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(timer);
  };
  const cleanup = async () => {
    await halt();
    rmSync(datadir, { recursive: true, force: true });
  };

  try {
    await launch();
    let minerAddress = '';
    if (wallet) {
      await rpc.call('createwallet', ['cairn-test']);
      minerAddress = await rpc.call<string>('getnewaddress', ['miner', 'bech32']);
    }
    const mine = async (count = 1) => {
      const to = await rpc.call<string>('getnewaddress', ['miner', 'bech32']);
      return rpc.call<string[]>('generatetoaddress', [count, to]);
    };
    if (wallet && (options.initialBlocks ?? 150) > 0) await mine(options.initialBlocks ?? 150);
    return {
      rpcUrl,
      rpc,
      ...(p2pPort ? { p2pAddress: `127.0.0.1:${p2pPort}` } : {}),
      minerAddress,
      mine,
      send: (address, amount) => rpc.call<string>('sendtoaddress', [address, toCoins(amount)]),
      height: () => rpc.call<number>('getblockcount'),
      halt,
      async resume() {
        if (!exited) return;
        await launch();
        if (wallet)
          await rpc.call('loadwallet', ['cairn-test']).catch((error: unknown) => {
            // -35: loaded already (the node loads its wallets at start by itself).
            if (!(error instanceof JsonRpcError && error.rpcCode === -35)) throw error;
          });
      },
      async wipe(blocks) {
        await halt();
        rmSync(datadir, { recursive: true, force: true });
        mkdirSync(datadir);
        await launch();
        if (wallet) {
          await rpc.call('createwallet', ['cairn-test']);
          if (blocks > 0) await mine(blocks);
        }
      },
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
