import type { Hex } from 'viem';
import {
  sameTronHeader,
  serializeTronRawData,
  signSerializedTron,
  type TronRefBlock,
  type TronSignedTransaction,
  tronRawHeader,
} from './signTronRawData.js';

export type { TronRefBlock, TronSignedTransaction } from './signTronRawData.js';

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

const HEX41 = /^41[0-9a-f]{40}$/;

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
  const header = tronRawHeader(input.refBlock, input);
  const data = input.data.slice(2).toLowerCase();
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
    ...header,
  };
  const serialized = serializeTronRawData('TriggerSmartContract', rawData);
  const { decoded } = serialized;
  const value = decoded.contract[0]?.parameter.value ?? {};
  const same =
    String(value.owner_address).toLowerCase() === ownerHex &&
    String(value.contract_address).toLowerCase() === contractHex &&
    String(value.data).toLowerCase() === data &&
    Number(value.call_value ?? 0) === 0 &&
    Number(value.call_token_value ?? 0) === 0 &&
    Number(value.token_id ?? 0) === 0 &&
    decoded.data === '' &&
    sameTronHeader(decoded, header);
  if (!same) throw new Error('the serialized transaction does not decode back to what was built');
  return signSerializedTron(serialized, input.privateKey, ownerHex);
}
