import { forwarderSalt } from '@cairn/evm-contracts';
import { concatHex, encodeAbiParameters, encodeFunctionData, type Hex, keccak256 } from 'viem';
import { cairnTronForwarder } from './generated/cairnTronForwarder.js';
import { cairnTronForwarderFactory } from './generated/cairnTronForwarderFactory.js';
import { tronAddressToEvm } from './tronAddress.js';
import { tronCreate2Address } from './tronCreate2Address.js';

/**
 * The `chainId` word of TRON forwarder salts (`forwarderSalt` of `@cairn/evm-contracts`): the chain
 * ids TRON's own JSON-RPC answers to `eth_chainId` (mainnet 0x2b6653dc, Nile 0xcd8690dc), the last
 * four bytes of each network's genesis block id. They only keep one payment's salts apart on the two
 * networks.
 */
export const TRON_SALT_CHAIN_IDS = { TRON: 0x2b6653dc, TRON_NILE: 0xcd8690dc } as const;

/** The salt every factory is deployed with through the deployer, and its implementation by the factory. */
export const TRON_FACTORY_SALT = `0x${'0'.repeat(64)}` as const;

/**
 * Arachnid's deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy):
 * creation code of a contract that CREATE2-deploys the calldata's tail with its first 32 bytes as the
 * salt. On Ethereum it sits at 0x4e59…956C in every chain thanks to a pre-signed legacy transaction;
 * TRON accepts no such transaction, so on TRON the operator deploys this code once per network
 * (a plain `CreateSmartContract`, whose address java-tron derives from that transaction's id and
 * owner, `WalletUtil.generateContractAddress(Transaction)`) and configures the address it got.
 */
export const DEPLOYER_CREATION_CODE: Hex =
  '0x604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** The factory's init code for `treasury` (a TRON address in any form): creation code and argument. */
export function tronFactoryInitCode(treasury: string): Hex {
  return concatHex([
    cairnTronForwarderFactory.bytecode,
    encodeAbiParameters([{ type: 'address' }], [tronAddressToEvm(treasury)]),
  ]);
}

/**
 * The address of `treasury`'s forwarder factory on a TRON network: CREATE2 (TRON's rule) from that
 * network's deployer with salt 0 and the factory's init code for that treasury.
 */
export function tronFactoryAddressFor(input: { deployer: string; treasury: string }): string {
  return tronCreate2Address({
    deployer: input.deployer,
    salt: TRON_FACTORY_SALT,
    initCodeHash: keccak256(tronFactoryInitCode(input.treasury)),
  });
}

/** The forwarder implementation a factory creates in its constructor (CREATE2, salt 0). */
export function tronImplementationAddressFor(input: { factory: string; treasury: string }): string {
  return tronCreate2Address({
    deployer: input.factory,
    salt: TRON_FACTORY_SALT,
    initCodeHash: keccak256(
      concatHex([
        cairnTronForwarder.bytecode,
        encodeAbiParameters([{ type: 'address' }], [tronAddressToEvm(input.treasury)]),
      ]),
    ),
  });
}

/** The EIP-1167 minimal proxy init code delegating to `implementation` (a TRON address in any form). */
export function tronCloneInitCode(implementation: string): Hex {
  return concatHex([
    '0x3d602d80600a3d3981f3363d3d373d3d3d363d73',
    tronAddressToEvm(implementation),
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
}

/** Everything about one payment's forwarder on TRON, computed offline. */
export interface TronForwarder {
  /** The deposit address (`T…`): the clone's CREATE2 address. */
  readonly address: string;
  /** The CREATE2 salt (also the `sweep`/`deploy` argument). */
  readonly salt: Hex;
  /** The treasury's factory (`T…`), the onboarding address. */
  readonly factory: string;
  /** The forwarder implementation inside the factory (`T…`). */
  readonly implementation: string;
}

/**
 * A payment's deposit address on TRON: the CREATE2 address (TRON's 0x41 rule) of the EIP-1167 clone
 * that `treasury`'s factory deploys with the payment's salt. Its code (deployed only when it is swept)
 * can pay nobody but that treasury.
 */
export function tronForwarderFor(input: {
  deployer: string;
  treasury: string;
  saltChainId: number;
  paymentId: string;
}): TronForwarder {
  const factory = tronFactoryAddressFor(input);
  const implementation = tronImplementationAddressFor({ factory, treasury: input.treasury });
  const salt = forwarderSalt(input.saltChainId, input.paymentId);
  const address = tronCreate2Address({
    deployer: factory,
    salt,
    initCodeHash: keccak256(tronCloneInitCode(implementation)),
  });
  return { address, salt, factory, implementation };
}

/**
 * Calldata for the later sweep step, sent by the gas wallet with a `TriggerSmartContract`:
 * - `factoryDeployment`: to the network's deployer, deploys `treasury`'s factory (onboarding);
 * - `sweep`: to the factory, deploys each forwarder without code and flushes it (token address
 *   `T…` or null for TRX).
 */
export const tronSweepCalldata = {
  factoryDeployment(treasury: string): Hex {
    return concatHex([TRON_FACTORY_SALT, tronFactoryInitCode(treasury)]);
  },
  sweep(items: readonly { salt: Hex; token: string | null }[]): Hex {
    return encodeFunctionData({
      abi: cairnTronForwarderFactory.abi,
      functionName: 'sweep',
      args: [
        items.map((i) => i.salt),
        items.map((i) =>
          i.token === null ? '0x0000000000000000000000000000000000000000' : tronAddressToEvm(i.token),
        ),
      ],
    });
  },
};
