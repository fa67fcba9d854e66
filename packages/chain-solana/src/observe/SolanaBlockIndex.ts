import { type BlockHeader, type BlockRef, ChainBackendError } from '@cairn/chain-core';
import type { SolanaBlockInfo, SolanaRpcReader } from './SolanaRpcReader.js';

/** `getBlocks` refuses ranges over 500,000 slots (Agave's MAX_GET_CONFIRMED_BLOCKS_RANGE). */
const MAX_SLOT_RANGE = 500_000n;
/** Slots mapped ahead of the height asked for, up to the known tip, in one `getBlocksWithLimit`. */
const PREFETCH_HEIGHTS = 1_000;
/** Entries kept in each cache (finalized blocks never change, so any kept entry stays true). */
const MAX_CACHED = 20_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_CACHED) map.delete(map.keys().next().value as K);
}

/**
 * The watcher's header source for Solana: heights are BLOCK HEIGHTS (they count blocks, so they are
 * contiguous where slots are skipped), hashes are blockhashes, a block's parent is its
 * `previousBlockhash`. Everything is read at commitment `finalized`, so the chain seen here never
 * reorganises (a load-balanced RPC whose nodes lag may still move the tip back: `blockHashAt`
 * above the tip is null, which the watcher treats like a reorg and recovers from).
 *
 * Heights map to slots through `getBlocksWithLimit` (forward from a known block: the n-th finalized
 * slot after it is n heights higher) or, with nothing known below, `getBlocks` backwards from the
 * tip; each mapping is checked against the block's own `blockHeight`. A block is read with
 * `getBlock(slot, {transactionDetails: 'none', rewards: false})`, and its parent's slot and hash
 * (`parentSlot`, `previousBlockhash`) are remembered, so walking back costs one call per block.
 *
 * Cost: `tip()` is one `getSlot` plus one `getBlock` when the finalized slot moved; each new height
 * is one `getBlock` plus a share of one `getBlocksWithLimit` per 1,000 heights; `header()` of a
 * block reached by `blockHashAt` or as a parent is free (cached).
 */
export class SolanaBlockIndex {
  readonly #rpc: SolanaRpcReader;
  readonly #chainId: string;
  readonly #bySlot = new Map<bigint, SolanaBlockInfo>();
  readonly #slotOfHeight = new Map<number, bigint>();
  readonly #slotOfHash = new Map<string, bigint>();
  #tip: SolanaBlockInfo | undefined;

  constructor(chainId: string, rpc: SolanaRpcReader) {
    this.#chainId = chainId;
    this.#rpc = rpc;
  }

  #fail(message: string): never {
    throw new ChainBackendError(this.#chainId, message);
  }

  /** The finalized block at `slot` (cached), or null for a skipped or not yet finalized slot. */
  async blockAtSlot(slot: bigint): Promise<SolanaBlockInfo | null> {
    const cached = this.#bySlot.get(slot);
    if (cached) return cached;
    const block = await this.#rpc.block(slot);
    if (block === null) return null;
    remember(this.#bySlot, slot, block);
    remember(this.#slotOfHeight, block.height, slot);
    remember(this.#slotOfHash, block.hash, slot);
    if (block.height > 0) {
      remember(this.#slotOfHeight, block.height - 1, block.parentSlot);
      remember(this.#slotOfHash, block.parentHash, block.parentSlot);
    }
    return block;
  }

  /** The finalized tip: `getSlot` at finalized, then its block. */
  async tip(): Promise<BlockRef> {
    const slot = await this.#rpc.finalizedSlot();
    const block = await this.blockAtSlot(slot);
    if (block === null) this.#fail(`the RPC's finalized slot ${slot} has no block`);
    if (this.#tip === undefined || block.height >= this.#tip.height) this.#tip = block;
    return { height: block.height, hash: block.hash };
  }

  /** The slot of the finalized block at `height`, or null above the finalized tip. */
  async slotOfHeight(height: number): Promise<bigint | null> {
    const known = this.#slotOfHeight.get(height);
    if (known !== undefined) return known;
    if (this.#tip === undefined || height > this.#tip.height) await this.tip();
    const tip = this.#tip!;
    if (height > tip.height) return null;
    let below: { height: number; slot: bigint } | undefined;
    for (const [h, slot] of this.#slotOfHeight) {
      if (h < height && (below === undefined || h > below.height)) below = { height: h, slot };
    }
    if (below !== undefined) {
      const limit = Math.max(height - below.height, Math.min(tip.height - below.height, PREFETCH_HEIGHTS));
      const slots = await this.#rpc.blocksWithLimit(below.slot + 1n, limit);
      slots.forEach((slot, i) => {
        remember(this.#slotOfHeight, below.height + 1 + i, slot);
      });
      return slots[height - below.height - 1] ?? null;
    }
    // Nothing known below (a restart far behind the tip): count finalized slots back from the tip.
    // `bound` is a block's slot or a slot below which nothing was counted yet; `boundHeight` is the
    // height of the lowest block counted so far (at `bound` or above it).
    if (height === tip.height) return tip.slot;
    let bound = tip.slot;
    let boundHeight = tip.height;
    for (;;) {
      const need = boundHeight - height;
      const wanted = BigInt(Math.ceil(need * 1.2) + 64);
      const window = wanted > MAX_SLOT_RANGE ? MAX_SLOT_RANGE : wanted;
      const start = bound > window ? bound - window : 0n;
      const slots = await this.#rpc.blocks(start, bound - 1n);
      for (let j = 1; j <= slots.length; j += 1) {
        remember(this.#slotOfHeight, boundHeight - j, slots[slots.length - j]!);
      }
      if (slots.length >= need) return slots[slots.length - need]!;
      if (start === 0n) return null;
      boundHeight -= slots.length;
      bound = start;
    }
  }

  /** The finalized block at `height`, or null above the finalized tip. */
  async blockAtHeight(height: number): Promise<SolanaBlockInfo | null> {
    const slot = await this.slotOfHeight(height);
    if (slot === null) return null;
    const block = await this.blockAtSlot(slot);
    if (block === null) this.#fail(`the RPC listed slot ${slot} as a finalized block but has no block there`);
    if (block.height !== height) {
      this.#slotOfHeight.delete(height);
      this.#fail(
        `slot ${slot} holds block height ${block.height}, not ${height}: the RPC's block list is inconsistent`,
      );
    }
    return block;
  }

  /** The blockhash at `height`, or null above the finalized tip. */
  async blockHashAt(height: number): Promise<string | null> {
    return (await this.blockAtHeight(height))?.hash ?? null;
  }

  /**
   * A block header by blockhash. Solana's RPC cannot look a block up by hash: this knows the hashes
   * of blocks it read and of their parents, which is every hash the watcher asks about (the tip, its
   * ancestors, and the blocks `blockHashAt` returned).
   */
  async header(hash: string): Promise<BlockHeader> {
    const slot = this.#slotOfHash.get(hash);
    if (slot === undefined) {
      this.#fail(`unknown blockhash ${hash}: the Solana RPC cannot look a block up by hash`);
    }
    const block = await this.blockAtSlot(slot);
    if (block === null || block.hash !== hash) {
      this.#fail(`blockhash ${hash} is no longer the finalized block at slot ${slot}`);
    }
    return {
      height: block.height,
      hash: block.hash,
      parentHash: block.height === 0 ? null : block.parentHash,
    };
  }
}
