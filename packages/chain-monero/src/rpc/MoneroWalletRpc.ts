import {
  type MoneroRpcCallOptions,
  MoneroRpcClient,
  type MoneroRpcClientOptions,
} from './MoneroRpcClient.js';
import { rpcBigInt } from './rpcBigInt.js';

/** A subaddress index: `major` is the account, `minor` the address in it (0 is the account's main one). */
export interface MoneroSubaddressIndex {
  readonly major: number;
  readonly minor: number;
}

/** Which list of `get_transfers` an entry came from. */
export type MoneroTransferType = 'in' | 'out' | 'pending' | 'failed' | 'pool' | 'block';

/** One entry of `get_transfers` (an incoming one when `type` is `in` or `pool`). */
export interface MoneroTransfer {
  readonly type: MoneroTransferType;
  readonly txid: string;
  /** The total to (in) or from (out) this wallet in piconero. */
  readonly amount: bigint;
  /** The amounts of the outputs that make up `amount`. */
  readonly amounts: readonly bigint[];
  readonly fee: bigint;
  /** The block's height; 0 while in the pool. */
  readonly height: number;
  /** Blocks including the transaction's (1 in the wallet's top block); 0 while in the pool. */
  readonly confirmations: number;
  /** Unix seconds: the block's timestamp, or when the wallet saw it in the pool. */
  readonly timestamp: number;
  /** The subaddress that received it (incoming), or the account it was sent from (outgoing). */
  readonly subaddrIndex: MoneroSubaddressIndex;
  readonly subaddrIndices: readonly MoneroSubaddressIndex[];
  /** The address of `subaddrIndex`. */
  readonly address: string;
  /**
   * 0, or a height (< 500000000) or a Unix time before which the outputs cannot be spent, chosen by the
   * sender (a non-zero value is how a payer locks a merchant's funds: treat it as suspect).
   */
  readonly unlockTime: bigint;
  /** The wallet saw another transaction spending the same inputs: the payment may never confirm. */
  readonly doubleSpendSeen: boolean;
  /** Whether the outputs are still locked (the 10-block lock, or `unlockTime`). */
  readonly locked: boolean;
  readonly paymentId: string;
  readonly note: string;
}

/** The lists of `get_transfers`; a list the call did not ask for, or with no entry, is empty. */
export interface MoneroTransfers {
  readonly in: readonly MoneroTransfer[];
  readonly out: readonly MoneroTransfer[];
  readonly pending: readonly MoneroTransfer[];
  readonly failed: readonly MoneroTransfer[];
  readonly pool: readonly MoneroTransfer[];
}

export interface GetTransfersParams {
  readonly in?: boolean;
  readonly out?: boolean;
  readonly pending?: boolean;
  readonly failed?: boolean;
  /** Incoming transactions still in the daemon's pool; the call fetches the pool itself. */
  readonly pool?: boolean;
  /** Default 0. */
  readonly accountIndex?: number;
  /** Only these minor indexes of the account (default: all). */
  readonly subaddrIndices?: readonly number[];
  /** With `filterByHeight`: only transfers in blocks above `minHeight` (exclusive) ... */
  readonly minHeight?: number;
  /** ... and up to `maxHeight` (inclusive). */
  readonly maxHeight?: number;
  readonly filterByHeight?: boolean;
}

/** One output the wallet owns (`incoming_transfers`). */
export interface MoneroIncomingOutput {
  readonly txHash: string;
  readonly amount: bigint;
  readonly blockHeight: number;
  readonly subaddrIndex: MoneroSubaddressIndex;
  /** Whether the output is spent; always false in a view-only wallet, which cannot see spends. */
  readonly spent: boolean;
  readonly unlocked: boolean;
  readonly frozen: boolean;
  readonly globalIndex: number;
  /** Empty in a view-only wallet (key images need the spend key). */
  readonly keyImage: string;
  readonly pubkey: string;
}

export interface MoneroBalance {
  readonly balance: bigint;
  readonly unlockedBalance: bigint;
  /** Blocks until the whole balance is unlocked. */
  readonly blocksToUnlock: number;
  readonly perSubaddress: readonly {
    readonly addressIndex: number;
    readonly address: string;
    readonly balance: bigint;
    readonly unlockedBalance: bigint;
    readonly numUnspentOutputs: number;
    readonly blocksToUnlock: number;
  }[];
}

export interface MoneroTransferResult {
  readonly txHash: string;
  readonly fee: bigint;
  /** The amount sent (the destinations' total), in piconero. */
  readonly amount: bigint;
  /** The transaction's secret key (for a payment proof), when asked for with `getTxKey`. */
  readonly txKey: string;
  readonly weight: number;
}

interface RawTransfer {
  type: MoneroTransferType;
  txid: string;
  amount: unknown;
  amounts?: unknown[];
  fee?: unknown;
  height: number;
  confirmations?: number;
  timestamp: number;
  subaddr_index: MoneroSubaddressIndex;
  subaddr_indices?: MoneroSubaddressIndex[];
  address: string;
  unlock_time: unknown;
  double_spend_seen: boolean;
  locked: boolean;
  payment_id: string;
  note: string;
}

const transferOf = (raw: RawTransfer): MoneroTransfer => ({
  type: raw.type,
  txid: raw.txid,
  amount: rpcBigInt(raw.amount, 'amount'),
  amounts: (raw.amounts ?? [raw.amount]).map((a) => rpcBigInt(a, 'amounts')),
  fee: raw.fee === undefined ? 0n : rpcBigInt(raw.fee, 'fee'),
  height: raw.height,
  confirmations: raw.confirmations ?? 0,
  timestamp: raw.timestamp,
  subaddrIndex: { major: raw.subaddr_index.major, minor: raw.subaddr_index.minor },
  subaddrIndices: (raw.subaddr_indices ?? [raw.subaddr_index]).map((i) => ({
    major: i.major,
    minor: i.minor,
  })),
  address: raw.address,
  unlockTime: rpcBigInt(raw.unlock_time, 'unlock_time'),
  doubleSpendSeen: raw.double_spend_seen,
  locked: raw.locked,
  paymentId: raw.payment_id,
  note: raw.note,
});

/** Waiting on a wallet that scans a chain (refresh, rescan, a restore from keys) takes long. */
const SCAN_TIMEOUT_MS = 10 * 60_000;

/**
 * The typed monero-wallet-rpc calls the gateway and the test harness need (verified against
 * monero-wallet-rpc 0.18.0.0). One wallet-rpc process has at most one wallet open; every call but the
 * create/open ones acts on it (RPC error -13 "No wallet file" when none is). Amounts are bigint
 * piconero, sent as bare JSON integers. On 0.18.0.0 `create_address` takes `count` (1 to 64);
 * `set_subaddress_lookahead` does not exist (-32601): a wallet sees payments to minor indexes up to
 * 199 past the highest one it created or received on (a payment further out is missed, and once its
 * block is scanned only `rescan_blockchain` finds it): create every subaddress in the wallet before
 * handing it out.
 *
 * @example
 * const wallet = new MoneroWalletRpc('http://127.0.0.1:18083');
 * await wallet.generateFromKeys({ filename: 'shop', address, viewKey, restoreHeight: 3_100_000 });
 * const { addressIndex } = await wallet.createAddress(0);
 * const { pool } = await wallet.getTransfers({ pool: true, subaddrIndices: [addressIndex] });
 */
export class MoneroWalletRpc {
  readonly client: MoneroRpcClient;

  constructor(urlOrClient: string | MoneroRpcClient, options: MoneroRpcClientOptions = {}) {
    this.client = typeof urlOrClient === 'string' ? new MoneroRpcClient(urlOrClient, options) : urlOrClient;
  }

  /** The wallet-rpc's version (`major << 16 | minor`); answers without an open wallet. */
  async getVersion(): Promise<number> {
    return (await this.client.call<{ version: number }>('get_version')).version;
  }

  /** Creates a wallet with a new seed in the `--wallet-dir` and opens it (-21 when the file exists). */
  async createWallet(params: { filename: string; password?: string; language?: string }): Promise<void> {
    await this.client.call(
      'create_wallet',
      { filename: params.filename, password: params.password ?? '', language: params.language ?? 'English' },
      { timeoutMs: SCAN_TIMEOUT_MS },
    );
  }

  /**
   * Creates and opens a wallet from keys. Without `spendKey` it is view-only: it sees incoming
   * transfers (pool and chain) and can never spend. `restoreHeight` is where its scan starts.
   */
  async generateFromKeys(params: {
    filename: string;
    address: string;
    viewKey: string;
    spendKey?: string;
    password?: string;
    restoreHeight?: number;
    /** Store the wallet open until now before switching (default true). */
    autosaveCurrent?: boolean;
  }): Promise<{ address: string; info: string }> {
    return this.client.call<{ address: string; info: string }>(
      'generate_from_keys',
      {
        filename: params.filename,
        address: params.address,
        viewkey: params.viewKey,
        ...(params.spendKey ? { spendkey: params.spendKey } : {}),
        password: params.password ?? '',
        restore_height: params.restoreHeight ?? 0,
        autosave_current: params.autosaveCurrent ?? true,
      },
      { timeoutMs: SCAN_TIMEOUT_MS },
    );
  }

  async openWallet(params: { filename: string; password?: string }): Promise<void> {
    await this.client.call(
      'open_wallet',
      { filename: params.filename, password: params.password ?? '' },
      { timeoutMs: SCAN_TIMEOUT_MS },
    );
  }

  /** Changes the open wallet's password (its file is written again, sealed with the new one). */
  async changeWalletPassword(oldPassword: string, newPassword: string): Promise<void> {
    await this.client.call(
      'change_wallet_password',
      { old_password: oldPassword, new_password: newPassword },
      { timeoutMs: SCAN_TIMEOUT_MS },
    );
  }

  /** Stores and closes the open wallet. */
  async closeWallet(): Promise<void> {
    await this.client.call('close_wallet', {}, { timeoutMs: SCAN_TIMEOUT_MS });
  }

  /** Writes the open wallet to its file. */
  async store(): Promise<void> {
    await this.client.call('store', {}, { timeoutMs: SCAN_TIMEOUT_MS });
  }

  /** The account's main address and the addresses at `addressIndices` (default: all created). */
  async getAddress(
    accountIndex = 0,
    addressIndices?: readonly number[],
  ): Promise<{
    address: string;
    addresses: { address: string; addressIndex: number; label: string; used: boolean }[];
  }> {
    const raw = await this.client.call<{
      address: string;
      addresses?: { address: string; address_index: number; label: string; used: boolean }[];
    }>('get_address', {
      account_index: accountIndex,
      ...(addressIndices ? { address_index: addressIndices } : {}),
    });
    return {
      address: raw.address,
      addresses: (raw.addresses ?? []).map((a) => ({
        address: a.address,
        addressIndex: a.address_index,
        label: a.label,
        used: a.used,
      })),
    };
  }

  /**
   * Creates the next `count` (default 1, at most 64 on 0.18.0.0: RPC error -1 above) subaddresses of
   * the account; resolves with the first one and all of them. Indexes continue from the highest created
   * so far.
   */
  async createAddress(
    accountIndex = 0,
    count = 1,
    label?: string,
  ): Promise<{ address: string; addressIndex: number; addresses: string[]; addressIndices: number[] }> {
    const raw = await this.client.call<{
      address: string;
      address_index: number;
      addresses?: string[];
      address_indices?: number[];
    }>('create_address', { account_index: accountIndex, count, ...(label ? { label } : {}) });
    return {
      address: raw.address,
      addressIndex: raw.address_index,
      addresses: raw.addresses ?? [raw.address],
      addressIndices: raw.address_indices ?? [raw.address_index],
    };
  }

  /** The wallet's chain length: the height of the next block it will scan (top scanned block + 1). */
  async getHeight(): Promise<number> {
    return (await this.client.call<{ height: number }>('get_height')).height;
  }

  /** Scans the blocks the wallet has not seen yet (from `startHeight` when given). */
  async refresh(
    startHeight?: number,
    options: MoneroRpcCallOptions = {},
  ): Promise<{ blocksFetched: number; receivedMoney: boolean }> {
    const raw = await this.client.call<{ blocks_fetched: number; received_money: boolean }>(
      'refresh',
      startHeight === undefined ? {} : { start_height: startHeight },
      { timeoutMs: options.timeoutMs ?? SCAN_TIMEOUT_MS },
    );
    return { blocksFetched: raw.blocks_fetched, receivedMoney: raw.received_money };
  }

  /** Forgets every transfer and scans the chain again from the wallet's restore height. */
  async rescanBlockchain(options: MoneroRpcCallOptions = {}): Promise<void> {
    await this.client.call('rescan_blockchain', {}, { timeoutMs: options.timeoutMs ?? SCAN_TIMEOUT_MS });
  }

  /** Turns the wallet-rpc's background refresh (every 20 s by default) on or off. */
  async autoRefresh(enable: boolean, periodSeconds?: number): Promise<void> {
    await this.client.call('auto_refresh', {
      enable,
      ...(periodSeconds === undefined ? {} : { period: periodSeconds }),
    });
  }

  /**
   * The wallet's transfers. With `pool: true` the wallet asks the daemon for its pool first, so a
   * payment shows up as soon as it is relayed; blocks are only seen after a `refresh` (or the
   * background one), so an entry can stay in `pool` after it was mined until then.
   */
  async getTransfers(params: GetTransfersParams): Promise<MoneroTransfers> {
    const raw = await this.client.call<
      Partial<Record<'in' | 'out' | 'pending' | 'failed' | 'pool', RawTransfer[]>>
    >('get_transfers', {
      in: params.in ?? false,
      out: params.out ?? false,
      pending: params.pending ?? false,
      failed: params.failed ?? false,
      pool: params.pool ?? false,
      account_index: params.accountIndex ?? 0,
      ...(params.subaddrIndices ? { subaddr_indices: params.subaddrIndices } : {}),
      ...(params.filterByHeight
        ? {
            filter_by_height: true,
            min_height: params.minHeight ?? 0,
            ...(params.maxHeight === undefined ? {} : { max_height: params.maxHeight }),
          }
        : {}),
    });
    return {
      in: (raw.in ?? []).map(transferOf),
      out: (raw.out ?? []).map(transferOf),
      pending: (raw.pending ?? []).map(transferOf),
      failed: (raw.failed ?? []).map(transferOf),
      pool: (raw.pool ?? []).map(transferOf),
    };
  }

  /** The outputs the wallet owns in the chain (`incoming_transfers`); pool outputs are not listed. */
  async incomingTransfers(
    params: {
      transferType?: 'all' | 'available' | 'unavailable';
      accountIndex?: number;
      subaddrIndices?: readonly number[];
    } = {},
  ): Promise<MoneroIncomingOutput[]> {
    const raw = await this.client.call<{
      transfers?: {
        tx_hash: string;
        amount: unknown;
        block_height: number;
        subaddr_index: MoneroSubaddressIndex;
        spent: boolean;
        unlocked: boolean;
        frozen: boolean;
        global_index: number;
        key_image: string;
        pubkey: string;
      }[];
    }>('incoming_transfers', {
      transfer_type: params.transferType ?? 'all',
      account_index: params.accountIndex ?? 0,
      ...(params.subaddrIndices ? { subaddr_indices: params.subaddrIndices } : {}),
    });
    return (raw.transfers ?? []).map((t) => ({
      txHash: t.tx_hash,
      amount: rpcBigInt(t.amount, 'amount'),
      blockHeight: t.block_height,
      subaddrIndex: { major: t.subaddr_index.major, minor: t.subaddr_index.minor },
      spent: t.spent,
      unlocked: t.unlocked,
      frozen: t.frozen,
      globalIndex: t.global_index,
      keyImage: t.key_image,
      pubkey: t.pubkey,
    }));
  }

  /**
   * One of the open wallet's secrets: `view_key` (hex), `spend_key` (hex; -29 for a view-only wallet),
   * `mnemonic` (the seed words; also refused for a view-only wallet).
   */
  async queryKey(keyType: 'view_key' | 'spend_key' | 'mnemonic'): Promise<string> {
    return (await this.client.call<{ key: string }>('query_key', { key_type: keyType })).key;
  }

  async getBalance(accountIndex = 0, addressIndices?: readonly number[]): Promise<MoneroBalance> {
    const raw = await this.client.call<{
      balance: unknown;
      unlocked_balance: unknown;
      blocks_to_unlock?: number;
      per_subaddress?: {
        address_index: number;
        address: string;
        balance: unknown;
        unlocked_balance: unknown;
        num_unspent_outputs: number;
        blocks_to_unlock?: number;
      }[];
    }>('get_balance', {
      account_index: accountIndex,
      ...(addressIndices ? { address_indices: addressIndices } : {}),
    });
    return {
      balance: rpcBigInt(raw.balance, 'balance'),
      unlockedBalance: rpcBigInt(raw.unlocked_balance, 'unlocked_balance'),
      blocksToUnlock: raw.blocks_to_unlock ?? 0,
      perSubaddress: (raw.per_subaddress ?? []).map((s) => ({
        addressIndex: s.address_index,
        address: s.address,
        balance: rpcBigInt(s.balance, 'balance'),
        unlockedBalance: rpcBigInt(s.unlocked_balance, 'unlocked_balance'),
        numUnspentOutputs: s.num_unspent_outputs,
        blocksToUnlock: s.blocks_to_unlock ?? 0,
      })),
    };
  }

  /**
   * Builds, signs and relays a transaction paying `destinations` from the account. Needs unlocked
   * outputs: change and received outputs stay locked for 10 blocks, coinbase outputs for 60 (errors
   * -17 "not enough money" or -4 with "not enough unlocked money" otherwise).
   */
  async transfer(params: {
    destinations: readonly { address: string; amount: bigint }[];
    accountIndex?: number;
    subaddrIndices?: readonly number[];
    /** 0 (default) to 4. */
    priority?: number;
    getTxKey?: boolean;
    /** Build and sign but keep it from the network. */
    doNotRelay?: boolean;
    /**
     * A block height (below 500,000,000) or Unix time before which the recipient cannot spend the
     * outputs (0, the default: the usual 10-block lock only). Tests use it to play a payer who locks
     * a merchant's funds.
     */
    unlockTime?: number;
  }): Promise<MoneroTransferResult> {
    const raw = await this.client.call<{
      tx_hash: string;
      fee: unknown;
      amount: unknown;
      tx_key?: string;
      weight?: number;
    }>(
      'transfer',
      {
        destinations: params.destinations.map((d) => ({ address: d.address, amount: d.amount })),
        account_index: params.accountIndex ?? 0,
        ...(params.subaddrIndices ? { subaddr_indices: params.subaddrIndices } : {}),
        priority: params.priority ?? 0,
        get_tx_key: params.getTxKey ?? false,
        do_not_relay: params.doNotRelay ?? false,
        ...(params.unlockTime ? { unlock_time: params.unlockTime } : {}),
      },
      { timeoutMs: SCAN_TIMEOUT_MS },
    );
    return {
      txHash: raw.tx_hash,
      fee: rpcBigInt(raw.fee, 'fee'),
      amount: rpcBigInt(raw.amount, 'amount'),
      txKey: raw.tx_key ?? '',
      weight: raw.weight ?? 0,
    };
  }
}
