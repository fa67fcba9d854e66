import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MoneroDaemonRpc, MoneroWalletRpc } from '@cairn/chain-monero';
import { freePort } from './freePort.js';

const probe = (candidate: string) => spawnSync(candidate, ['--version'], { encoding: 'utf8' }).status === 0;

/** The monerod binary: `MONEROD` when set, else `monerod` on the PATH; undefined when missing. */
export function findMonerod(): string | undefined {
  const candidate = process.env.MONEROD ?? 'monerod';
  return probe(candidate) ? candidate : undefined;
}

/**
 * The monero-wallet-rpc binary: `MONERO_WALLET_RPC` when set, else `monero-wallet-rpc` on the PATH;
 * undefined when missing.
 */
export function findMoneroWalletRpc(): string | undefined {
  const candidate = process.env.MONERO_WALLET_RPC ?? 'monero-wallet-rpc';
  return probe(candidate) ? candidate : undefined;
}

/**
 * Whether the Monero suites can run (monerod and monero-wallet-rpc both installed). A missing binary
 * skips them with a loud message locally and fails the run under `CI=true` (docs/operating/testing.md):
 * call at module level and pass the result to `describe.runIf`.
 */
export function moneroAvailable(suite: string): boolean {
  const missing = [
    findMonerod() ? undefined : 'monerod (or MONEROD)',
    findMoneroWalletRpc() ? undefined : 'monero-wallet-rpc (or MONERO_WALLET_RPC)',
  ].filter((m) => m !== undefined);
  if (missing.length === 0) return true;
  const message =
    `${missing.join(' and ')} not installed: the "${suite}" suite needs a real Monero regtest node ` +
    'and wallet RPC. Install them (Debian: apt-get install monero) or set MONEROD and MONERO_WALLET_RPC.';
  if (process.env.CI === 'true') throw new Error(`${message} Failing because CI=true.`);
  const bar = '!'.repeat(100);
  console.warn(`\n${bar}\nSKIPPED: ${message}\n${bar}\n`);
  return false;
}

/** An extra monero-wallet-rpc attached to the harness's monerod, with its own wallet dir. */
export interface MoneroWalletRpcProcess {
  /** `http://127.0.0.1:<port>`: what a wallet RPC URL setting takes. */
  readonly url: string;
  readonly walletDir: string;
  readonly rpc: MoneroWalletRpc;
  /** Stops the process (it stores its open wallet) and removes its wallet dir. */
  stop(): Promise<void>;
}

/** A running `monerod --regtest` with a funded payer wallet in its own monero-wallet-rpc. */
export interface Monero {
  /** `http://127.0.0.1:<port>`: the daemon's RPC, what a daemon URL setting takes. */
  readonly daemonUrl: string;
  readonly daemon: MoneroDaemonRpc;
  /** The payer's wallet RPC (its wallet is open; mined blocks pay it). */
  readonly payer: MoneroWalletRpc;
  readonly payerUrl: string;
  /** The payer wallet's primary address. */
  readonly payerAddress: string;
  /** Mines `count` blocks (default 1) paying the payer; returns their hashes. */
  mine(count?: number): Promise<string[]>;
  /** The top block's height (`get_info.height - 1`: Monero's "height" counts blocks). */
  height(): Promise<number>;
  /**
   * Sends `piconero` from the payer to `address` and returns the txid once the daemon has it in its
   * pool. The payer is refreshed first; when its unlocked balance cannot cover the amount plus a fee
   * (its change stays locked for 10 blocks after each send, coinbases for 60), blocks are mined until it
   * can, so a send may move the tip: read `height()` after it, not before.
   */
  send(address: string, piconero: bigint): Promise<string>;
  /**
   * Starts another monero-wallet-rpc on the same daemon (e.g. for a merchant's view-only wallet), in
   * a wallet dir of its own, or in `walletDir` (a pool's shared one, left in place by `stop()`).
   */
  startWalletRpc(options?: { walletDir?: string }): Promise<MoneroWalletRpcProcess>;
  /** Removes the top `count` blocks; their transactions return to the pool. Returns the new tip height. */
  popBlocks(count: number): Promise<number>;
  /** Empties the daemon's pool. */
  flushTxpool(): Promise<void>;
  /** Stops every process started here (wallet RPCs first, then the daemon) and removes the temp dirs. */
  stop(): Promise<void>;
}

/** A spawned server: its exit, the tail of its console output, and a stop that waits for the exit. */
interface Spawned {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly hasExited: () => boolean;
  readonly stop: () => Promise<void>;
}

const OUTPUT_TAIL = 8_000;
/** monerod colours its console output even into a pipe. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const STARTUP_MS = 60_000;
/** Both servers store their state on SIGTERM; regtest state is thrown away, so do not wait long. */
const STOP_GRACE_MS = 10_000;

function spawnServer(binary: string, args: readonly string[]): Spawned {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    // A binary that cannot be spawned emits 'error' and no 'exit'.
    child.once('error', (error) => {
      output += `\n${error.message}`;
      exited = true;
      resolve();
    });
  });
  return {
    child,
    output: () => output.replace(ANSI_COLOUR, '').trim(),
    hasExited: () => exited,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}

/**
 * Polls `ready` every 50 ms until it resolves (a refused connection, or a daemon still busy, means "not
 * yet"). Fails at once, with the server's console output, when the server exits.
 */
async function waitForServer(name: string, server: Spawned, ready: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  let last: unknown;
  for (;;) {
    if (server.hasExited()) throw new Error(`${name} exited during startup:\n${server.output()}`);
    try {
      await ready();
      return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `${name} did not answer within ${STARTUP_MS / 1000} s (last error: ${String(last)}):\n${server.output()}`,
  );
}

/** What the payer keeps on top of an amount for the fee (regtest fees are ~0.003 XMR). */
const FEE_MARGIN = 100_000_000_000n;
/**
 * Coinbase outputs unlock after 60 blocks; mine well past it so the payer can spend at once, and so
 * the chain has enough unlocked outputs for a transfer's 15 decoys: with 80 blocks, a `transfer` was
 * seen to hang (wallet2 kept looking for decoys) once a few transfers and blocks had followed.
 */
const DEFAULT_INITIAL_BLOCKS = 160;

/**
 * Starts `monerod --regtest --offline --fixed-difficulty 1` on free loopback ports in a temp data dir
 * (every port it has set explicitly: RPC, P2P IPv4 and IPv6, ZMQ although disabled; no restricted RPC
 * port, which would open a second server), then a payer `monero-wallet-rpc` on a free port with a new
 * wallet, and mines `initialBlocks` (default 160) to the payer so that 100 coinbases are spendable.
 * Both run without TLS (`--rpc-ssl disabled`: autodetect spends ~4 s generating a certificate) and
 * without a login. `stop()` stops them and removes the temp dir; the processes are also killed when this
 * process exits, so a failing test file never leaves them behind.
 */
export async function startMonero(options: { initialBlocks?: number } = {}): Promise<Monero> {
  const monerod = findMonerod();
  const walletRpcBinary = findMoneroWalletRpc();
  if (!monerod || !walletRpcBinary) throw new Error('monerod or monero-wallet-rpc is not installed');
  const root = mkdtempSync(join(tmpdir(), 'cairn-monero-'));
  const servers: Spawned[] = [];
  const killOnExit = () => {
    for (const server of servers) if (!server.hasExited()) server.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  };
  process.on('exit', killOnExit);
  const stopAll = async () => {
    // Wallet RPCs first: they talk to the daemon while they store their wallets.
    await Promise.all(servers.slice(1).map((s) => s.stop()));
    await servers[0]?.stop();
    process.off('exit', killOnExit);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    const [rpcPort, p2pPort, p2pIpv6Port, zmqPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const dataDir = join(root, 'monerod');
    mkdirSync(dataDir);
    const daemonServer = spawnServer(monerod, [
      '--regtest',
      '--offline',
      '--fixed-difficulty',
      '1',
      '--data-dir',
      dataDir,
      '--log-file',
      join(dataDir, 'monerod.log'),
      '--log-level',
      '0',
      '--rpc-bind-ip',
      '127.0.0.1',
      `--rpc-bind-port=${rpcPort}`,
      '--rpc-ssl',
      'disabled',
      '--disable-rpc-ban',
      // Each wallet RPC of a pool keeps connections to the daemon: the default 25 per private IP
      // (loopback included) would refuse the 26th (docs/operating/monero.md).
      '--rpc-max-connections-per-private-ip',
      '1000',
      '--rpc-max-connections',
      '1000',
      '--p2p-bind-ip',
      '127.0.0.1',
      `--p2p-bind-port=${p2pPort}`,
      `--p2p-bind-port-ipv6=${p2pIpv6Port}`,
      '--no-zmq',
      `--zmq-rpc-bind-port=${zmqPort}`,
      '--no-igd',
      '--disable-dns-checkpoints',
      '--check-updates',
      'disabled',
      '--non-interactive',
    ]);
    servers.push(daemonServer);
    const daemonUrl = `http://127.0.0.1:${rpcPort}`;
    const daemon = new MoneroDaemonRpc(daemonUrl);

    let extraWallets = 0;
    const spawnWalletRpc = async (walletDir: string) => {
      const port = await freePort();
      mkdirSync(walletDir, { recursive: true });
      const server = spawnServer(walletRpcBinary, [
        '--daemon-address',
        `127.0.0.1:${rpcPort}`,
        '--trusted-daemon',
        '--daemon-ssl',
        'disabled',
        '--rpc-bind-ip',
        '127.0.0.1',
        `--rpc-bind-port=${port}`,
        '--rpc-ssl',
        'disabled',
        '--disable-rpc-login',
        '--disable-rpc-ban',
        '--wallet-dir',
        walletDir,
        '--shared-ringdb-dir',
        join(walletDir, '.ringdb'),
        '--log-file',
        join(walletDir, `monero-wallet-rpc-${port}.log`),
        '--log-level',
        '0',
        '--no-dns',
        '--non-interactive',
      ]);
      servers.push(server);
      const url = `http://127.0.0.1:${port}`;
      const rpc = new MoneroWalletRpc(url);
      await waitForServer('monero-wallet-rpc', server, () => rpc.getVersion());
      return { url, rpc, server };
    };

    // The wallet RPC starts without its daemon, so both start side by side (~1 s each).
    const [payerWallet] = await Promise.all([
      spawnWalletRpc(join(root, 'payer')),
      waitForServer('monerod', daemonServer, () => daemon.getInfo()),
    ]);
    const payer = payerWallet.rpc;
    await payer.createWallet({ filename: 'payer' });
    const payerAddress = (await payer.getAddress(0)).address;

    /**
     * Mines `count` blocks, the first holding every transaction in the pool when it is called: a
     * transaction relayed just before was seen left out of the next block now and then (monerod's
     * block template), which made a test's depth one short. Such a block is popped (its transactions
     * return to the pool) and mined again, three times at most.
     */
    const mine = async (count = 1) => {
      const pending = new Set(await daemon.getTransactionPoolHashes());
      const blocks: string[] = [];
      for (let attempt = 1; ; attempt += 1) {
        const [first] = (await daemon.generateBlocks(1, payerAddress)).blocks;
        const left = (await daemon.getTransactionPoolHashes()).filter((hash) => pending.has(hash));
        if (left.length === 0 || attempt === 3) {
          blocks.push(first!);
          break;
        }
        await daemon.popBlocks(1);
      }
      if (count > 1) blocks.push(...(await daemon.generateBlocks(count - 1, payerAddress)).blocks);
      return blocks;
    };
    const initialBlocks = options.initialBlocks ?? DEFAULT_INITIAL_BLOCKS;
    if (initialBlocks > 0) {
      await mine(initialBlocks);
      await payer.refresh();
      if (initialBlocks > 60 && (await payer.getBalance()).unlockedBalance === 0n) {
        throw new Error(`the payer has no unlocked balance after ${initialBlocks} blocks`);
      }
    }

    return {
      daemonUrl,
      daemon,
      payer,
      payerUrl: payerWallet.url,
      payerAddress,
      mine,
      height: async () => (await daemon.getInfo()).height - 1,
      async send(address, piconero) {
        await payer.refresh();
        for (let round = 0; ; round++) {
          const balance = await payer.getBalance();
          if (balance.unlockedBalance >= piconero + FEE_MARGIN) break;
          if (round === 10 || balance.balance < piconero + FEE_MARGIN) {
            throw new Error(
              `the payer cannot send ${piconero} piconero: balance ${balance.balance}, unlocked ${balance.unlockedBalance}`,
            );
          }
          await mine(Math.min(10, Math.max(1, balance.blocksToUnlock)));
          await payer.refresh();
        }
        const { txHash } = await payer.transfer({ destinations: [{ address, amount: piconero }] });
        return txHash;
      },
      async startWalletRpc(options = {}) {
        extraWallets += 1;
        const walletDir = options.walletDir ?? join(root, `wallets-${extraWallets}`);
        const { url, rpc, server } = await spawnWalletRpc(walletDir);
        return {
          url,
          walletDir,
          rpc,
          async stop() {
            await server.stop();
            if (options.walletDir === undefined) rmSync(walletDir, { recursive: true, force: true });
          },
        };
      },
      popBlocks: async (count) => (await daemon.popBlocks(count)) - 1,
      flushTxpool: () => daemon.flushTxpool(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
