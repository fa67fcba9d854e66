import type { ObservedOutput } from '@cairn/chain-core';

/** An output that pays a deposit target, and the payment the target belongs to. */
export interface TargetMatch {
  readonly output: ObservedOutput;
  readonly paymentId: string;
}

/** Reads deposit-target rows after `afterSeq`, oldest first (at most `limit`). */
export type DepositTargetLoader = (
  chainId: string,
  afterSeq: number,
  limit: number,
) => Promise<readonly { seq: number; matchKey: string; paymentId: string; address?: string }[]>;

const PAGE = 50_000;
/** 2^25 bits (4 MB): the membership filter's size, the same whatever the number of targets. */
const FILTER_BITS_LOG2 = 25;
const FILTER_MASK = (1 << FILTER_BITS_LOG2) - 1;
const UUID_BYTES = 16;
/** Prefixes keys that are not hex, so they can never equal a hex key's binary form. */
const TEXT_KEY = '\u0100';

/** FNV-1a (32-bit) over the key's characters. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A second, independent bit position from the same hash (murmur3's finalizer). */
function secondBit(hash: number): number {
  let h = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) & FILTER_MASK;
}

/** A hex key as a one-byte-per-byte string (half the memory); any other key marked as text. */
function compactKey(key: string): string {
  return key.length % 2 === 0 && /^[0-9a-f]*$/.test(key)
    ? Buffer.from(key, 'hex').toString('latin1')
    : TEXT_KEY + key;
}

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;

/**
 * The watcher's in-memory index of one chain's deposit targets: match key (scriptPubKey hex on UTXO
 * chains) to payment id, so matching a block costs a constant amount per output, whatever the number
 * of open payments:
 *
 * - a fixed-size membership filter (a Bloom filter of 4 MB, two bits per key) answers "certainly not
 *   a target" for almost every output with two memory accesses, the same access pattern for a
 *   thousand targets as for a million (at a million, about 0.3% of outputs pass it falsely);
 * - the few outputs that pass it are looked up exactly in a Map of compact keys (hex as bytes) to a
 *   slot in a byte slab holding the payment ids (16 bytes each), about 100 bytes per target in all.
 *
 * Targets are loaded incrementally in allocation order (`deposit_targets.seq`); a later target with
 * the same key (a recycled address) takes the key over.
 */
export class DepositTargetIndex {
  readonly #slotOf = new Map<string, number>();
  /** Accounts that take payments by tag or memo (targets keyed `<address>:<tag>`). */
  readonly #taggedAccounts = new Set<string>();
  readonly #filter = new Uint32Array(1 << (FILTER_BITS_LOG2 - 5));
  #ids = new Uint8Array(UUID_BYTES * 1024);
  #slots = 0;
  #lastSeq = 0;

  constructor(readonly chainId: string) {}

  /** Number of distinct match keys. */
  get size(): number {
    return this.#slotOf.size;
  }

  /** The last `deposit_targets.seq` loaded. */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /**
   * Adds (or takes over) one key. `paymentId` is a UUID. `address`: the target's address; when the key
   * is that address plus a tag or memo (`<address>:<tag>`, XRP and Stellar), the address is a merchant
   * account that takes payments by tag: see {@link strays}.
   */
  add(matchKey: string, paymentId: string, address?: string): void {
    if (address !== undefined && matchKey.startsWith(`${address}:`)) this.#taggedAccounts.add(address);
    const uuid = UUID.exec(paymentId);
    if (!uuid) throw new TypeError(`payment id ${paymentId} is not a lower-case UUID`);
    if ((this.#slots + 1) * UUID_BYTES > this.#ids.length) {
      const grown = new Uint8Array(this.#ids.length * 2);
      grown.set(this.#ids);
      this.#ids = grown;
    }
    const slot = this.#slots++;
    this.#ids.set(Buffer.from(uuid.slice(1).join(''), 'hex'), slot * UUID_BYTES);
    this.#slotOf.set(compactKey(matchKey), slot);
    const hash = hashKey(matchKey);
    for (const bit of [hash & FILTER_MASK, secondBit(hash)]) this.#filter[bit >>> 5]! |= 1 << (bit & 31);
  }

  /** The payment a key belongs to, if any. */
  lookup(matchKey: string): string | undefined {
    const hash = hashKey(matchKey);
    const first = hash & FILTER_MASK;
    if ((this.#filter[first >>> 5]! & (1 << (first & 31))) === 0) return undefined;
    const second = secondBit(hash);
    if ((this.#filter[second >>> 5]! & (1 << (second & 31))) === 0) return undefined;
    const slot = this.#slotOf.get(compactKey(matchKey));
    return slot === undefined ? undefined : this.#paymentId(slot);
  }

  /** The outputs that pay a target: constant work per output. */
  match(outputs: readonly ObservedOutput[]): TargetMatch[] {
    const matches: TargetMatch[] = [];
    for (const output of outputs) {
      const paymentId = this.lookup(output.matchKey);
      if (paymentId !== undefined) matches.push({ output, paymentId });
    }
    return matches;
  }

  /**
   * The outputs that pay an account some target is on (`ObservedOutput.account`) but match no target:
   * a payment to the merchant's account without the tag or memo of an open payment (a customer who
   * left the destination tag out). Nothing can credit them; the watcher logs them for the merchant.
   */
  strays(outputs: readonly ObservedOutput[]): ObservedOutput[] {
    if (this.#taggedAccounts.size === 0) return [];
    return outputs.filter(
      (o) =>
        o.account !== undefined &&
        this.#taggedAccounts.has(o.account) &&
        this.lookup(o.matchKey) === undefined,
    );
  }

  /** Whether `account` takes payments by tag or memo here (some target is `<account>:<tag>`). */
  hasTaggedAccount(account: string): boolean {
    return this.#taggedAccounts.has(account);
  }

  /** Loads the targets allocated since the last refresh; returns how many were read. */
  async refresh(load: DepositTargetLoader): Promise<number> {
    let read = 0;
    for (;;) {
      const rows = await load(this.chainId, this.#lastSeq, PAGE);
      for (const row of rows) {
        this.add(row.matchKey, row.paymentId, row.address);
        this.#lastSeq = row.seq;
      }
      read += rows.length;
      if (rows.length < PAGE) return read;
    }
  }

  #paymentId(slot: number): string {
    const hex = Buffer.from(this.#ids.buffer, this.#ids.byteOffset + slot * UUID_BYTES, UUID_BYTES).toString(
      'hex',
    );
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
