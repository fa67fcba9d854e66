export type { TronUriInput } from './buildTronUri.js';
export { buildTronUri } from './buildTronUri.js';
export type { TronAdapter, TronAdapterOptions } from './createTronAdapter.js';
export { createTronAdapter } from './createTronAdapter.js';
export { cairnTronForwarder } from './generated/cairnTronForwarder.js';
export { cairnTronForwarderFactory } from './generated/cairnTronForwarderFactory.js';
export type { TronObserverOptions } from './observe/createTronObserver.js';
export { createTronObserver } from './observe/createTronObserver.js';
export type { DecodeTronBlockInput } from './observe/decodeTronBlock.js';
export {
  decodeTronBlock,
  internalTrxIndex,
  TOP_LEVEL_TRX_INDEX,
  TRANSFER_TOPIC,
} from './observe/decodeTronBlock.js';
export { parseTronJson, sunOf } from './observe/parseTronJson.js';
export type {
  TronApiBlock,
  TronApiTransaction,
  TronApiTransactionInfo,
} from './observe/tronApiTypes.js';
export type { ParsedTronAddress, TronAddressRefusal } from './parseTronAddress.js';
export { parseTronAddress } from './parseTronAddress.js';
export type { TronApiOptions } from './settle/callTronApi.js';
export type { TronConstantCallAnswer, TronContractReader } from './settle/createTronContractReader.js';
export { createTronContractReader } from './settle/createTronContractReader.js';
export type {
  TronGasWallet,
  TronGasWalletOptions,
  TronReceipt,
  TronSignedTransaction,
  TronSweepItem,
} from './settle/createTronGasWallet.js';
export { createTronGasWallet } from './settle/createTronGasWallet.js';
export { readTronChainFacts } from './settle/readTronChainFacts.js';
export type { TronAdapterErrorCode } from './TronAdapterError.js';
export { TronAdapterError } from './TronAdapterError.js';
export type { TronAddressProblem } from './tronAddress.js';
export {
  decodeTronAddress,
  TRON_ADDRESS_PREFIX,
  tronAddressFromHex,
  tronAddressToEvm,
  tronAddressToHex,
} from './tronAddress.js';
export type { TronChainId } from './tronChains.js';
export { isTronChainId, TRON_CHAIN_IDS, TRON_GENESIS_BLOCK_IDS, tronNetworkName } from './tronChains.js';
export { tronCreate2Address } from './tronCreate2Address.js';
export type { TronForwarder } from './tronForwarders.js';
export {
  DEPLOYER_CREATION_CODE,
  TRON_FACTORY_SALT,
  TRON_SALT_CHAIN_IDS,
  tronCloneInitCode,
  tronFactoryAddressFor,
  tronFactoryInitCode,
  tronForwarderFor,
  tronImplementationAddressFor,
  tronSweepCalldata,
} from './tronForwarders.js';
export { tronMatchKey } from './tronMatchKey.js';
export { validateTronAddress } from './validateTronAddress.js';
export { validateTronWallet } from './validateTronWallet.js';
