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
  /**
   * The accounts of its transfer instructions to the wallet or one of its watched token accounts
   * (where Solana Pay puts a payment's `reference` keys), beyond the transfer's own accounts.
   */
  readonly references: readonly string[];
  /** What it credited the wallet: SOL and each watched token, only increases. */
  readonly credits: readonly SolanaCredit[];
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** System Program `Transfer`: a u32 little-endian instruction index of 2; accounts `[from, to]`. */
const SYSTEM_TRANSFER = 2;
/** SPL Token `Transfer` (accounts `[source, destination, authority]`) and `TransferChecked` (`[source, mint, destination, authority]`). */
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;

/** The instruction's data bytes (base58 in `json` encoding); empty when it is not base58. */
function instructionData(data: string): Uint8Array {
  try {
    return new Uint8Array(getBase58Encoder().encode(data));
  } catch {
    return new Uint8Array();
  }
}

/**
 * The account keys of `instruction` after its own accounts when it is a transfer to `wallet` (System
 * Program `Transfer`) or to one of `tokenAccounts` (SPL Token `Transfer`, `TransferChecked`); else
 * undefined. Solana Pay appends the references there, as read-only non-signers.
 */
function transferReferences(
  instruction: RpcTransactionJson['transaction']['message']['instructions'][number],
  keys: readonly string[],
  wallet: string,
  tokenAccounts: ReadonlySet<string>,
): string[] | undefined {
  const program = keys[Number(instruction.programIdIndex)];
  const accounts = instruction.accounts.map((index) => keys[Number(index)]);
  const data = instructionData(instruction.data);
  let own: number;
  if (program === SYSTEM_PROGRAM) {
    const index = data.length >= 4 ? new DataView(data.buffer).getUint32(0, true) : -1;
    if (index !== SYSTEM_TRANSFER || accounts[1] !== wallet) return undefined;
    own = 2;
  } else if (program === TOKEN_PROGRAM && data[0] === TOKEN_TRANSFER) {
    if (!tokenAccounts.has(accounts[1] ?? '')) return undefined;
    own = 3;
  } else if (program === TOKEN_PROGRAM && data[0] === TOKEN_TRANSFER_CHECKED) {
    if (!tokenAccounts.has(accounts[2] ?? '')) return undefined;
    own = 4;
  } else {
    return undefined;
  }
  return accounts.slice(own).filter((key): key is string => key !== undefined);
}

const toBigInt = (value: RpcInteger | undefined): bigint => (value === undefined ? 0n : BigInt(value));

/**
 * Reads what a finalized transaction credited to `wallet`, from the balance changes the RPC reports
 * and never from what its instructions claim:
 *
 * - SOL: `postBalances[i] - preBalances[i]` of the wallet's own account index (fees the wallet paid
 *   make it negative: no credit);
 * - each watched token: `postTokenBalances - preTokenBalances` of the wallet's associated token
 *   account, only from entries whose mint is the watched mint and whose owner is the wallet, or
 *   that have no `owner` (optional in the RPC's answer: the associated token account is derived from
 *   the wallet and the mint); a token account created in the transaction has no pre entry: 0 before.
 *
 * Its references: the accounts Solana Pay appends to the transfer instruction, i.e. those after the
 * instruction's own accounts in a top-level System Program `Transfer` to the wallet or SPL Token
 * `Transfer`/`TransferChecked` to a watched token account. Keys elsewhere in the transaction (another
 * instruction, a memo's text) are not references.
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
  const watched = new Set(tokenAccounts.map((t) => t.account));
  const references = new Set<string>();
  for (const instruction of message.instructions) {
    for (const key of transferReferences(instruction, keys, wallet, watched) ?? []) references.add(key);
  }
  const meta = tx.meta;
  if (meta === null || (meta.err !== null && meta.err !== undefined)) {
    return { failed: true, keys, references: [...references], credits: [] };
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
    // `owner` is optional in the RPC's token balances: without it, the account being the wallet's
    // associated token account of the mint (derived from the wallet and the mint) names the owner.
    const entry = (list: readonly RpcTokenBalance[] | null | undefined) =>
      list?.find(
        (b) =>
          Number(b.accountIndex) === index &&
          b.mint === token.mint &&
          (b.owner === undefined || b.owner === wallet),
      );
    const post = entry(meta.postTokenBalances);
    if (post === undefined) continue;
    const pre = entry(meta.preTokenBalances);
    const delta =
      parseUnits(post.uiTokenAmount.amount, 0) - (pre ? parseUnits(pre.uiTokenAmount.amount, 0) : 0n);
    if (delta > 0n) credits.push({ coinSymbol: token.symbol, amount: delta, index });
  }
  return { failed: false, keys, references: [...references], credits };
}
