import { createHash, createHmac } from 'node:crypto';
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
  /** monero-wallet-rpc (`--wallet-dir` under the gateway's data dir), which keeps the view-only wallets. */
  readonly walletRpcUrl: string;
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
  readonly log?: ObserverLog;
}

/** What monero-wallet-rpc answers `generate_from_keys` for a file that exists (its code, -1, is any error). */
const WALLET_EXISTS = /already exists/i;
/** `create_address` makes at most 64 subaddresses per call on 0.18. */
const CREATE_ADDRESS_MAX = 64;
/** The account whose subaddresses are deposit targets (see createMoneroAdapter). */
const DEPOSIT_ACCOUNT = 0;

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
 * observer): monerod gives the tip and block hashes; monero-wallet-rpc keeps one view-only wallet per
 * merchant wallet (created from the address and private view key with `generate_from_keys`, file
 * under its `--wallet-dir`), whose `get_transfers` lists the transfers to the payments' subaddresses,
 * in the pool and in blocks. One wallet-rpc call set per merchant wallet and poll, never one per
 * payment.
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
  const wallets = new MoneroWalletRpc(options.walletRpcUrl, rpcOptions);
  const restoreDepth = options.restoreDepth ?? 720;
  /** The wallet file open in the wallet RPC now, and the highest subaddress index created in it. */
  let open: { file: string; highest: number } | undefined;
  /** Wallet files found disagreeing with the daemon: rescanned before their next read. */
  const stale = new Set<string>();
  /** When each wallet file was last rescanned (`performance.now()`). */
  const rescannedAt = new Map<string, number>();
  const minRescanIntervalMs = options.minRescanIntervalMs ?? 600_000;
  /** Wallet files known to exist in the wallet RPC's directory (created, or found, by this observer). */
  const known = new Set<string>();

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
  async function openExisting(file: string, password: string): Promise<void> {
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

  /** Opens (creating it on first use) the view-only wallet of `wallet`, with subaddresses up to `minor`. */
  async function openWallet(wallet: string, minor: number, expected: string): Promise<void> {
    const file = walletFileOf(chainId, wallet);
    if (open?.file !== file) {
      open = undefined;
      const password = walletPasswordOf(options.walletSecret, file);
      if (known.has(file)) await wallets.openWallet({ filename: file, password });
      else {
        // First use in this process: create it, or open it when an earlier run did.
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
          await openExisting(file, password);
        }
        known.add(file);
      }
      // The watcher decides when to read; the wallet's own 20-second refresh would only compete.
      await wallets.autoRefresh(false);
      const { addresses } = await wallets.getAddress(DEPOSIT_ACCOUNT);
      open = { file, highest: Math.max(0, ...addresses.map((a) => a.addressIndex)) };
    }
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
  }

  /** The transfers of one merchant wallet to these targets (minor index -> target), checked in the daemon. */
  async function walletActivity(
    wallet: string,
    byMinor: ReadonlyMap<number, PolledTarget>,
  ): Promise<TargetActivity[]> {
    const minors = [...byMinor.keys()];
    const highest = Math.max(...minors);
    await openWallet(wallet, highest, byMinor.get(highest)!.address);
    const file = open!.file;
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
    if (listed.size === 0) return [];
    const lookup = await daemon.getTransactions([...new Set([...listed.values()].map((t) => t.txid))]);
    const truth = new Map(lookup.found.map((tx) => [tx.txHash, tx]));
    const hashes = new Map<number, string | null>();
    const activity: TargetActivity[] = [];
    for (const transfer of listed.values()) {
      const target = byMinor.get(transfer.subaddrIndex.minor)!;
      // The wallet open now is the one asked about: its transfers are to the targets' own addresses.
      if (transfer.address !== target.address) {
        open = undefined;
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
        continue;
      }
      let block: BlockRef | null = null;
      if (daemonHeight !== undefined) {
        if (!hashes.has(daemonHeight)) hashes.set(daemonHeight, await blockHashAt(daemonHeight));
        const hash = hashes.get(daemonHeight);
        if (!hash) continue;
        block = { height: daemonHeight, hash };
      }
      activity.push({
        txid: transfer.txid,
        // One entry per transaction and subaddress (get_transfers sums a transaction's outputs to one
        // subaddress), so the subaddress index tells two payments paid by one transaction apart.
        index: transfer.subaddrIndex.minor,
        matchKey: target.matchKey,
        amount: transfer.amount,
        block,
      });
    }
    return activity;
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
    const activity: TargetActivity[] = [];
    let failures = 0;
    let lastError: unknown;
    for (const [wallet, byMinor] of byWallet) {
      try {
        activity.push(...(await walletActivity(wallet, byMinor)));
      } catch (error) {
        // One merchant's wallet failing leaves the others watched; its payments wait for a later poll.
        open = undefined;
        failures += 1;
        lastError = error;
        options.log?.warn(
          {
            chainId,
            wallet: walletFileOf(chainId, wallet),
            err: error instanceof Error ? error.message : String(error),
          },
          "monero: cannot read a merchant's view-only wallet; its payments are not watched this time",
        );
        for (const target of byMinor.values()) unread.push(target.matchKey);
      }
    }
    if (failures > 0 && failures === byWallet.size) fail('cannot read any view-only wallet', lastError);
    return { activity, unread };
  }

  return { chainId, strategy: 'target-poll', tip, blockHashAt, header, targetActivity };
}
