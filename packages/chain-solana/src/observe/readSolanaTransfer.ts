import { parseUnits } from '@cairn/chain-core';
import { getBase58Encoder } from '@solana/kit';

/** A u64 or index as the RPC client gives it: @solana/kit turns JSON integers into bigints. */
type RpcInteger = bigint | number;

/**
 * One entry of `meta.preTokenBalances` / `meta.postTokenBalances` ("Token Balances Structure",
 * https://solana.com/docs/rpc/json-structures#token-balances; @solana/kit `TokenBalance`).
 */
export interface RpcTokenBalance {
  readonly accountIndex: RpcInteger;
  readonly mint: string;
  readonly owner?: string;
  readonly programId?: string;
  readonly uiTokenAmount: { readonly amount: string; readonly decimals: RpcInteger };
}

/**
 * The parts of a `getTransaction` answer (encoding `json`, `maxSupportedTransactionVersion: 0`) the
 * observer reads (https://solana.com/docs/rpc/http/gettransaction; @solana/kit `GetTransactionApi`).
 */
export interface RpcTransactionJson {
  readonly slot: RpcInteger;
  readonly blockTime: RpcInteger | null;
  readonly meta: {
    readonly err: unknown;
    readonly preBalances: readonly RpcInteger[];
    readonly postBalances: readonly RpcInteger[];
    readonly preTokenBalances?: readonly RpcTokenBalance[] | null;
    readonly postTokenBalances?: readonly RpcTokenBalance[] | null;
    readonly loadedAddresses?: {
      readonly writable: readonly string[];
      readonly readonly: readonly string[];
    } | null;
  } | null;
  readonly transaction: {
    readonly signatures: readonly string[];
    readonly message: {
      readonly accountKeys: readonly string[];
      readonly instructions: readonly {
        readonly programIdIndex: RpcInteger;
        readonly accounts: readonly RpcInteger[];
        readonly data: string;
      }[];
    };
  };
}

/** A token account watched for one wallet: its associated token account of `mint`. */
export interface WatchedTokenAccount {
  readonly account: string;
  readonly mint: string;
  readonly symbol: string;
}

/** An amount a transaction credited to the wallet, read from its balance changes. */
export interface SolanaCredit {
  /** Undefined for SOL. */
  readonly coinSymbol?: string;
  readonly amount: bigint;
  /** The credited account's index among the transaction's account keys (unique per transaction). */
  readonly index: number;
}

/** What one transaction did for one wallet. */
export interface SolanaTransferReading {
  /** Whether it failed (`meta.err`): a failed transaction moves nothing but its fee. */
  readonly failed: boolean;
  /** Static account keys, then loaded writable, then loaded read-only addresses (the balance order). */
  readonly keys: readonly string[];
  /** The texts of its SPL Memo instructions. */
  readonly memos: readonly string[];
  /** What it credited the wallet: SOL and each watched token, only increases. */
  readonly credits: readonly SolanaCredit[];
}

/** SPL Memo v2 and v1 program ids. */
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

const decoder = new TextDecoder('utf-8', { fatal: true });

function memoText(data: string): string | undefined {
  try {
    return decoder.decode(new Uint8Array(getBase58Encoder().encode(data)));
  } catch {
    return undefined;
  }
}

const toBigInt = (value: RpcInteger | undefined): bigint => (value === undefined ? 0n : BigInt(value));

/**
 * Reads what a finalized transaction credited to `wallet`, from the balance changes the RPC reports
 * and never from what its instructions claim:
 *
 * - SOL: `postBalances[i] - preBalances[i]` of the wallet's own account index (fees the wallet paid
 *   make it negative: no credit);
 * - each watched token: `postTokenBalances - preTokenBalances` of the wallet's associated token
 *   account, only from entries whose mint is the watched mint and whose owner is the wallet (a token
 *   account created in the transaction has no pre entry: 0 before).
 *
 * Only increases are credits. A failed transaction credits nothing. Pure.
 */
export function readSolanaTransfer(
  tx: RpcTransactionJson,
  wallet: string,
  tokenAccounts: readonly WatchedTokenAccount[],
): SolanaTransferReading {
  const message = tx.transaction.message;
  const loaded = tx.meta?.loadedAddresses;
  const keys = [...message.accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const memos: string[] = [];
  for (const instruction of message.instructions) {
    const program = keys[Number(instruction.programIdIndex)];
    if (program === undefined || !MEMO_PROGRAMS.has(program)) continue;
    const text = memoText(instruction.data);
    if (text !== undefined) memos.push(text);
  }
  const meta = tx.meta;
  if (meta === null || (meta.err !== null && meta.err !== undefined)) {
    return { failed: true, keys, memos, credits: [] };
  }
  const credits: SolanaCredit[] = [];
  const walletIndex = keys.indexOf(wallet);
  if (walletIndex >= 0) {
    const delta = toBigInt(meta.postBalances[walletIndex]) - toBigInt(meta.preBalances[walletIndex]);
    if (delta > 0n) credits.push({ amount: delta, index: walletIndex });
  }
  for (const token of tokenAccounts) {
    const index = keys.indexOf(token.account);
    if (index < 0) continue;
    const entry = (list: readonly RpcTokenBalance[] | null | undefined) =>
      list?.find((b) => Number(b.accountIndex) === index && b.mint === token.mint && b.owner === wallet);
    const post = entry(meta.postTokenBalances);
    if (post === undefined) continue;
    const pre = entry(meta.preTokenBalances);
    const delta =
      parseUnits(post.uiTokenAmount.amount, 0) - (pre ? parseUnits(pre.uiTokenAmount.amount, 0) : 0n);
    if (delta > 0n) credits.push({ coinSymbol: token.symbol, amount: delta, index });
  }
  return { failed: false, keys, memos, credits };
}
