/**
 * A fake Solana JSON-RPC node for tests, backed by litesvm: every transfer is a real transaction
 * (built with @solana/kit and the @solana-program clients, signed, executed by the Solana runtime in
 * litesvm), and what the fake serves about it is read from the accounts before and after.
 *
 * Response shapes follow the Solana RPC documentation and @solana/kit's typings of the same methods:
 * - getSlot, getBlockHeight: https://solana.com/docs/rpc/http/getslot, .../getblockheight
 * - getGenesisHash: https://solana.com/docs/rpc/http/getgenesishash (a base58 hash of the fake's seed)
 * - getBlock: https://solana.com/docs/rpc/http/getblock (kit `GetBlockApi`: blockHeight, blockTime,
 *   blockhash, parentSlot, previousBlockhash, and `transactions` / `signatures` / `rewards` by config)
 * - getBlocks, getBlocksWithLimit: https://solana.com/docs/rpc/http/getblocks, .../getblockswithlimit
 *   (kit `GetBlocksApi`, `GetBlocksWithLimitApi`; ranges and limits above 500,000 are refused as
 *   Agave refuses them)
 * - getSignaturesForAddress: https://solana.com/docs/rpc/http/getsignaturesforaddress (kit
 *   `GetSignaturesForAddressApi`: signature, slot, err, memo, blockTime, confirmationStatus; newest
 *   first; `before`/`until` exclusive; limit at most 1,000)
 * - getTransaction, encoding json: https://solana.com/docs/rpc/http/gettransaction and
 *   https://solana.com/docs/rpc/json-structures (transaction, meta with pre/postBalances,
 *   pre/postTokenBalances {accountIndex, mint, owner, programId, uiTokenAmount{amount, decimals,
 *   uiAmount, uiAmountString}}, loadedAddresses, innerInstructions, logMessages, status); kit
 *   `GetTransactionApi`. A version-0 transaction asked for without `maxSupportedTransactionVersion`
 *   is refused with -32015, as Agave does.
 * - errors: Agave's custom JSON-RPC errors (kit `SOLANA_ERROR__JSON_RPC__SERVER_ERROR_*`): -32004
 *   block not available, -32007 slot skipped, -32015 unsupported transaction version.
 *
 * Model: blocks are closed by {@link FakeSolanaRpc.closeBlocks}, which also FINALIZES every block
 * closed so far, or by {@link FakeSolanaRpc.confirmBlocks}, which leaves them at commitment
 * `confirmed` only. Every method honours `commitment` as Agave does (absent = `finalized`): a
 * confirmed block, its transactions and its signatures are invisible at `finalized` (getBlock answers
 * -32004, getTransaction null). Slots are skipped between blocks (a fixed pattern), so block heights
 * and slots differ. Transactions executed since the last close land in the next block.
 * Mints are written with `setAccount` (the real USDC mint has no key anyone holds); everything else is
 * a transaction.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatUnits } from '@cairn/chain-core';
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  none,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  some,
} from '@solana/kit';
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getMintEncoder,
  getMintSize,
  getMintToInstruction,
  getTokenDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';

/** Circle's USDC mint on mainnet: the default mint of the fake's USDC. */
const MAINNET_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const LOOKUP_TABLE_PROGRAM = address('AddressLookupTab1e1111111111111111111111111');
const COMPUTE_BUDGET_PROGRAM = address('ComputeBudget111111111111111111111111111111');
/** litesvm's default fee per signature. */
const FEE_PER_SIGNATURE = 5_000n;

/** A block of the fake chain, by slot. */
export interface FakeSolanaBlockRef {
  readonly slot: number;
  readonly height: number;
  readonly hash: string;
}

/** One recorded JSON-RPC request. */
export interface FakeSolanaRequest {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** A transfer request as a payer's wallet would build it from a Solana Pay URL. */
export interface FakeSolanaPayInput {
  /** The merchant's wallet (Solana Pay `recipient`). */
  readonly recipient: string;
  /** Reference keys attached to the transfer instruction as read-only non-signers. */
  readonly reference?: string | readonly string[];
  /** Smallest units (lamports, token base units). */
  readonly amount: bigint;
  readonly coin: 'SOL' | 'USDC';
  /** The token mint (default: the fake's USDC); another mint is created on first use (6 decimals). */
  readonly mint?: string;
  /** An SPL Memo instruction placed right before the transfer. */
  readonly memo?: string;
  /** Put the references in an address lookup table (they then appear in `meta.loadedAddresses`). */
  readonly referenceInLookupTable?: boolean;
  /**
   * Not as Solana Pay puts them: the references go on a separate instruction (a ComputeBudget
   * SetComputeUnitLimit listing them as read-only accounts) instead of the transfer instruction.
   */
  readonly referenceOnOtherInstruction?: boolean;
  /**
   * Print this transaction's token balances without their optional `owner` field (as nodes before
   * the field existed, and some providers, do).
   */
  readonly omitTokenOwner?: boolean;
}

/** The programmable fake node. */
export interface FakeSolanaRpc {
  readonly url: string;
  readonly usdcMint: string;
  /** Every JSON-RPC request received, in order. */
  readonly requests: readonly FakeSolanaRequest[];
  /** How many requests of `method` (every method when absent) were received. */
  countRequests(method?: string): number;
  clearRequests(): void;
  /** A fresh merchant wallet address (a key pair's public key, on the curve). */
  newWallet(): Promise<string>;
  /** Pays like a Solana Pay wallet; lands in the next closed block. Returns the signature. */
  pay(input: FakeSolanaPayInput): Promise<string>;
  /**
   * A payment that fails on chain (`meta.err` set; the payer holds less than `amount`): it carries
   * the reference and is listed by getSignaturesForAddress with its error.
   */
  payFailing(input: FakeSolanaPayInput): Promise<string>;
  /** Attack: the reference and the recipient's token account, but a worthless mint of the attacker. */
  payWithFakeMint(
    input: Omit<FakeSolanaPayInput, 'coin' | 'mint'>,
  ): Promise<{ signature: string; mint: string }>;
  /**
   * Attack: the transfer instruction lists the recipient wallet and the reference, but moves the
   * money to the attacker's own account.
   */
  payDiverted(input: FakeSolanaPayInput): Promise<string>;
  /**
   * Closes `n` blocks (skipping slots between them; the first takes the pending transactions), then
   * finalizes every block closed so far (`closeBlocks(0)` only finalizes).
   */
  closeBlocks(n?: number): FakeSolanaBlockRef[];
  /** Closes `n` blocks at commitment `confirmed` only: not seen at `finalized` until `closeBlocks`. */
  confirmBlocks(n?: number): FakeSolanaBlockRef[];
  /** The finalized tip. */
  tip(): FakeSolanaBlockRef;
  /** The block a transaction landed in (undefined while pending). */
  blockOf(signature: string): FakeSolanaBlockRef | undefined;
  /** SOL (lamports) or token base units of `mint` held by `owner`'s associated token account. */
  balanceOf(owner: string, coin: 'SOL' | 'USDC', mint?: string): Promise<bigint>;
  /** The next `times` requests of `method` answer a JSON-RPC internal error. */
  failNext(method: string, times?: number): void;
  /** getSignaturesForAddress of `address` answers an internal error until `healAddress`. */
  failAddress(address: string): void;
  healAddress(address: string): void;
  stop(): Promise<void>;
}

/** How the fake chain starts. */
export interface StartFakeSolanaRpcOptions {
  /** The mint the fake's USDC uses (default: mainnet USDC, as the `SOL` registry chain has). */
  readonly usdcMint?: string;
  readonly firstSlot?: number;
  readonly firstHeight?: number;
  /** Blocks closed at start (default 32: the watcher stores the tip and 10 ancestors). */
  readonly initialBlocks?: number;
  /** Slots skipped before each new block, cycled (default [0, 2, 0, 1, 3]). */
  readonly skips?: readonly number[];
}

interface FakeTransaction {
  readonly signature: string;
  /** Static keys, then loaded writable, then loaded read-only. */
  readonly keys: readonly string[];
  readonly err: unknown;
  readonly memo: string | null;
  /** The getTransaction answer without slot and blockTime. */
  readonly body: { readonly meta: object; readonly transaction: object; readonly version: 0 };
  block?: FakeBlock;
}

interface FakeBlock extends FakeSolanaBlockRef {
  readonly parentSlot: number;
  readonly parentHash: string;
  readonly blockTime: number;
  readonly transactions: FakeTransaction[];
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** JSON with bigints as bare integers (the RPC prints u64 values as JSON numbers). */
function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__bigint__${v}` : v)).replace(
    /"__bigint__(-?\d+)"/g,
    '$1',
  );
}

const base58 = getBase58Decoder();
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** litesvm's `InstructionErrorFieldless` values, in order (their names are Agave's JSON strings). */
const INSTRUCTION_ERRORS = (
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall ' +
  'InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized ' +
  'UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ' +
  'ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ' +
  'ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable ' +
  'AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ' +
  'ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId ' +
  'CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ' +
  'ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ' +
  'ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt ' +
  'InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner ' +
  'MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded ' +
  'BuiltinProgramsMustConsumeComputeUnits BorshIoError'
).split(' ');

/** litesvm's `TransactionErrorFieldless` values, in order. */
const TRANSACTION_ERRORS = (
  'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee ' +
  'InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee ' +
  'InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance ' +
  'AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount ' +
  'WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks ' +
  'AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData ' +
  'InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit ' +
  'WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded ' +
  'InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled'
).split(' ');

/**
 * Agave's JSON of a `TransactionError` (serde's externally tagged enums, as `meta.err` and
 * `getSignaturesForAddress` show it): `{"InstructionError":[0,{"Custom":1}]}`,
 * `{"InstructionError":[1,"InvalidAccountData"]}`, `"InsufficientFundsForFee"`,
 * `{"InsufficientFundsForRent":{"account_index":2}}`, from litesvm's error classes.
 */
function errorJson(failed: FailedTransactionMetadata): unknown {
  const err = failed.err() as unknown;
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
  const fields = err as { index?: number; accountIndex?: number; err?: () => unknown };
  if (typeof fields.err === 'function' && typeof fields.index === 'number') {
    const inner = fields.err() as number | { code?: number; msg?: string };
    if (typeof inner === 'number') {
      return { InstructionError: [fields.index, INSTRUCTION_ERRORS[inner] ?? 'GenericError'] };
    }
    if (typeof inner.code === 'number') return { InstructionError: [fields.index, { Custom: inner.code }] };
    return { InstructionError: [fields.index, { BorshIoError: inner.msg ?? '' }] };
  }
  if (typeof fields.index === 'number') return { DuplicateInstruction: fields.index };
  const name = (err as { constructor: { name: string } }).constructor.name.replace(/^TransactionError/, '');
  return { [name]: { account_index: fields.accountIndex ?? 0 } };
}

/**
 * Starts the fake node on 127.0.0.1 (a free port). Stop it with `stop()`.
 *
 * @example
 * const rpc = await startFakeSolanaRpc();
 * const wallet = await rpc.newWallet();
 * const signature = await rpc.pay({ recipient: wallet, reference, amount: 1_000_000n, coin: 'USDC' });
 * rpc.closeBlocks(1);
 */
export async function startFakeSolanaRpc(options: StartFakeSolanaRpcOptions = {}): Promise<FakeSolanaRpc> {
  const usdcMint = address(options.usdcMint ?? MAINNET_USDC);
  const skips = options.skips ?? [0, 2, 0, 1, 3];
  const seed = base58.decode(sha256(`${Math.random()}`)).slice(0, 8);
  const svm = new LiteSVM();
  const payer = await generateKeyPairSigner();
  const mintAuthority = await generateKeyPairSigner();
  const requests: FakeSolanaRequest[] = [];
  const failures = new Map<string, number>();
  const failingAddresses = new Set<string>();
  const blocks: FakeBlock[] = [];
  const bySlot = new Map<number, FakeBlock>();
  const transactions = new Map<string, FakeTransaction>();
  let pending: FakeTransaction[] = [];
  let skipIndex = 0;
  const startTime = Math.floor(Date.now() / 1000) - (options.initialBlocks ?? 32);
  const firstSlot = options.firstSlot ?? 1_000;
  const lookupTables = new Map<string, Address[]>();

  const setSystemAccount = (owner: Address, amount: bigint) =>
    svm.setAccount({
      address: owner,
      data: new Uint8Array(),
      executable: false,
      lamports: lamports(amount),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      space: 0n,
    });
  setSystemAccount(payer.address, 10_000_000_000_000_000_000n);
  setSystemAccount(mintAuthority.address, 1_000_000_000n);

  const mintDecimals = new Map<string, number>();
  function createMint(mint: Address, decimals: number): void {
    const data = getMintEncoder().encode({
      mintAuthority: some(mintAuthority.address),
      supply: 0n,
      decimals,
      isInitialized: true,
      freezeAuthority: none(),
    });
    const space = BigInt(getMintSize());
    svm.setAccount({
      address: mint,
      data: new Uint8Array(data),
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(space)),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      space,
    });
    mintDecimals.set(mint, decimals);
  }

  /** Token balance entry of `key` if it is a token account (RPC "Token Balances Structure"). */
  function tokenEntry(key: string, accountIndex: number): ({ readonly owner: string } & object) | undefined {
    const account = svm.getAccount(address(key));
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== 165) {
      return undefined;
    }
    const token = getTokenDecoder().decode(account.data);
    const mint = svm.getAccount(token.mint);
    const decimals = mint.exists ? getMintDecoder().decode(mint.data).decimals : 0;
    const ui = formatUnits(token.amount, decimals);
    const entry = {
      accountIndex,
      mint: token.mint,
      owner: token.owner as string,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount: token.amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui },
    };
    return entry;
  }

  function snapshot(keys: readonly string[], omitTokenOwner: boolean) {
    return {
      balances: keys.map((key) => svm.getBalance(address(key)) ?? 0n),
      tokens: keys.flatMap((key, i) => {
        const entry = tokenEntry(key, i);
        if (!entry) return [];
        if (!omitTokenOwner) return [entry];
        const { owner: _owner, ...withoutOwner } = entry;
        return [withoutOwner];
      }),
    };
  }

  /** Signs, executes and records a transaction; it lands in the next closed block. */
  async function submit(
    instructions: readonly Instruction[],
    feePayer: KeyPairSigner,
    lookup: readonly Address[] = [],
    omitTokenOwner = false,
  ): Promise<string> {
    let message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    if (lookup.length > 0) {
      const table = await writeLookupTable(lookup);
      message = compressTransactionMessageUsingAddressLookupTables(message, {
        [table]: [...lookup],
      }) as typeof message;
    }
    const transaction = await signTransactionMessageWithSigners(message);
    const signature = getSignatureFromTransaction(transaction);
    const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (compiled.version !== 0)
      throw new Error(`the fake builds version-0 transactions only, got ${compiled.version}`);
    const writable: string[] = [];
    const readonly: string[] = [];
    for (const l of compiled.addressTableLookups ?? []) {
      const table = lookupTables.get(l.lookupTableAddress)!;
      writable.push(...l.writableIndexes.map((i) => table[i]!));
      readonly.push(...l.readonlyIndexes.map((i) => table[i]!));
    }
    const keys = [...compiled.staticAccounts, ...writable, ...readonly];
    const before = snapshot(keys, omitTokenOwner);
    const result = svm.sendTransaction(transaction);
    const after = snapshot(keys, omitTokenOwner);
    svm.expireBlockhash();
    const failed = result instanceof FailedTransactionMetadata;
    const meta: TransactionMetadata = failed ? result.meta() : result;
    const err = failed ? errorJson(result) : null;
    const memoInstruction = compiled.instructions.find((ix) => keys[ix.programAddressIndex] === MEMO_PROGRAM);
    const memoText = memoInstruction?.data ? new TextDecoder().decode(memoInstruction.data) : undefined;
    const header = compiled.header;
    const numSigners = header.numSignerAccounts;
    const fee = FEE_PER_SIGNATURE * BigInt(numSigners);
    const inner = meta.innerInstructions().flatMap((list, index) =>
      list.length === 0
        ? []
        : [
            {
              index,
              instructions: list.map((entry) => {
                const ix = entry.instruction();
                return {
                  accounts: [...ix.accounts()],
                  data: base58.decode(ix.data()),
                  programIdIndex: ix.programIdIndex(),
                  stackHeight: entry.stackHeight(),
                };
              }),
            },
          ],
    );
    const record: FakeTransaction = {
      signature,
      keys,
      err,
      // Agave's extract_and_fmt_memos: "[<length>] <text>".
      memo: memoText === undefined ? null : `[${memoText.length}] ${memoText}`,
      body: {
        meta: {
          computeUnitsConsumed: meta.computeUnitsConsumed(),
          err,
          fee,
          innerInstructions: inner,
          loadedAddresses: { readonly, writable },
          logMessages: meta.logs(),
          postBalances: after.balances,
          postTokenBalances: after.tokens,
          preBalances: before.balances,
          preTokenBalances: before.tokens,
          rewards: [],
          status: err === null ? { Ok: null } : { Err: err },
        },
        transaction: {
          message: {
            accountKeys: compiled.staticAccounts,
            addressTableLookups: (compiled.addressTableLookups ?? []).map((l) => ({
              accountKey: l.lookupTableAddress,
              readonlyIndexes: l.readonlyIndexes,
              writableIndexes: l.writableIndexes,
            })),
            header: {
              numReadonlySignedAccounts: header.numReadonlySignerAccounts,
              numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
              numRequiredSignatures: header.numSignerAccounts,
            },
            instructions: compiled.instructions.map((ix) => ({
              accounts: ix.accountIndices ?? [],
              data: base58.decode(ix.data ?? new Uint8Array()),
              programIdIndex: ix.programAddressIndex,
              stackHeight: null,
            })),
            recentBlockhash: compiled.lifetimeToken,
          },
          signatures: [signature],
        },
        version: 0,
      },
    };
    transactions.set(signature, record);
    pending.push(record);
    return signature;
  }

  /** An address lookup table account holding `entries` (AddressLookupTable program state layout). */
  async function writeLookupTable(entries: readonly Address[]): Promise<Address> {
    const table = (await generateKeyPairSigner()).address;
    const data = new Uint8Array(56 + 32 * entries.length);
    const view = new DataView(data.buffer);
    view.setUint32(0, 1, true); // ProgramState::LookupTable
    view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true); // deactivation_slot: active
    view.setBigUint64(12, 0n, true); // last_extended_slot
    data[20] = 0; // last_extended_slot_start_index
    data[21] = 1; // authority: Some
    data.set(getAddressEncoder().encode(payer.address), 22);
    entries.forEach((entry, i) => {
      data.set(getAddressEncoder().encode(entry), 56 + 32 * i);
    });
    const space = BigInt(data.length);
    svm.setAccount({
      address: table,
      data,
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(space)),
      programAddress: LOOKUP_TABLE_PROGRAM,
      space,
    });
    lookupTables.set(table, [...entries]);
    return table;
  }

  const ataOf = async (owner: string, mint: Address) =>
    (await findAssociatedTokenPda({ owner: address(owner), mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

  /** The payer's token account of `mint`, holding at least `amount` (minted by a real transaction). */
  async function fundedPayerAccount(mint: Address, amount: bigint): Promise<Address> {
    if (!mintDecimals.has(mint)) createMint(mint, 6);
    const account = await ataOf(payer.address, mint);
    const existing = svm.getAccount(account);
    const held = existing.exists ? getTokenDecoder().decode(existing.data).amount : 0n;
    if (held < amount) {
      await submit(
        [
          getCreateAssociatedTokenIdempotentInstruction({ payer, ata: account, owner: payer.address, mint }),
          getMintToInstruction({
            mint,
            token: account,
            mintAuthority,
            amount: amount * 2n + 1_000_000_000_000n,
          }),
        ],
        payer,
      );
    }
    return account;
  }

  const referencesOf = (input: FakeSolanaPayInput): Address[] =>
    input.reference === undefined
      ? []
      : (typeof input.reference === 'string' ? [input.reference] : [...input.reference]).map((r) =>
          address(r),
        );

  const withAccounts = <T extends Instruction>(ix: T, extra: readonly string[]): T => ({
    ...ix,
    accounts: [
      ...(ix.accounts ?? []),
      ...extra.map((a) => ({ address: address(a), role: AccountRole.READONLY })),
    ],
  });

  const memoInstruction = (text: string): Instruction => ({
    programAddress: MEMO_PROGRAM,
    accounts: [],
    data: new TextEncoder().encode(text),
  });

  /** The instructions of a Solana Pay transfer from `from` (memo, then the transfer carrying the references). */
  async function transferInstructions(
    input: FakeSolanaPayInput,
    from: KeyPairSigner,
    destinationOwner: string,
    extra: readonly string[],
  ): Promise<Instruction[]> {
    const instructions: Instruction[] = [];
    if (input.coin === 'SOL') {
      if (input.memo !== undefined) instructions.push(memoInstruction(input.memo));
      const ix = getTransferSolInstruction({
        source: from,
        destination: address(destinationOwner),
        amount: lamports(input.amount),
      });
      instructions.push(withAccounts(ix, extra));
      return instructions;
    }
    const mint = address(input.mint ?? usdcMint);
    if (!mintDecimals.has(mint)) createMint(mint, 6);
    const source =
      from === payer ? await fundedPayerAccount(mint, input.amount) : await ataOf(from.address, mint);
    const destination = await ataOf(destinationOwner, mint);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: address(destinationOwner),
        mint,
      }),
    );
    if (input.memo !== undefined) instructions.push(memoInstruction(input.memo));
    const ix = getTransferCheckedInstruction({
      source,
      mint,
      destination,
      authority: from,
      amount: input.amount,
      decimals: mintDecimals.get(mint)!,
    });
    instructions.push(withAccounts(ix, extra));
    return instructions;
  }

  /** Pays like a Solana Pay wallet (see {@link FakeSolanaRpc.pay}). */
  async function pay(input: FakeSolanaPayInput): Promise<string> {
    const references = referencesOf(input);
    const elsewhere = input.referenceOnOtherInstruction === true;
    const inline = input.referenceInLookupTable || elsewhere ? [] : references;
    const instructions = await transferInstructions(input, payer, input.recipient, inline);
    if (elsewhere) {
      // SetComputeUnitLimit (discriminator 2, u32 LE units), the references listed as its accounts.
      const units = new Uint8Array([2, 0x40, 0x0d, 0x03, 0x00]);
      instructions.unshift(
        withAccounts({ programAddress: COMPUTE_BUDGET_PROGRAM, accounts: [], data: units }, references),
      );
    } else if (input.referenceInLookupTable) {
      const last = instructions.length - 1;
      instructions[last] = withAccounts(instructions[last]!, references);
    }
    return submit(
      instructions,
      payer,
      input.referenceInLookupTable ? references : [],
      input.omitTokenOwner === true,
    );
  }

  /** How many of `blocks` (a prefix) are finalized; the rest are only confirmed. */
  let finalizedCount = 0;

  function closeBlocks(n = 1): FakeSolanaBlockRef[] {
    const closed = confirmBlocks(n);
    finalizedCount = blocks.length;
    return closed;
  }

  function confirmBlocks(n = 1): FakeSolanaBlockRef[] {
    const closed: FakeSolanaBlockRef[] = [];
    for (let i = 0; i < n; i += 1) {
      const parent = blocks.at(-1);
      const slot = parent === undefined ? firstSlot : parent.slot + 1 + skips[skipIndex++ % skips.length]!;
      const height = parent === undefined ? (options.firstHeight ?? 900) : parent.height + 1;
      const block: FakeBlock = {
        slot,
        height,
        hash: base58.decode(sha256(`fake-solana-block:${seed}:${slot}`)),
        parentSlot: parent?.slot ?? slot - 1,
        parentHash: parent?.hash ?? base58.decode(sha256(`fake-solana-block:${seed}:${slot - 1}`)),
        blockTime: startTime + Math.floor(((slot - firstSlot) * 2) / 5),
        transactions: pending,
      };
      for (const tx of pending) tx.block = block;
      pending = [];
      blocks.push(block);
      bySlot.set(slot, block);
      closed.push({ slot, height, hash: block.hash });
    }
    return closed;
  }

  closeBlocks(options.initialBlocks ?? 32);
  await fundedPayerAccount(usdcMint, 1_000_000_000_000n);
  closeBlocks(1);

  // ---- JSON-RPC methods ----

  const configOf = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  /** The blocks seen at the request's commitment (absent: `finalized`, the RPC default). */
  const visibleBlocks = (config: unknown, minimum: 'processed' | 'confirmed' = 'processed') => {
    const commitment = configOf(config).commitment ?? 'finalized';
    if (commitment === 'processed' && minimum === 'confirmed') {
      throw new RpcError(-32602, 'Method does not support commitment below `confirmed`');
    }
    if (!['processed', 'confirmed', 'finalized'].includes(String(commitment))) {
      throw new RpcError(-32602, `Invalid params: unknown commitment ${String(commitment)}`);
    }
    return commitment === 'finalized' ? blocks.slice(0, finalizedCount) : blocks;
  };
  /** The finalized tip (what `tip()` of the helper answers). */
  const tipBlock = () => blocks[finalizedCount - 1]!;
  const tipAt = (config: unknown) => visibleBlocks(config).at(-1)!;
  const integer = (value: unknown, name: string): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new RpcError(-32602, `Invalid params: ${name} must be a non-negative integer`);
    }
    return value;
  };

  const transactionAnswer = (tx: FakeTransaction, withSlot: boolean) => ({
    ...(withSlot ? { slot: tx.block!.slot, blockTime: tx.block!.blockTime } : {}),
    ...tx.body,
  });

  const unsupportedVersion = () =>
    new RpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );

  const methods: Record<string, (params: readonly unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.16', 'feature-set': 3294202862 }),
    getSlot: ([config]) => tipAt(config).slot,
    // https://solana.com/docs/rpc/http/getgenesishash: the same for as long as the fake runs.
    getGenesisHash: () => base58.decode(sha256(`fake-solana-genesis:${seed}`)),
    getBlockHeight: ([config]) => tipAt(config).height,
    getLatestBlockhash: () => ({
      context: { slot: tipBlock().slot },
      value: { blockhash: tipBlock().hash, lastValidBlockHeight: tipBlock().height + 150 },
    }),
    getBlock: ([slotParam, config]) => {
      const slot = integer(slotParam, 'slot');
      const c = configOf(config);
      const visible = visibleBlocks(config, 'confirmed');
      const block = bySlot.get(slot);
      if (block === undefined || !visible.includes(block)) {
        if (block !== undefined || slot > visible.at(-1)!.slot || slot < blocks[0]!.slot)
          throw new RpcError(-32004, `Block not available for slot ${slot}`);
        throw new RpcError(
          -32007,
          `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
        );
      }
      const details = (c.transactionDetails as string | undefined) ?? 'full';
      if (
        (details === 'full' || details === 'accounts') &&
        block.transactions.length > 0 &&
        c.maxSupportedTransactionVersion === undefined
      ) {
        throw unsupportedVersion();
      }
      return {
        blockHeight: block.height,
        blockTime: block.blockTime,
        blockhash: block.hash,
        parentSlot: block.parentSlot,
        previousBlockhash: block.parentHash,
        ...(c.rewards === false ? {} : { rewards: [] }),
        ...(details === 'signatures' ? { signatures: block.transactions.map((t) => t.signature) } : {}),
        ...(details === 'full'
          ? { transactions: block.transactions.map((t) => transactionAnswer(t, false)) }
          : {}),
      };
    },
    // getBlocks(start, end?, config?): the second parameter is the end slot or, without one, the config.
    getBlocks: ([startParam, endOrConfig, configParam]) => {
      const start = integer(startParam, 'start_slot');
      const config = typeof endOrConfig === 'number' ? configParam : endOrConfig;
      const visible = visibleBlocks(config, 'confirmed');
      const end = typeof endOrConfig === 'number' ? endOrConfig : visible.at(-1)!.slot;
      if (end - start > 500_000) throw new RpcError(-32602, 'Slot range too large; max 500000');
      return visible.filter((b) => b.slot >= start && b.slot <= end).map((b) => b.slot);
    },
    getBlocksWithLimit: ([startParam, limitParam, config]) => {
      const start = integer(startParam, 'start_slot');
      const limit = integer(limitParam, 'limit');
      if (limit > 500_000) throw new RpcError(-32602, 'Limit too large; max 500000');
      return visibleBlocks(config, 'confirmed')
        .filter((b) => b.slot >= start)
        .slice(0, limit)
        .map((b) => b.slot);
    },
    getSignaturesForAddress: ([addressParam, config]) => {
      if (typeof addressParam !== 'string') throw new RpcError(-32602, 'Invalid params: address');
      if (failingAddresses.has(addressParam)) throw new RpcError(-32603, 'Internal error');
      const c = configOf(config);
      const limit = c.limit === undefined ? 1000 : integer(c.limit, 'limit');
      if (limit > 1000) throw new RpcError(-32602, 'Invalid limit; max 1000');
      const visible = visibleBlocks(config, 'confirmed');
      const all: FakeTransaction[] = [];
      for (let b = visible.length - 1; b >= 0; b -= 1) {
        const txs = visible[b]!.transactions;
        for (let t = txs.length - 1; t >= 0; t -= 1)
          if (txs[t]!.keys.includes(addressParam)) all.push(txs[t]!);
      }
      let from = 0;
      if (typeof c.before === 'string') {
        const at = all.findIndex((t) => t.signature === c.before);
        from = at < 0 ? all.length : at + 1;
      }
      const answer: object[] = [];
      for (const tx of all.slice(from)) {
        if (tx.signature === c.until || answer.length >= limit) break;
        answer.push({
          blockTime: tx.block!.blockTime,
          confirmationStatus: blocks.indexOf(tx.block!) < finalizedCount ? 'finalized' : 'confirmed',
          err: tx.err,
          memo: tx.memo,
          signature: tx.signature,
          slot: tx.block!.slot,
        });
      }
      return answer;
    },
    getTransaction: ([signature, config]) => {
      const c = typeof config === 'string' ? { encoding: config } : configOf(config);
      if (c.encoding !== undefined && c.encoding !== 'json') {
        throw new RpcError(
          -32602,
          `Invalid params: this fake serves encoding json only, not ${String(c.encoding)}`,
        );
      }
      const tx = typeof signature === 'string' ? transactions.get(signature) : undefined;
      if (tx?.block === undefined || !visibleBlocks(c, 'confirmed').includes(tx.block)) return null;
      if (c.maxSupportedTransactionVersion === undefined) throw unsupportedVersion();
      return transactionAnswer(tx, true);
    },
  };

  function answer(request: unknown): object {
    const {
      id = null,
      method,
      params = [],
    } = configOf(request) as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof method !== 'string')
      return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id };
    const list = Array.isArray(params) ? params : [];
    requests.push({ method, params: list });
    const remaining = failures.get(method) ?? 0;
    if (remaining > 0) {
      failures.set(method, remaining - 1);
      return { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id };
    }
    const handler = methods[method];
    if (!handler) return { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id };
    try {
      return { jsonrpc: '2.0', result: handler(list), id };
    } catch (error) {
      if (error instanceof RpcError)
        return { jsonrpc: '2.0', error: { code: error.code, message: error.message }, id };
      return { jsonrpc: '2.0', error: { code: -32603, message: (error as Error).message }, id };
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
        return;
      }
      const out = Array.isArray(body) ? body.map(answer) : answer(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    usdcMint,
    requests,
    countRequests: (method) =>
      method === undefined ? requests.length : requests.filter((r) => r.method === method).length,
    clearRequests: () => {
      requests.length = 0;
    },
    newWallet: async () => (await generateKeyPairSigner()).address,
    pay,
    async payFailing(input) {
      const poor = await generateKeyPairSigner();
      setSystemAccount(poor.address, 1_000_000n);
      if (input.coin === 'SOL' && input.amount <= 1_000_000n) {
        throw new Error('payFailing: a SOL amount above 1,000,000 lamports is needed to fail');
      }
      if (input.coin === 'USDC') {
        const mint = address(input.mint ?? usdcMint);
        const account = await ataOf(poor.address, mint);
        await submit(
          [getCreateAssociatedTokenIdempotentInstruction({ payer, ata: account, owner: poor.address, mint })],
          payer,
        );
      }
      const instructions = await transferInstructions(input, poor, input.recipient, referencesOf(input));
      // The poor payer pays its own fee; the merchant's token account is created by the main payer.
      return submit(instructions, input.coin === 'SOL' ? poor : payer);
    },
    async payWithFakeMint(input) {
      const mint = (await generateKeyPairSigner()).address;
      createMint(mint, 6);
      const signature = await pay({ ...input, coin: 'USDC', mint });
      return { signature, mint };
    },
    async payDiverted(input) {
      const attacker = (await generateKeyPairSigner()).address;
      const instructions = await transferInstructions(input, payer, attacker, [
        input.recipient,
        ...referencesOf(input),
      ]);
      return submit(instructions, payer);
    },
    closeBlocks,
    confirmBlocks,
    tip: () => {
      const { slot, height, hash } = tipBlock();
      return { slot, height, hash };
    },
    blockOf: (signature) => {
      const block = transactions.get(signature)?.block;
      return block === undefined ? undefined : { slot: block.slot, height: block.height, hash: block.hash };
    },
    async balanceOf(owner, coin, mint) {
      if (coin === 'SOL') return svm.getBalance(address(owner)) ?? 0n;
      const account = svm.getAccount(await ataOf(owner, address(mint ?? usdcMint)));
      return account.exists ? getTokenDecoder().decode(account.data).amount : 0n;
    },
    failNext: (method, times = 1) => {
      failures.set(method, times);
    },
    failAddress: (a) => {
      failingAddresses.add(a);
    },
    healAddress: (a) => {
      failingAddresses.delete(a);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
