export { BroadcastRejectedError } from '@cairn/chain-core';
export type { EvmUriInput } from './buildEvmUri.js';
export { buildEvmUri } from './buildEvmUri.js';
export type { EvmAdapter, EvmAdapterOptions } from './createEvmAdapter.js';
export { createEvmAdapter } from './createEvmAdapter.js';
export type { NonWalletReason } from './describeNonWallet.js';
export { describeNonWallet } from './describeNonWallet.js';
export type { EvmAdapterErrorCode } from './EvmAdapterError.js';
export { EvmAdapterError } from './EvmAdapterError.js';
export type { EvmChainId, EvmChainParams } from './evmChains.js';
export { EVM_CHAIN_IDS, EVM_CHAINS, isEvmChainId } from './evmChains.js';
export type { TransferAuthorization } from './gasless/transferWithAuthorization.js';
export {
  authorizationDomain,
  authorizationTypedData,
  recoverAuthorizationSigner,
  TRANSFER_WITH_AUTHORIZATION_ABI,
  transferWithAuthorizationData,
} from './gasless/transferWithAuthorization.js';
export { normalizeTokenContracts } from './normalizeTokenContracts.js';
export type { EvmObserver, EvmObserverOptions } from './observe/createEvmObserver.js';
export {
  createEvmObserver,
  HIDDEN_CREDIT_INDEX_BASE,
  hiddenCreditIndex,
} from './observe/createEvmObserver.js';
export type { DecodedEvmBlock, EvmBlockTransaction } from './observe/decodeEvmBlock.js';
export { decodeEvmBlock, NATIVE_VALUE_INDEX } from './observe/decodeEvmBlock.js';
export { evmMatchKey } from './observe/evmMatchKey.js';
export type { RpcLog, RpcReceipt } from './observe/readEvmReceipts.js';
export type { EvmAddressRefusal, ParsedEvmAddress } from './parseEvmAddress.js';
export { parseEvmAddress } from './parseEvmAddress.js';
export type { ReadEvmChainFactsInput } from './readEvmChainFacts.js';
export { readEvmChainFacts } from './readEvmChainFacts.js';
export { sameEvmAddress } from './sameEvmAddress.js';
export type {
  EvmGasWallet,
  EvmGasWalletOptions,
  MinedReceipt,
  SignedTransaction,
  SweepItem,
} from './settle/createEvmGasWallet.js';
export { createEvmGasWallet } from './settle/createEvmGasWallet.js';
export { hasContractCode } from './settle/hasContractCode.js';
export type { TokenContracts } from './tokenContractOf.js';
export { tokenContractOf } from './tokenContractOf.js';
export type { ValidateEvmAddressOptions } from './validateEvmAddress.js';
export { validateEvmAddress } from './validateEvmAddress.js';
export type { ValidateEvmWalletOptions } from './validateEvmWallet.js';
export { validateEvmWallet } from './validateEvmWallet.js';
