/** Kept for server/ (tests, bench) until it imports formatUnits and parseUnits from @cairn/chain-core. */
export type { Bip21UriInput } from './buildBip21Uri.js';
export { buildBip21Uri } from './buildBip21Uri.js';
export type { CashAddrType } from './cashAddr.js';
export {
  CashAddrError,
  decodeCashAddr,
  decodeCashAddrPayload,
  encodeCashAddr,
  encodeCashAddrPayload,
  hasValidCashAddrChecksum,
} from './cashAddr.js';
export { deriveAccountXpub } from './deriveAccountXpub.js';
export type { DeriveAddressInput } from './deriveAddress.js';
export { deriveAddress } from './deriveAddress.js';
export { deriveReceiveKey } from './deriveReceiveKey.js';
export type { UtxoChainId } from './networks.js';
export { isUtxoChainId, UTXO_CHAIN_IDS, UTXO_NETWORKS } from './networks.js';
export type { EsploraObserverOptions } from './observe/createEsploraObserver.js';
export { createEsploraObserver } from './observe/createEsploraObserver.js';
export type { JsonRpcObserverOptions } from './observe/createJsonRpcObserver.js';
export { createJsonRpcObserver } from './observe/createJsonRpcObserver.js';
export type { RpcTransaction } from './observe/decodeRpcTransaction.js';
export { decodeRpcTransaction } from './observe/decodeRpcTransaction.js';
export { outputScriptOf } from './outputScriptOf.js';
export type { BatchResult } from './rpc/JsonRpcClient.js';
export { JsonRpcClient, JsonRpcError, JsonRpcTransportError } from './rpc/JsonRpcClient.js';
export { quoteAmountFields } from './rpc/quoteAmountFields.js';
export type { ScriptKind, Slip132Script, Slip132Version } from './slip132.js';
export {
  convertExtendedKeyVersion,
  describeSlip132,
  findSlip132ByPrefix,
  findSlip132ByVersion,
  SLIP132_VERSIONS,
} from './slip132.js';
export type { UtxoAdapterErrorCode } from './UtxoAdapterError.js';
export { UtxoAdapterError } from './UtxoAdapterError.js';
export { utxoAdapter } from './utxoAdapter.js';
export type { UtxoChainParams } from './utxoChains.js';
export { UTXO_CHAINS } from './utxoChains.js';
export type {
  ExtendedKeyAccepted,
  ExtendedKeyRejected,
  ExtendedKeyValidation,
  ValidateExtendedKeyInput,
} from './validateExtendedKey.js';
export { validateExtendedKey } from './validateExtendedKey.js';
