import { createHash, createHmac } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BlockHeader,
  type BlockRef,
  ChainBackendError,
  type ObserverLog,
  type PolledTarget,
  type TargetActivity,
  type TargetPollObserver,
  type TargetPollResult,
} from '@cairn/chain-core';
import { moneroWalletParts } from '../moneroWalletParts.js';
import { MoneroDaemonRpc } from '../rpc/MoneroDaemonRpc.js';
import { MoneroRpcError } from '../rpc/MoneroRpcClient.js';
import { type MoneroTransfer, MoneroWalletRpc } from '../rpc/MoneroWalletRpc.js';

/** Everything the Monero observer needs: the daemon, the wallet RPC and how far back new wallets scan. */
export interface MoneroObserverOptions {
  readonly chainId: string;
  /** monerod's RPC (`http://127.0.0.1:18081`): heights, block hashes and the truth about transactions. */
  readonly daemonUrl: string;
  /**
   * The monero-wallet-rpc processes that keep the view-only wallets, all started with one
   * `--wallet-dir` (under the gateway's data dir). Each holds one open wallet: with as many processes
   * as merchant wallets that have open payments, every wallet stays open and a poll only refreshes it;
   * with fewer, the wallets share them and are opened in turn (see docs/operating/monero.md).
   */
  readonly walletRpcUrls: readonly string[];
  readonly timeoutMs?: number;
  /** Extra HTTP headers of the daemon's requests (a hosted daemon's API key); not sent to the wallet RPC. */
  readonly daemonHeaders?: Readonly<Record<string, string>>;
  /**
   * How many blocks below the daemon's tip a newly created view-only wallet starts scanning (default
   * 720, a day of Monero blocks): a wallet is created when the first payment to it is watched, a few
   * seconds after its deposit address was handed out.
   */
  readonly restoreDepth?: number;
  /**
   * The least time between two rescans of one wallet (default 10 minutes): a rescan reads the chain
   * again from the wallet's restore height, which on mainnet takes long and keeps the wallet RPC busy.
   */
  readonly minRescanIntervalMs?: number;

  /**
   * The secret each view-only wallet's password is derived from (`walletPasswordOf`); unset, the
   * files have no password. A file made before it was set (no password) is sealed when first opened.
   */
  readonly walletSecret?: Uint8Array;
  /**
   * The wallet RPCs' `--wallet-dir` as this process sees it: `forgetWallet` deletes a removed
   * wallet's files there. Unset, they stay and a log line names them.
   */
  readonly walletDir?: string;
  readonly log?: ObserverLog;
}

/** What monero-wallet-rpc answers `generate_from_keys` for a file that exists (its code, -1, is any error). */
const WALLET_EXISTS = /already exists/i;
/** `create_address` makes at most 64 subaddresses per call on 0.18. */
const CREATE_ADDRESS_MAX = 64;
/** View-only wallets opened at once (beside the polls): opening is CPU work in the wallet RPCs. */
const OPEN_CONCURRENCY = 4;
/** The account whose subaddresses are deposit targets (see createMoneroAdapter). */
const DEPOSIT_ACCOUNT = 0;

/** A view-only wallet open in a wallet RPC, and the highest subaddress index created in it. */
interface OpenWallet {
  readonly file: string;
  highest: number;
}

/** A transfer locked by its sender (unlock_time), reported as stray money. */
type LockedStray = NonNullable<TargetPollResult['strays']>[number];

/** What one merchant wallet's view-only wallet lists for the targets asked about. */
interface WalletReading {
  readonly activity: TargetActivity[];
  readonly strays: LockedStray[];
}

/** One monero-wallet-rpc of the pool. */
interface Slot {
  readonly rpc: MoneroWalletRpc;
  /** The wallet open in it now, as this observer left it (undefined: unknown, opened before use). */
  open: OpenWallet | undefined;
  /** Wallet files this process has created or opened: opened directly, without trying to create. */
  readonly known: Set<string>;
  /** A wallet being opened in it beside the polls (openBeside); the slot is not used meanwhile. */
  opening: Promise<void> | undefined;
}

/** The file name of a merchant wallet's view-only copy: stable, and revealing neither key. */
export function walletFileOf(chainId: string, wallet: string): string {
  const digest = createHash('sha256').update(`${chainId}\n${wallet}`).digest('hex').slice(0, 32);
  return `cairn-${chainId.toLowerCase()}-${digest}`;
}

/**
 * The password of a view-only wallet file: HMAC-SHA256 of its name under the gateway's secret, in hex.
 * The file holds the merchant's private view key, which shows every payment the merchant receives; with
 * a password, a copy of the wallet directory alone does not reveal it.
 */
export function walletPasswordOf(secret: Uint8Array | undefined, file: string): string {
  if (secret === undefined) return '';
  return createHmac('sha256', secret).update(`cairn monero view-only wallet\n${file}`).digest('hex');
}

/**
 * Observes a Monero chain (docs/operating/monero.md) by polling the watched subaddresses (a target-poll
 * observer): monerod gives the tip and block hashes; a pool of monero-wallet-rpc processes sharing one
 * `--wallet-dir` keeps one view-only wallet per merchant wallet (created from the address and private
 * view key with `generate_from_keys`), whose `get_transfers` lists the transfers to the payments'
 * subaddresses, in the pool and in blocks. Each merchant wallet keeps a wallet RPC and stays open
 * there while the pool has one free for it; the wallet RPCs are asked side by side. One wallet-rpc
 * call set per merchant wallet and poll, never one per payment, and none for a wallet whose targets
 * and the daemon's tip and pool are unchanged since its last reading.
 *
 * The wallet RPC is not trusted about where a transaction is: it does not notice a popped block until
 * the daemon has another at that height, keeps listing a flushed transaction, and reports no block
 * hashes. Every transaction it lists is looked up in the daemon (`/get_transactions`, one call per
 * wallet): in the pool, in a block at some height (whose hash is the daemon's active chain's), or
 * unknown (left out, so the watcher marks it removed). When the wallet disagrees with the daemon it is
 * rescanned, so a transfer it dropped wrongly comes back.
 *
 * Transfers with a non-zero `unlock_time` are left out and logged: a payer can lock the merchant's
 * funds for years that way (they count as paid nowhere).
 *
 * A view-only wallet sees only subaddresses within 200 of the highest one created in it: before each
 * poll the observer creates them up to the highest payment index asked about, and checks that the
 * wallet's subaddress there is the target's address (a wrong view key or wallet would otherwise watch
 * nothing, silently).
 */
export function createMoneroObserver(options: MoneroObserverOptions): TargetPollObserver {
  const { chainId } = options;
  const rpcOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const daemon = new MoneroDaemonRpc(options.daemonUrl, {
    ...rpcOptions,
    ...(options.daemonHeaders ? { headers: options.daemonHeaders } : {}),
  });
  if (options.walletRpcUrls.length === 0) throw new Error(`${chainId}: no wallet RPC given`);
  const slots: Slot[] = options.walletRpcUrls.map((url) => ({
    rpc: new MoneroWalletRpc(url, rpcOptions),
    open: undefined,
    known: new Set<string>(),
    opening: undefined,
  }));
  const restoreDepth = options.restoreDepth ?? 720;
  /** Which wallet RPC each wallet file was last given to (it stays there while the pool allows). */
  const slotOf = new Map<string, Slot>();
  /**
   * Each wallet file's last reading, with the daemon's state (tip and pool) before it and the targets
   * asked about: reused while both are unchanged, so a quiet chain costs two daemon calls per poll.
   */
  const lastReading = new Map<string, { state: string; targets: string; reading: WalletReading }>();
  /** When each wallet file was last read (`performance.now()`). */
  const readAt = new Map<string, number>();
  /** Whether this process has closed what the wallet RPCs had open (resetPool). */
  let poolReset = false;
  /** Wallet files found disagreeing with the daemon: rescanned before their next read. */
  const stale = new Set<string>();
  /** When each wallet file was last rescanned (`performance.now()`). */
  const rescannedAt = new Map<string, number>();
  const minRescanIntervalMs = options.minRescanIntervalMs ?? 600_000;

  const fail = (message: string, cause: unknown): never => {
    throw new ChainBackendError(
      chainId,
      `${message}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  };

  async function tip(): Promise<BlockRef> {
    try {
      const header = await daemon.getLastBlockHeader();
      return { height: header.height, hash: header.hash };
    } catch (error) {
      return fail('cannot read the tip from monerod', error);
    }
  }

  async function blockHashAt(height: number): Promise<string | null> {
    try {
      if (height > (await daemon.getLastBlockHeader()).height) return null;
      return (await daemon.getBlockHeaderByHeight(height)).hash;
    } catch (error) {
      return fail(`cannot read the block at height ${height} from monerod`, error);
    }
  }

  async function header(hash: string): Promise<BlockHeader> {
    try {
      const h = await daemon.getBlockHeaderByHash(hash);
      return { height: h.height, hash: h.hash, parentHash: h.height === 0 ? null : h.prevHash };
    } catch (error) {
      return fail(`cannot read block ${hash} from monerod`, error);
    }
  }

  /**
   * Opens a view-only wallet file an earlier run made. One made before the gateway had a secret has no
   * password: it is opened without one and sealed with its password. One that opens with neither was
   * sealed under another secret (CAIRN_MASTER_KEY changed): that is an error saying what to do.
   */
  async function openExisting(wallets: MoneroWalletRpc, file: string, password: string): Promise<void> {
    try {
      await wallets.openWallet({ filename: file, password });
      return;
    } catch (error) {
      if (password === '' || !(error instanceof MoneroRpcError)) throw error;
      try {
        await wallets.openWallet({ filename: file, password: '' });
      } catch {
        throw new Error(
          `the view-only wallet file ${file} opens neither with its password nor without one: it was sealed under another CAIRN_MASTER_KEY. Set that key again, or delete the file (and its .keys file) from the wallet RPC's directory: it is made again from the wallet's keys and scans from a day back`,
          { cause: error },
        );
      }
    }
    await wallets.changeWalletPassword('', password);
    options.log?.warn(
      { chainId, wallet: file },
      'view-only wallet file had no password: sealed with its password now',
    );
  }

  /**
   * Opens, in `slot`, (creating it on first use) the view-only wallet of `wallet`, with subaddresses up
   * to `minor`.
   */
  async function openWallet(
    slot: Slot,
    wallet: string,
    minor: number,
    expected: string,
  ): Promise<OpenWallet> {
    const file = walletFileOf(chainId, wallet);
    const wallets = slot.rpc;
    if (slot.open?.file !== file) {
      slot.open = undefined;
      const password = walletPasswordOf(options.walletSecret, file);
      if (slot.known.has(file)) await wallets.openWallet({ filename: file, password });
      else {
        // First use in this process: create it, or open it when an earlier run (or another wallet
        // RPC of the pool, sharing the directory) did.
        const parts = moneroWalletParts(wallet);
        const { height } = await daemon.getLastBlockHeader();
        try {
          await wallets.generateFromKeys({
            filename: file,
            address: parts.address,
            viewKey: parts.viewKey,
            restoreHeight: Math.max(0, height - restoreDepth),
            password,
          });
        } catch (error) {
          if (!(error instanceof MoneroRpcError) || !WALLET_EXISTS.test(error.rpcMessage)) throw error;
          await openExisting(wallets, file, password);
        }
        slot.known.add(file);
      }
      // The watcher decides when to read; the wallet's own 20-second refresh would only compete.
      await wallets.autoRefresh(false);
      const { addresses } = await wallets.getAddress(DEPOSIT_ACCOUNT);
      slot.open = { file, highest: Math.max(0, ...addresses.map((a) => a.addressIndex)) };
    }
    const open = slot.open;
    while (open.highest < minor) {
      const count = Math.min(CREATE_ADDRESS_MAX, minor - open.highest);
      const created = await wallets.createAddress(DEPOSIT_ACCOUNT, count);
      open.highest = Math.max(open.highest, ...created.addressIndices);
    }
    const { addresses } = await wallets.getAddress(DEPOSIT_ACCOUNT, [minor]);
    if (addresses[0]?.address !== expected) {
      throw new Error(
        `the view-only wallet's subaddress 0/${minor} is ${addresses[0]?.address ?? 'missing'}, not the deposit address ${expected}: the stored wallet does not match its wallet file`,
      );
    }
    return open;
  }

  /** The transfers of one merchant wallet to these targets (minor index -> target), checked in the daemon. */
  async function walletActivity(
    slot: Slot,
    wallet: string,
    byMinor: ReadonlyMap<number, PolledTarget>,
  ): Promise<WalletReading> {
    const minors = [...byMinor.keys()];
    const highest = Math.max(...minors);
    const wallets = slot.rpc;
    const { file } = await openWallet(slot, wallet, highest, byMinor.get(highest)!.address);
    const lastRescan = rescannedAt.get(file);
    if (
      stale.has(file) &&
      (lastRescan === undefined || performance.now() - lastRescan >= minRescanIntervalMs)
    ) {
      stale.delete(file);
      rescannedAt.set(file, performance.now());
      options.log?.warn(
        { chainId, wallet: file },
        'monero: the view-only wallet disagrees with the daemon about a transaction; rescanning it',
      );
      await wallets.rescanBlockchain();
    } else await wallets.refresh();
    const transfers = await wallets.getTransfers({
      in: true,
      pool: true,
      accountIndex: DEPOSIT_ACCOUNT,
      subaddrIndices: minors,
    });
    const listed = new Map<string, MoneroTransfer>();
    for (const transfer of [...transfers.in, ...transfers.pool]) {
      if (transfer.subaddrIndex.major !== DEPOSIT_ACCOUNT || !byMinor.has(transfer.subaddrIndex.minor))
        continue;
      listed.set(`${transfer.txid}:${transfer.subaddrIndex.minor}`, transfer);
    }
    if (listed.size === 0) return { activity: [], strays: [] };
    const lookup = await daemon.getTransactions([...new Set([...listed.values()].map((t) => t.txid))]);
    const truth = new Map(lookup.found.map((tx) => [tx.txHash, tx]));
    const hashes = new Map<number, string | null>();
    const activity: TargetActivity[] = [];
    const strays: LockedStray[] = [];
    for (const transfer of listed.values()) {
      const target = byMinor.get(transfer.subaddrIndex.minor)!;
      // The wallet open now is the one asked about: its transfers are to the targets' own addresses.
      if (transfer.address !== target.address) {
        slot.open = undefined;
        throw new Error(
          `the wallet RPC lists a transfer to ${transfer.address} at subaddress 0/${transfer.subaddrIndex.minor}, not to ${target.address}: another wallet is open in it (is the wallet RPC shared?)`,
        );
      }
      const tx = truth.get(transfer.txid);
      const walletHeight = transfer.type === 'in' ? transfer.height : undefined;
      const daemonHeight = tx && !tx.inPool ? tx.blockHeight : undefined;
      // The wallet still places it in a block the daemon no longer has it in: rescan before next time.
      if (walletHeight !== undefined && walletHeight !== daemonHeight) stale.add(file);
      if (!tx) continue;
      let block: BlockRef | null = null;
      if (daemonHeight !== undefined) {
        if (!hashes.has(daemonHeight)) hashes.set(daemonHeight, await blockHashAt(daemonHeight));
        const hash = hashes.get(daemonHeight);
        if (!hash) continue;
        block = { height: daemonHeight, hash };
      }
      // One entry per transaction and subaddress (get_transfers sums a transaction's outputs to one
      // subaddress), so the subaddress index tells two payments paid by one transaction apart.
      const output = {
        txid: transfer.txid,
        index: transfer.subaddrIndex.minor,
        matchKey: target.matchKey,
        amount: transfer.amount,
        block,
      };
      if (transfer.unlockTime !== 0n) {
        options.log?.warn(
          {
            chainId,
            txid: transfer.txid,
            unlockTime: transfer.unlockTime.toString(),
            address: target.address,
          },
          'monero: a transfer locked by its sender (unlock_time) is not counted as a payment',
        );
        // Shown to the merchant as stray money (their own wallet has it, locked).
        strays.push({ ...output, kind: 'locked', account: wallet, address: target.address });
        continue;
      }
      activity.push(output);
    }
    return { activity, strays };
  }

  /** Opens running now, and those waiting for one of the OPEN_CONCURRENCY places. */
  let opensRunning = 0;
  const opensWaiting: (() => void)[] = [];

  /**
   * Opens (or makes) `wallet`'s view-only wallet in `slot` and refreshes it once, beside the polls:
   * opening costs the wallet RPC 1-2 s of CPU and a new wallet's first refresh scans from its restore
   * height, so a hundred merchants' first payments after a start would otherwise hold one poll for
   * minutes, and every payment's detection with it. Meanwhile polls report the wallet's targets unread
   * and leave the slot alone; the first poll after it is open reads it.
   */
  function openBeside(slot: Slot, wallet: string, minor: number, expected: string): void {
    slot.opening = (async () => {
      while (opensRunning >= OPEN_CONCURRENCY)
        await new Promise<void>((resolve) => opensWaiting.push(resolve));
      opensRunning += 1;
      try {
        await openWallet(slot, wallet, minor, expected);
        await slot.rpc.refresh();
      } catch (error) {
        slot.open = undefined;
        options.log?.warn(
          {
            chainId,
            wallet: walletFileOf(chainId, wallet),
            err: error instanceof Error ? error.message : String(error),
          },
          "monero: cannot open a merchant's view-only wallet; its payments are not watched until a later poll opens it",
        );
      } finally {
        opensRunning -= 1;
        opensWaiting.shift()?.();
        slot.opening = undefined;
      }
    })();
  }

  /**
   * Gives each wallet file of this poll a wallet RPC: the one it had, unless that one is shared with
   * another wallet of this poll while a wallet RPC has none, then the least loaded. A file moved away
   * from the wallet RPC that has it open is closed there first, so no two processes hold it open.
   */
  async function assignSlots(files: readonly string[]): Promise<Map<string, Slot>> {
    const load = new Map<Slot, number>(slots.map((slot) => [slot, 0]));
    const kept = new Map<string, Slot>();
    for (const file of files) {
      const slot = slotOf.get(file);
      if (slot === undefined) continue;
      kept.set(file, slot);
      load.set(slot, load.get(slot)! + 1);
    }
    const leastLoaded = () => {
      let best = slots[0]!;
      for (const slot of slots) if (load.get(slot)! < load.get(best)!) best = slot;
      return best;
    };
    const assigned = new Map<string, Slot>();
    for (const file of files) {
      let slot = kept.get(file);
      if (
        slot !== undefined &&
        slot.opening === undefined &&
        load.get(slot)! > 1 &&
        load.get(leastLoaded())! === 0
      ) {
        load.set(slot, load.get(slot)! - 1);
        if (slot.open?.file === file) {
          slot.open = undefined;
          try {
            await slot.rpc.closeWallet();
          } catch (error) {
            options.log?.warn(
              { chainId, wallet: file, err: error instanceof Error ? error.message : String(error) },
              'monero: cannot close a view-only wallet moved to another wallet RPC; it stays where it is',
            );
            load.set(slot, load.get(slot)! + 1);
            assigned.set(file, slot);
            continue;
          }
        }
        slot = undefined;
      }
      if (slot === undefined) {
        slot = leastLoaded();
        load.set(slot, load.get(slot)! + 1);
        slotOf.set(file, slot);
      }
      assigned.set(file, slot);
    }
    return assigned;
  }

  /**
   * Closes whatever wallet each wallet RPC has open, before this process first uses the pool: an open
   * wallet's files are locked to its process, and after a restart (or a change of the list) a wallet
   * left open in one wallet RPC could not be opened in the one it is now given. A wallet RPC that has
   * none open answers an error, which is what is wanted.
   */
  async function resetPool(): Promise<void> {
    await Promise.all(
      slots.map(async (slot) => {
        slot.open = undefined;
        await slot.rpc.closeWallet().catch(() => undefined);
      }),
    );
  }

  /** The daemon's state a wallet reading reflects: its tip and the transactions in its pool. */
  async function chainState(): Promise<string> {
    const [top, pool] = await Promise.all([daemon.getLastBlockHeader(), daemon.getTransactionPoolHashes()]);
    return createHash('sha256')
      .update(`${top.height}:${top.hash}\n${[...pool].sort().join('\n')}`)
      .digest('hex');
  }

  async function targetActivity(targets: readonly PolledTarget[]): Promise<TargetPollResult> {
    const byWallet = new Map<string, Map<number, PolledTarget>>();
    const unread: string[] = [];
    for (const target of targets) {
      if (!target.wallet) {
        options.log?.warn(
          { chainId, address: target.address },
          'monero: a deposit target without its wallet cannot be watched',
        );
        unread.push(target.matchKey);
        continue;
      }
      const minors = byWallet.get(target.wallet.value) ?? new Map<number, PolledTarget>();
      // Payment index i is subaddress (0, i + 1): see createMoneroAdapter's deriveDepositTarget.
      minors.set(target.wallet.index + 1, target);
      byWallet.set(target.wallet.value, minors);
    }
    if (byWallet.size === 0) return { activity: [], unread };
    let state: string;
    try {
      state = await chainState();
    } catch (error) {
      return fail('cannot read the tip and pool from monerod', error);
    }
    const fileOf = new Map([...byWallet.keys()].map((wallet) => [wallet, walletFileOf(chainId, wallet)]));
    const askedFiles = new Set(fileOf.values());
    for (const file of lastReading.keys()) if (!askedFiles.has(file)) lastReading.delete(file);
    if (!poolReset) {
      await resetPool();
      poolReset = true;
    }
    const assigned = await assignSlots([...fileOf.values()]);
    const queues = new Map<Slot, string[]>();
    // The wallets read longest ago first, so those a poll's budget leaves unopened go first next time.
    const byAge = [...byWallet.keys()].sort(
      (a, b) => (readAt.get(fileOf.get(a)!) ?? -1) - (readAt.get(fileOf.get(b)!) ?? -1),
    );
    for (const wallet of byAge) {
      const slot = assigned.get(fileOf.get(wallet)!)!;
      queues.set(slot, [...(queues.get(slot) ?? []), wallet]);
    }
    const activity: TargetActivity[] = [];
    let failures = 0;
    let lastError: unknown;
    let deferred = 0;
    const strays: LockedStray[] = [];
    const readWallet = async (slot: Slot, wallet: string) => {
      const byMinor = byWallet.get(wallet)!;
      const file = fileOf.get(wallet)!;
      const asked = [...byMinor].map(([minor, target]) => `${minor}=${target.address}`).join(',');
      const last = lastReading.get(file);
      if (last && last.state === state && last.targets === asked && !stale.has(file)) {
        activity.push(...last.reading.activity);
        strays.push(...last.reading.strays);
        return;
      }
      // Its wallet RPC is opening a wallet, or must open this one: read it once that is done.
      const opening = slot.opening !== undefined || slot.open?.file !== file;
      if (opening) {
        if (slot.opening === undefined) {
          const highest = Math.max(...byMinor.keys());
          openBeside(slot, wallet, highest, byMinor.get(highest)!.address);
        }
        deferred += 1;
        for (const target of byMinor.values()) unread.push(target.matchKey);
        return;
      }
      try {
        const reading = await walletActivity(slot, wallet, byMinor);
        activity.push(...reading.activity);
        strays.push(...reading.strays);
        lastReading.set(file, { state, targets: asked, reading });
        readAt.set(file, performance.now());
      } catch (error) {
        // One merchant's wallet failing leaves the others watched; its payments wait for a later poll.
        slot.open = undefined;
        lastReading.delete(file);
        failures += 1;
        lastError = error;
        options.log?.warn(
          { chainId, wallet: file, err: error instanceof Error ? error.message : String(error) },
          "monero: cannot read a merchant's view-only wallet; its payments are not watched this time",
        );
        for (const target of byMinor.values()) unread.push(target.matchKey);
      }
    };
    // The wallet RPCs work side by side; the wallets sharing one are read in turn.
    await Promise.all(
      [...queues].map(async ([slot, wallets]) => {
        for (const wallet of wallets) await readWallet(slot, wallet);
      }),
    );
    if (failures > 0 && failures === byWallet.size) fail('cannot read any view-only wallet', lastError);
    if (deferred > 0) {
      options.log?.info?.(
        { chainId, wallets: deferred },
        'monero: view-only wallets being opened (1-2 s each in the wallet RPC); their payments are read once they are',
      );
    }
    return { activity, unread, strays };
  }

  /**
   * A removed merchant wallet none of whose payments is watched: its view-only wallet is closed where
   * it is open and its files (`<file>`, `<file>.keys`, and whatever else monero-wallet-rpc wrote under
   * that name) are deleted from `walletDir`, so the private view key does not stay on disk.
   */
  async function forgetWallet(wallet: string): Promise<void> {
    const file = walletFileOf(chainId, wallet);
    await Promise.all(slots.map((slot) => slot.opening));
    for (const slot of slots) {
      slot.known.delete(file);
      if (slot.open?.file !== file) continue;
      slot.open = undefined;
      await slot.rpc.closeWallet();
    }
    slotOf.delete(file);
    lastReading.delete(file);
    readAt.delete(file);
    stale.delete(file);
    rescannedAt.delete(file);
    if (options.walletDir === undefined) {
      options.log?.warn(
        { chainId, wallet: file },
        "monero: a removed wallet's view-only files stay in the wallet RPC's directory (the gateway is not given it: CAIRN_CHAIN_<ID>_WALLET_DIR); delete the files of this name by hand",
      );
      return;
    }
    const names = (await readdir(options.walletDir)).filter(
      (name) => name === file || name.startsWith(`${file}.`),
    );
    for (const name of names) await rm(join(options.walletDir, name), { force: true });
    options.log?.info?.(
      { chainId, wallet: file, files: names.length },
      "monero: a removed wallet's view-only wallet is closed and its files deleted",
    );
  }

  return { chainId, strategy: 'target-poll', tip, blockHashAt, header, targetActivity, forgetWallet };
}
