import { createHash } from 'node:crypto';
import { utils } from 'tronweb';

/** A signed TRON transaction, kept before it is broadcast so a crash never signs a second one. */
export interface TronSignedTransaction {
  /** txID: SHA-256 of `raw_data`'s protobuf, 64 lower-case hex digits, no 0x. */
  readonly hash: string;
  /** The signed transaction as the JSON text `/wallet/broadcasttransaction` takes. */
  readonly raw: string;
  /** `raw_data.expiration`: after it the network can never include it. */
  readonly expiresAt: Date;
}

/** The block a transaction refers to (TaPoS): java-tron refuses it unless that block is on its chain. */
export interface TronRefBlock {
  readonly number: bigint;
  /** `blockID`, 64 hex digits (height in the first 8 bytes). */
  readonly id: string;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** An int64 field as tronweb's protobuf writer takes it (a JS number): only exact below 2^53. */
export function tronSafeNumber(name: string, value: bigint): number {
  if (value < 0n || value > SAFE) throw new RangeError(`${name} ${value} cannot be serialized exactly`);
  return Number(value);
}

/**
 * The header every transaction carries: `ref_block_bytes` (bytes 6-7 of the reference block's height)
 * and `ref_block_hash` (bytes 8-15 of its id), as java-tron's TaPoS check reads them, with the fee
 * limit and the times.
 */
export interface TronRawHeader {
  readonly ref_block_bytes: string;
  readonly ref_block_hash: string;
  readonly expiration: number;
  readonly fee_limit: number;
  readonly timestamp: number;
}

/** The header of a transaction referring to `refBlock` (whose id must be 32 bytes of hex). */
export function tronRawHeader(
  refBlock: TronRefBlock,
  times: { readonly feeLimit: bigint; readonly expiration: bigint; readonly timestamp: bigint },
): TronRawHeader {
  if (!/^[0-9a-f]{64}$/i.test(refBlock.id)) throw new TypeError('the reference block id is not 32 bytes');
  const feeLimit = tronSafeNumber('fee_limit', times.feeLimit);
  const expiration = tronSafeNumber('expiration', times.expiration);
  const timestamp = tronSafeNumber('timestamp', times.timestamp);
  return {
    ref_block_bytes: refBlock.number.toString(16).padStart(16, '0').slice(-4),
    ref_block_hash: refBlock.id.toLowerCase().slice(16, 32),
    expiration,
    fee_limit: feeLimit,
    timestamp,
  };
}

/** What a serialized transaction decodes back to (`utils.deserializeTx`), as far as the checks read it. */
export interface DecodedTronRawData extends TronRawHeader {
  readonly contract: { parameter: { value: Record<string, unknown> } }[];
  readonly data?: string;
}

/** A transaction serialized with tronweb's protobuf writer and decoded back, not yet signed. */
export interface SerializedTronTransaction {
  readonly rawData: TronRawHeader & { readonly contract: unknown[] };
  readonly rawDataHex: string;
  /** SHA-256 of `rawDataHex`, checked against tronweb's own txID. */
  readonly txid: string;
  readonly decoded: DecodedTronRawData;
}

/**
 * Serializes `rawData` (tronweb 6.5.1, `utils.transaction.txJsonToPb`), checks that tronweb's txID is
 * SHA-256 of `raw_data_hex`, and decodes the bytes back as a `type` contract for the caller to compare
 * with what it built (see {@link sameTronHeader}).
 */
export function serializeTronRawData(
  type: 'TriggerSmartContract' | 'CreateSmartContract',
  rawData: TronRawHeader & { readonly contract: unknown[] },
): SerializedTronTransaction {
  const tx: Record<string, unknown> = { visible: false, txID: '', raw_data: rawData, raw_data_hex: '' };
  const pb = utils.transaction.txJsonToPb(tx);
  const rawDataHex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
  const txid = createHash('sha256').update(Buffer.from(rawDataHex, 'hex')).digest('hex');
  if (utils.transaction.txPbToTxID(pb).replace(/^0x/, '').toLowerCase() !== txid) {
    throw new Error('tronweb computed a txID other than SHA-256 of raw_data');
  }
  const decoded = utils.deserializeTx.deserializeTransaction(type, rawDataHex) as DecodedTronRawData;
  return { rawData, rawDataHex, txid, decoded };
}

/** Whether the decoded header is the one built (fee limit, reference block, times). */
export function sameTronHeader(decoded: TronRawHeader, built: TronRawHeader): boolean {
  return (
    decoded.fee_limit === built.fee_limit &&
    decoded.ref_block_bytes.toLowerCase() === built.ref_block_bytes &&
    decoded.ref_block_hash.toLowerCase() === built.ref_block_hash &&
    decoded.expiration === built.expiration &&
    decoded.timestamp === built.timestamp
  );
}

/**
 * Signs a checked transaction's txID with `privateKey` (`utils.crypto.signTransaction`), checks that
 * the signature recovers to `ownerHex`, and returns it as `/wallet/broadcasttransaction` takes it.
 */
export function signSerializedTron(
  serialized: SerializedTronTransaction,
  privateKey: string,
  ownerHex: string,
): TronSignedTransaction {
  const { rawData, rawDataHex, txid } = serialized;
  const tx: Record<string, unknown> = {
    visible: false,
    txID: txid,
    raw_data: rawData,
    raw_data_hex: rawDataHex,
  };
  utils.crypto.signTransaction(privateKey, tx);
  const signature = (tx.signature as string[]).map((s) => s.replace(/^0x/, '').toLowerCase());
  if (
    signature.length !== 1 ||
    utils.crypto.ecRecover(txid, signature[0] as string).toLowerCase() !== ownerHex
  ) {
    throw new Error('the signature does not recover to the gas wallet');
  }
  return {
    hash: txid,
    raw: JSON.stringify({
      visible: false,
      txID: txid,
      raw_data: rawData,
      raw_data_hex: rawDataHex,
      signature,
    }),
    expiresAt: new Date(rawData.expiration),
  };
}
