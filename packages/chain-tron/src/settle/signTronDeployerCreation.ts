import { keccak256 } from 'viem';
import { tronAddressFromHex } from '../tronAddress.js';
import { DEPLOYER_CREATION_CODE } from '../tronForwarders.js';
import {
  sameTronHeader,
  serializeTronRawData,
  signSerializedTron,
  type TronRefBlock,
  type TronSignedTransaction,
  tronRawHeader,
} from './signTronRawData.js';

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
  const header = tronRawHeader(input.refBlock, input);
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
    ...header,
  };
  const serialized = serializeTronRawData('CreateSmartContract', rawData);
  const back = serialized.decoded;
  const value = back.contract[0]?.parameter.value ?? {};
  const created = (value.new_contract ?? {}) as Record<string, unknown>;
  const same =
    String(value.owner_address).toLowerCase() === ownerHex &&
    String(created.origin_address).toLowerCase() === ownerHex &&
    String(created.bytecode).toLowerCase() === bytecode &&
    Number(created.call_value ?? 0) === 0 &&
    Number(value.call_token_value ?? 0) === 0 &&
    Number(created.consume_user_resource_percent) === 100 &&
    sameTronHeader(back, header);
  if (!same) throw new Error('the serialized transaction does not decode back to what was built');
  const signed = signSerializedTron(serialized, input.privateKey, ownerHex);
  return {
    ...signed,
    contract: tronAddressFromHex(`41${keccak256(`0x${signed.hash}${ownerHex}`).slice(-40)}`),
  };
}
