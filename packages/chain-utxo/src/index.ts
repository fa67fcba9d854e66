export type { UtxoUriInput } from './buildUtxoUri.js';
export { buildUtxoUri } from './buildUtxoUri.js';
export type { CashAddrType } from './cashAddr.js';
export {
  CashAddrError,
  decodeCashAddr,
  decodeCashAddrPayload,
  encodeCashAddr,
  encodeCashAddrPayload,
  hasValidCashAddrChecksum,
} from './cashAddr.js';
export { createUtxoAdapter } from './createUtxoAdapter.js';
export { deriveAccountXpub } from './deriveAccountXpub.js';
export type { DeriveAddressInput } from './deriveAddress.js';
export { deriveAddress } from './deriveAddress.js';
export { deriveReceiveKey } from './deriveReceiveKey.js';
export type { UtxoEsploraObserverOptions } from './observe/createUtxoEsploraObserver.js';
export { createUtxoEsploraObserver } from './observe/createUtxoEsploraObserver.js';
export type { UtxoJsonRpcObserverOptions } from './observe/createUtxoJsonRpcObserver.js';
export { createUtxoJsonRpcObserver } from './observe/createUtxoJsonRpcObserver.js';
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
export type { UtxoChainId, UtxoChainParams } from './utxoChains.js';
export { isUtxoChainId, UTXO_CHAIN_IDS, UTXO_CHAINS, UTXO_NETWORKS } from './utxoChains.js';
export type {
  ExtendedKeyAccepted,
  ExtendedKeyRejected,
  ExtendedKeyValidation,
  ValidateUtxoWalletInput,
} from './validateUtxoWallet.js';
export { validateUtxoWallet } from './validateUtxoWallet.js';
