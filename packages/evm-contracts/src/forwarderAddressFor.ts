import { type Address, concatHex, getContractAddress, type Hex, keccak256 } from 'viem';
import { factoryAddressFor } from './factoryAddressFor.js';
import { forwarderSalt } from './forwarderSalt.js';

/** The forwarder implementation a factory deploys in its constructor (its first CREATE, nonce 1). */
export function implementationAddressFor(factory: Address): Address {
  return getContractAddress({ opcode: 'CREATE', from: factory, nonce: 1n });
}

/** The EIP-1167 minimal proxy init code delegating to `implementation`. */
export function cloneInitCode(implementation: Address): Hex {
  return concatHex([
    '0x3d602d80600a3d3981f3363d3d373d3d3d363d73',
    implementation.toLowerCase() as Hex,
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
}

/**
 * A payment's deposit address on an EVM chain, computed offline: the CREATE2 address of the EIP-1167
 * clone that `treasury`'s factory deploys with the payment's salt. Its code (deployed only when it is
 * swept) can pay nobody but that treasury.
 */
export function forwarderAddressFor(input: {
  treasury: Address;
  chainId: number;
  paymentId: string;
}): Address {
  const factory = factoryAddressFor(input.treasury);
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: forwarderSalt(input.chainId, input.paymentId),
    bytecodeHash: keccak256(cloneInitCode(implementationAddressFor(factory))),
  });
}
