import { createHash } from 'node:crypto';
import { utils } from 'tronweb';
import type { Hex } from 'viem';

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

/** What {@link signTronTrigger} signs: one `TriggerSmartContract` with no TRX attached. */
export interface TronTriggerInput {
  /** The signer's private key, 64 hex digits, no 0x. */
  readonly privateKey: string;
  /** The signer's address, `41…` hex (checked against the key's signature). */
  readonly ownerHex: string;
  /** The called contract, `41…` hex. */
  readonly contractHex: string;
  readonly data: Hex;
  /** Most sun the transaction may burn for energy. */
  readonly feeLimit: bigint;
  readonly refBlock: TronRefBlock;
  /** Milliseconds since the epoch. */
  readonly expiration: bigint;
  /** Milliseconds since the epoch (informational for the network). */
  readonly timestamp: bigint;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const HEX41 = /^41[0-9a-f]{40}$/;

function safeNumber(name: string, value: bigint): number {
  // tronweb's protobuf writer takes int64 fields as JS numbers: only exact below 2^53.
  if (value < 0n || value > SAFE) throw new RangeError(`${name} ${value} cannot be serialized exactly`);
  return Number(value);
}

/**
 * Builds a `TriggerSmartContract` transaction locally (nothing the node built is signed), serializes
 * it with tronweb 6.5.1's protobuf writer (`utils.transaction.txJsonToPb`), checks the result before
 * signing — txID = SHA-256 of `raw_data_hex`, and `raw_data_hex` decoded back
 * (`utils.deserializeTx`) gives exactly the owner, contract, data, zero `call_value`, `fee_limit`,
 * reference block, expiration and timestamp asked for — then signs the txID with the key
 * (`utils.crypto.signTransaction`) and checks that the signature recovers to the owner.
 *
 * `raw_data.ref_block_bytes` is bytes 6-7 of the reference block's height and `ref_block_hash` bytes
 * 8-15 of its id, as java-tron's TaPoS check reads them.
 */
export function signTronTrigger(input: TronTriggerInput): TronSignedTransaction {
  const ownerHex = input.ownerHex.toLowerCase();
  const contractHex = input.contractHex.toLowerCase();
  if (!HEX41.test(ownerHex) || !HEX41.test(contractHex)) throw new TypeError('addresses must be 41… hex');
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(input.data)) throw new TypeError('data must be hex bytes');
  if (!/^[0-9a-f]{64}$/i.test(input.refBlock.id))
    throw new TypeError('the reference block id is not 32 bytes');
  const data = input.data.slice(2).toLowerCase();
  const feeLimit = safeNumber('fee_limit', input.feeLimit);
  const expiration = safeNumber('expiration', input.expiration);
  const timestamp = safeNumber('timestamp', input.timestamp);
  const rawData = {
    contract: [
      {
        parameter: {
          value: { data, owner_address: ownerHex, contract_address: contractHex },
          type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
        },
        type: 'TriggerSmartContract',
      },
    ],
    ref_block_bytes: input.refBlock.number.toString(16).padStart(16, '0').slice(-4),
    ref_block_hash: input.refBlock.id.toLowerCase().slice(16, 32),
    expiration,
    fee_limit: feeLimit,
    timestamp,
  };
  const tx: Record<string, unknown> = { visible: false, txID: '', raw_data: rawData, raw_data_hex: '' };
  const pb = utils.transaction.txJsonToPb(tx);
  const rawDataHex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
  const txid = createHash('sha256').update(Buffer.from(rawDataHex, 'hex')).digest('hex');
  if (utils.transaction.txPbToTxID(pb).replace(/^0x/, '').toLowerCase() !== txid) {
    throw new Error('tronweb computed a txID other than SHA-256 of raw_data');
  }
  const back = utils.deserializeTx.deserializeTransaction('TriggerSmartContract', rawDataHex) as {
    contract: { parameter: { value: Record<string, unknown> } }[];
    data: string;
    fee_limit: number;
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    timestamp: number;
  };
  const value = back.contract[0]?.parameter.value ?? {};
  const same =
    String(value.owner_address).toLowerCase() === ownerHex &&
    String(value.contract_address).toLowerCase() === contractHex &&
    String(value.data).toLowerCase() === data &&
    Number(value.call_value ?? 0) === 0 &&
    Number(value.call_token_value ?? 0) === 0 &&
    Number(value.token_id ?? 0) === 0 &&
    back.data === '' &&
    back.fee_limit === feeLimit &&
    back.ref_block_bytes.toLowerCase() === rawData.ref_block_bytes &&
    back.ref_block_hash.toLowerCase() === rawData.ref_block_hash &&
    back.expiration === expiration &&
    back.timestamp === timestamp;
  if (!same) throw new Error('the serialized transaction does not decode back to what was built');
  tx.txID = txid;
  tx.raw_data_hex = rawDataHex;
  utils.crypto.signTransaction(input.privateKey, tx);
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
    expiresAt: new Date(expiration),
  };
}
