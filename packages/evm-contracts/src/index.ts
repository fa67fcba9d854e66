export { DETERMINISTIC_DEPLOYER, FACTORY_SALT } from './deterministicDeployer.js';
export { factoryAddressFor, factoryDeploymentData, factoryInitCode } from './factoryAddressFor.js';
export { cloneInitCode, forwarderAddressFor, implementationAddressFor } from './forwarderAddressFor.js';
export { forwarderSalt } from './forwarderSalt.js';
export {
  cairnForwarder,
  cairnForwarderFactory,
  compiler,
  nativeRelay,
  testStablecoin,
  testTetherToken,
} from './generated/index.js';
