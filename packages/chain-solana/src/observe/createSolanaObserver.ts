import {
  type BlockRef,
  ChainBackendError,
  type ObserverLog,
  type PolledTarget,
  type TargetActivity,
  type TargetPollObserver,
  type TargetPollResult,
} from '@cairn/chain-core';
import { type Address, address } from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { parseSolanaAddress } from '../parseSolanaAddress.js';
import type { SolanaToken } from '../solanaChains.js';
import { readSolanaTransfer, type SolanaCredit, type WatchedTokenAccount } from './readSolanaTransfer.js';
import { SolanaBlockIndex } from './SolanaBlockIndex.js';
import { SolanaRpcReader, type SolanaSignatureInfo } from './SolanaRpcReader.js';

/** Everything the Solana observer needs. */
export interface SolanaObserverOptions {
  readonly chainId: string;
  /** A Solana JSON-RPC endpoint (`https://api.mainnet-beta.solana.com`, a provider's URL, ...). */
  readonly url: string;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The SPL tokens to watch (the chain's registry tokens with a mint); SOL is always watched. */
  readonly tokens: readonly SolanaToken[];
  readonly log?: ObserverLog;
  /**
   * How far back (seconds, by block time) the first read of a wallet looks (default 24 h): a
   * restarted gateway finds the payments made while it was down, up to the late-grace window
   * (docs/limits.md: 15 minutes plus 12 hours for Solana).
   */
  readonly lookbackSeconds?: number;
  /** How long (seconds, by block time) found transfers are kept and reported again (default 24 h). */
  readonly retentionSeconds?: number;
  /** Pages of 1,000 signatures the first read of one account may take (default 10). */
  readonly maxInitialPages?: number;
  /**
   * How long (seconds since it was read) a transfer to a watched wallet that carries none of its
   * polled references is kept, unreported, in case its payment's target is polled only after it was
   * read (a payment created while a poll was running); it is also always kept through the next poll
   * of its wallet, whose targets the watcher read after this one ended. Then it is logged once and
   * forgotten (default 600).
   */
  readonly unmatchedGraceSeconds?: number;
  /** Concurrent `getTransaction` calls per wallet (default 4). */
  readonly concurrency?: number;
  /** Milliseconds since the epoch (tests). */
  readonly now?: () => number;
}

/** `getSignaturesForAddress` answers at most 1,000 signatures per call. */
const PAGE = 1_000;

/** A transfer to a merchant wallet without any open payment's reference, in its block. */
type StrayActivity = NonNullable<TargetPollResult['strays']>[number];

/** A transaction that credited a watched wallet, kept and reported on every poll once it matches. */
interface FoundTransfer {
  readonly signature: string;
  readonly slot: bigint;
  readonly blockTime: number | null;
  /** When this process read it (ms since the epoch). */
  readonly readAt: number;
  /** The keys its transfer instructions to the wallet carry beyond their own accounts (Solana Pay references). */
  readonly carriers: ReadonlySet<string>;
  readonly credits: readonly SolanaCredit[];
  block?: BlockRef;
  /** The one reference of the wallet it carries, once known: it pays that payment from then on. */
  matchKey?: string;
  /** Polls that matched it against the wallet's references without finding exactly one. */
  unmatchedPolls: number;
}

/** What the observer keeps per merchant wallet. */
interface WalletState {
  readonly tokenAccounts: readonly WatchedTokenAccount[];
  /** Per watched account (the wallet, its token accounts): the newest signature read. */
  readonly cursors: Map<string, string>;
  /** Signatures already fetched (block time in seconds, for pruning). */
  readonly processed: Map<string, number | null>;
  readonly found: Map<string, FoundTransfer>;
  /** Every reference asked about for this wallet, with when it was last asked (ms). */
  readonly references: Map<string, number>;
  lastPolled: number;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Observes a Solana chain (docs/operating/solana.md) for Solana Pay transfer requests: a TARGET-POLL
 * observer over JSON-RPC, everything at commitment `finalized`.
 *
 * Heights are block heights (contiguous across skipped slots), hashes blockhashes: see
 * {@link SolanaBlockIndex}.
 *
 * `targetActivity` groups the polled targets by merchant wallet (`PolledTarget.address`). Per wallet
 * it reads `getSignaturesForAddress` of the wallet (SOL) and of its associated token account of each
 * watched mint (derived offline), `until` the newest signature it read before, so each call returns
 * only new transactions; signatures with an error are skipped unread. Each new transaction is read
 * once (`getTransaction`, `json`, `maxSupportedTransactionVersion: 0`) and credited from its BALANCE
 * CHANGES ({@link readSolanaTransfer}): SOL from the wallet's pre/post balances, tokens from the
 * pre/post token balances of the wallet's associated token account with the watched mint and the
 * wallet as owner (or no owner given: the account is derived from the wallet). Never from an instruction's amount: a transfer of a different mint, to another
 * account, or of less than asked credits what actually arrived (nothing, or the smaller amount).
 *
 * A transaction pays a payment when exactly one of the wallet's references is carried where the
 * Solana Pay specification puts it: among the accounts of its transfer instruction to the wallet
 * (System Program `Transfer`) or to the wallet's token account (SPL Token `Transfer`,
 * `TransferChecked`), after the instruction's own accounts, static or loaded from a lookup table. A
 * reference elsewhere (another instruction, a memo's text) does not count. The match is fixed once
 * made. A transaction carrying
 * two or more of the wallet's references cannot be split between them: it is logged once and
 * forgotten. One carrying none (the merchant's other income, a payer who dropped the reference) is
 * kept unreported for `unmatchedGraceSeconds` (its payment's target may be polled only after it was
 * read), then logged once, reported once as an `ObservedStray` of kind `missing_reference` (the
 * watcher records it as stray funds of the merchant) and forgotten.
 *
 * Matched transfers are kept (for `retentionSeconds`) and reported on every poll, each with its block
 * (height and blockhash of its slot), as the watcher requires. Nothing is reported outside a
 * finalized block: Solana has no mempool to show.
 *
 * Cost per poll: for each merchant wallet with open payments, one `getSignaturesForAddress` per
 * watched account (1 + the chain's token mints: 3 on `SOL` with USDC and USDT, 1 on `SOL_DEVNET`),
 * plus one `getTransaction` per NEW successful transaction touching those accounts (payments and the
 * merchant's other traffic alike, each read once), plus at most one `getBlock` per new slot (usually
 * cached by the header walk). Never a call per open payment. A wallet's first read pages back up to
 * `lookbackSeconds` (at most `maxInitialPages` pages).
 */
export function createSolanaObserver(options: SolanaObserverOptions): TargetPollObserver {
  const { chainId, log } = options;
  const rpc = new SolanaRpcReader(chainId, options.url, options.timeoutMs, options.headers);
  const blocks = new SolanaBlockIndex(chainId, rpc);
  const now = options.now ?? Date.now;
  const lookbackSeconds = options.lookbackSeconds ?? 86_400;
  const retentionSeconds = options.retentionSeconds ?? 86_400;
  const maxInitialPages = options.maxInitialPages ?? 10;
  const concurrency = options.concurrency ?? 4;
  const unmatchedGraceMs = (options.unmatchedGraceSeconds ?? 600) * 1000;
  const wallets = new Map<string, WalletState>();

  async function walletState(wallet: Address): Promise<WalletState> {
    const known = wallets.get(wallet);
    if (known) return known;
    const tokenAccounts = await Promise.all(
      options.tokens.map(async (token) => {
        const [account] = await findAssociatedTokenPda({
          owner: wallet,
          mint: address(token.mint),
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        });
        return { account, mint: token.mint, symbol: token.symbol };
      }),
    );
    const state: WalletState = {
      tokenAccounts,
      cursors: new Map(),
      processed: new Map(),
      found: new Map(),
      references: new Map(),
      lastPolled: now(),
    };
    wallets.set(wallet, state);
    return state;
  }

  /** The signatures of `account` newer than `until`; the first read pages back to the lookback. */
  async function newSignatures(
    account: string,
    until: string | undefined,
  ): Promise<{ list: SolanaSignatureInfo[]; newest: string | undefined }> {
    const cutoff = until === undefined ? Math.floor(now() / 1000) - lookbackSeconds : undefined;
    const list: SolanaSignatureInfo[] = [];
    let newest: string | undefined;
    let before: string | undefined;
    for (let pages = 1; ; pages += 1) {
      const page = await rpc.signatures(account, {
        limit: PAGE,
        ...(until === undefined ? {} : { until }),
        ...(before === undefined ? {} : { before }),
      });
      newest ??= page[0]?.signature;
      for (const entry of page) {
        if (cutoff !== undefined && entry.blockTime !== null && Number(entry.blockTime) < cutoff) {
          return { list, newest };
        }
        list.push(entry);
      }
      if (page.length < PAGE) return { list, newest };
      if (until === undefined && pages >= maxInitialPages) {
        log?.warn(
          { chainId, account, signatures: list.length },
          'solana: the first read of a busy account stopped before the lookback; older payments are not seen',
        );
        return { list, newest };
      }
      before = page[page.length - 1]!.signature;
    }
  }

  /** Reads the new transactions of one wallet's accounts into its state. */
  async function refreshWallet(wallet: Address, state: WalletState): Promise<void> {
    const accounts = [wallet, ...state.tokenAccounts.map((t) => t.account)];
    const fresh = new Map<string, SolanaSignatureInfo>();
    const cursors = new Map<string, string>();
    for (const account of accounts) {
      const { list, newest } = await newSignatures(account, state.cursors.get(account));
      if (newest !== undefined) cursors.set(account, newest);
      for (const entry of list) {
        if (entry.err === null && !state.processed.has(entry.signature)) fresh.set(entry.signature, entry);
      }
    }
    await mapLimit([...fresh.values()], concurrency, async (entry) => {
      const tx = await rpc.transaction(entry.signature);
      if (tx === null) {
        throw new ChainBackendError(
          chainId,
          `finalized transaction ${entry.signature} is listed but not found`,
        );
      }
      const reading = readSolanaTransfer(tx, wallet, state.tokenAccounts);
      const blockTime = tx.blockTime === null ? null : Number(tx.blockTime);
      state.processed.set(entry.signature, blockTime);
      if (reading.failed || reading.credits.length === 0) return;
      state.found.set(entry.signature, {
        signature: entry.signature,
        slot: BigInt(tx.slot),
        blockTime,
        readAt: now(),
        unmatchedPolls: 0,
        carriers: new Set(reading.references),
        credits: reading.credits,
      });
    });
    // Only once every new transaction was read: a failure leaves the cursors, to read them again.
    for (const [account, signature] of cursors) state.cursors.set(account, signature);
  }

  /** Logs, once, a transfer to a merchant wallet that pays no payment, before it is forgotten. */
  function logUnmatched(wallet: string, found: FoundTransfer, carried: readonly string[]): void {
    const fields = {
      chainId,
      txid: found.signature,
      account: wallet,
      slot: found.slot.toString(),
      credits: found.credits.map((c) => ({ coin: c.coinSymbol ?? 'SOL', amount: c.amount.toString() })),
    };
    if (carried.length > 1) {
      log?.warn(
        { ...fields, references: carried },
        'solana: a transaction carries several payment references of one wallet: not credited to any payment',
      );
    } else {
      log?.warn(
        fields,
        "solana: a transfer to a merchant's wallet carries no open payment's reference: not credited to any payment",
      );
    }
  }

  /**
   * The activity of one wallet's found transfers that pay a payment: those carrying exactly one of
   * its references (fixed once found). A transfer carrying none is kept unreported for
   * `unmatchedGraceSeconds`, then logged once, reported once as stray funds (`missing_reference`)
   * and forgotten; one carrying several is logged and forgotten at once (it cannot be split between
   * payments).
   */
  async function walletActivity(
    wallet: string,
    state: WalletState,
    strays: StrayActivity[],
  ): Promise<TargetActivity[]> {
    const activity: TargetActivity[] = [];
    for (const found of [...state.found.values()]) {
      if (found.matchKey === undefined) {
        const carried = [...found.carriers].filter((key) => state.references.has(key));
        if (carried.length === 1) {
          found.matchKey = carried[0]!;
        } else {
          found.unmatchedPolls += 1;
          // Kept through the next poll too: the watcher reads its targets before each poll, so a
          // payment created before this transfer was read is among the next poll's targets.
          const expired = found.unmatchedPolls >= 2 && now() - found.readAt >= unmatchedGraceMs;
          if (carried.length > 1 || expired) {
            if (carried.length === 0) {
              // Reported as stray money (docs/stray-funds.md) in its block; a lagging node that has
              // not the block yet keeps it for the next poll.
              const block = found.block ?? (await blocks.blockAtSlot(found.slot));
              if (block === null) continue;
              for (const credit of found.credits) {
                strays.push({
                  kind: 'missing_reference',
                  txid: found.signature,
                  index: credit.index,
                  matchKey: wallet,
                  amount: credit.amount,
                  ...(credit.coinSymbol === undefined ? {} : { coinSymbol: credit.coinSymbol }),
                  account: wallet,
                  block: { height: block.height, hash: block.hash },
                });
              }
            }
            logUnmatched(wallet, found, carried);
            state.found.delete(found.signature);
          }
          continue;
        }
      }
      if (found.block === undefined) {
        const block = await blocks.blockAtSlot(found.slot);
        // A lagging node behind a load balancer may not have the block yet: reported next poll.
        if (block === null) continue;
        found.block = { height: block.height, hash: block.hash };
      }
      for (const credit of found.credits) {
        activity.push({
          txid: found.signature,
          index: credit.index,
          matchKey: found.matchKey,
          amount: credit.amount,
          ...(credit.coinSymbol === undefined ? {} : { coinSymbol: credit.coinSymbol }),
          account: wallet,
          block: found.block,
        });
      }
    }
    return activity;
  }

  /** Forgets transfers, signatures, references and wallets older than the retention. */
  function prune(): void {
    const nowMs = now();
    const oldest = Math.floor(nowMs / 1000) - retentionSeconds;
    for (const [wallet, state] of wallets) {
      if (nowMs - state.lastPolled > retentionSeconds * 1000) {
        wallets.delete(wallet);
        continue;
      }
      for (const [signature, time] of state.processed) {
        if (time !== null && time < oldest) state.processed.delete(signature);
      }
      for (const [signature, found] of state.found) {
        const time = found.blockTime ?? Math.floor(found.readAt / 1000);
        if (time < oldest) state.found.delete(signature);
      }
      for (const [reference, asked] of state.references) {
        if (nowMs - asked > retentionSeconds * 1000) state.references.delete(reference);
      }
    }
  }

  async function targetActivity(targets: readonly PolledTarget[]): Promise<TargetPollResult> {
    const byWallet = new Map<Address, PolledTarget[]>();
    const unread: string[] = [];
    for (const target of targets) {
      const parsed = parseSolanaAddress(target.address);
      if (!parsed.ok || parsed.curve !== 'wallet') {
        log?.warn({ chainId, address: target.address }, 'solana: a deposit target is not a wallet address');
        unread.push(target.matchKey);
        continue;
      }
      const list = byWallet.get(parsed.address) ?? [];
      list.push(target);
      byWallet.set(parsed.address, list);
    }
    const activity: TargetActivity[] = [];
    const strays: StrayActivity[] = [];
    let failures = 0;
    let lastError: unknown;
    for (const [wallet, walletTargets] of byWallet) {
      try {
        const state = await walletState(wallet);
        state.lastPolled = now();
        for (const target of walletTargets) state.references.set(target.matchKey, now());
        await refreshWallet(wallet, state);
        activity.push(...(await walletActivity(wallet, state, strays)));
      } catch (error) {
        // One wallet failing leaves the others watched; its payments wait for a later poll.
        failures += 1;
        lastError = error;
        log?.warn(
          { chainId, wallet, err: error instanceof Error ? error.message : String(error) },
          "solana: cannot read a merchant wallet's transactions; its payments are not watched this time",
        );
        for (const target of walletTargets) unread.push(target.matchKey);
      }
    }
    prune();
    if (failures > 0 && failures === byWallet.size) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError);
      throw new ChainBackendError(chainId, `cannot read any watched wallet: ${reason}`, { cause: lastError });
    }
    return { activity, unread, strays };
  }

  return {
    chainId,
    strategy: 'target-poll',
    tip: () => blocks.tip(),
    blockHashAt: (height) => blocks.blockHashAt(height),
    header: (hash) => blocks.header(hash),
    networkIdentity: () => rpc.genesisHash(),
    targetActivity,
  };
}
