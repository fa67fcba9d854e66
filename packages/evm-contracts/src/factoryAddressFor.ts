import { type Address, concatHex, encodeAbiParameters, getAddress, getContractAddress, type Hex } from 'viem';
import { DETERMINISTIC_DEPLOYER, FACTORY_SALT } from './deterministicDeployer.js';
import { cairnForwarderFactory } from './generated/cairnForwarderFactory.js';

/** The factory's init code for `treasury`: its creation code and the constructor argument. */
export function factoryInitCode(treasury: Address): Hex {
  return concatHex([
    cairnForwarderFactory.bytecode,
    encodeAbiParameters([{ type: 'address' }], [getAddress(treasury)]),
  ]);
}

/**
 * The address of `treasury`'s forwarder factory, on any chain: CREATE2 from the deterministic
 * deployment proxy with salt 0 and the factory's init code for that treasury. Whoever deploys it,
 * it carries that treasury.
 */
export function factoryAddressFor(treasury: Address): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: FACTORY_SALT,
    bytecode: factoryInitCode(treasury),
  });
}

/** The transaction that deploys `treasury`'s factory: send it (no value) from any account. */
export function factoryDeploymentData(treasury: Address): { readonly to: Address; readonly data: Hex } {
  return { to: DETERMINISTIC_DEPLOYER, data: concatHex([FACTORY_SALT, factoryInitCode(treasury)]) };
}
