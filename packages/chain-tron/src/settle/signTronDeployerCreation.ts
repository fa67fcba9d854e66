import { createHash } from 'node:crypto';
import { utils } from 'tronweb';
import { keccak256 } from 'viem';
import { tronAddressFromHex } from '../tronAddress.js';
import { DEPLOYER_CREATION_CODE } from '../tronForwarders.js';
import type { TronRefBlock, TronSignedTransaction } from './signTronTrigger.js';

/** What {@link signTronDeployerCreation} signs: the `CreateSmartContract` of the deterministic deployer. */
export interface TronDeployerCreationInput {
  /** The signer's private key, 64 hex digits, no 0x. */
  readonly privateKey: string;
  /** The signer's address, `41…` hex. */
  readonly ownerHex: string;
  /** Most sun the transaction may burn for energy. */
  readonly feeLimit: bigint;
  readonly refBlock: TronRefBlock;
  /** Milliseconds since the epoch. */
  readonly expiration: bigint;
  /** Milliseconds since the epoch. */
  readonly timestamp: bigint;
}

/** The deployer's `origin_energy_limit`: what its creator would pay for its callers (nothing: 100 %). */
const ORIGIN_ENERGY_LIMIT = 10_000_000;

/**
 * Builds and signs the `CreateSmartContract` of {@link DEPLOYER_CREATION_CODE} (no TRX attached, its
 * callers paying all their energy: `consume_user_resource_percent` 100), checked as
 * `signTronTrigger` checks its calls: txID = SHA-256 of `raw_data_hex`, the bytes decoded back to the
 * same owner, code, fee limit, reference block and times, the signature recovering to the owner.
 * Returns the signed transaction and the contract's address, which java-tron derives from it
 * (`WalletUtil.generateContractAddress`: the last 20 bytes of keccak256(txID ++ owner), prefixed
 * 0x41), as `T…`.
 */
export function signTronDeployerCreation(
  input: TronDeployerCreationInput,
): TronSignedTransaction & { readonly contract: string } {
  const ownerHex = input.ownerHex.toLowerCase();
  if (!/^41[0-9a-f]{40}$/.test(ownerHex)) throw new TypeError('the owner must be 41… hex');
  if (!/^[0-9a-f]{64}$/i.test(input.refBlock.id))
    throw new TypeError('the reference block id is not 32 bytes');
  const safe = (name: string, value: bigint): number => {
    if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError(`${name} ${value} cannot be serialized exactly`);
    return Number(value);
  };
  const feeLimit = safe('fee_limit', input.feeLimit);
  const expiration = safe('expiration', input.expiration);
  const timestamp = safe('timestamp', input.timestamp);
  const bytecode = DEPLOYER_CREATION_CODE.slice(2).toLowerCase();
  const rawData = {
    contract: [
      {
        parameter: {
          value: {
            owner_address: ownerHex,
            new_contract: {
              bytecode,
              origin_address: ownerHex,
              consume_user_resource_percent: 100,
              origin_energy_limit: ORIGIN_ENERGY_LIMIT,
              name: 'CairnDeterministicDeployer',
              abi: {},
            },
          },
          type_url: 'type.googleapis.com/protocol.CreateSmartContract',
        },
        type: 'CreateSmartContract',
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
  const back = utils.deserializeTx.deserializeTransaction('CreateSmartContract', rawDataHex) as {
    contract: { parameter: { value: Record<string, unknown> } }[];
    fee_limit: number;
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    timestamp: number;
  };
  const value = back.contract[0]?.parameter.value ?? {};
  const created = (value.new_contract ?? {}) as Record<string, unknown>;
  const same =
    String(value.owner_address).toLowerCase() === ownerHex &&
    String(created.origin_address).toLowerCase() === ownerHex &&
    String(created.bytecode).toLowerCase() === bytecode &&
    Number(created.call_value ?? 0) === 0 &&
    Number(value.call_token_value ?? 0) === 0 &&
    Number(created.consume_user_resource_percent) === 100 &&
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
    contract: tronAddressFromHex(`41${keccak256(`0x${txid}${ownerHex}`).slice(-40)}`),
  };
}
