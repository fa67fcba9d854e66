export type { XrpUriInput } from './buildXrpUri.js';
export { buildXrpUri } from './buildXrpUri.js';
export { createXrpAdapter } from './createXrpAdapter.js';
export type { XrpDepositTargetInput } from './deriveXrpDepositTarget.js';
export { deriveXrpDepositTarget, destinationTagOf, MAX_XRP_PAYMENT_INDEX } from './deriveXrpDepositTarget.js';
export type { XrpSecretKind } from './detectXrpSecret.js';
export { detectXrpSecret } from './detectXrpSecret.js';
export { keylessXrpAddress } from './keylessXrpAddress.js';
export type { XrpObserverOptions } from './observe/createXrpObserver.js';
export { createXrpObserver } from './observe/createXrpObserver.js';
export type { XrpLedgerDecodeLog } from './observe/decodeXrpLedger.js';
export { decodeXrpLedger, decodeXrpLedgerHeader } from './observe/decodeXrpLedger.js';
export type { ParsedXrpAddress } from './parseXrpAddress.js';
export { parseXrpAddress } from './parseXrpAddress.js';
export type { XrpAccountAdviceInput } from './readXrpAccountAdvice.js';
export { LSF_REQUIRE_DEST_TAG, readXrpAccountAdvice } from './readXrpAccountAdvice.js';
export type {
  RippledAmount,
  RippledExpandedTransaction,
  RippledLedgerHeader,
  RippledLedgerResult,
  RippledTransactionJson,
  RippledTransactionMeta,
} from './rpc/RippledLedger.js';
export type { RippledRpcClientOptions, RippledTransportFailure } from './rpc/RippledRpcClient.js';
export {
  RIPPLED_API_VERSION,
  RippledRpcClient,
  RippledRpcError,
  RippledTransportError,
} from './rpc/RippledRpcClient.js';
export { validateXrpAddress } from './validateXrpAddress.js';
export type { XrpWalletRejected } from './validateXrpWallet.js';
export { validateXrpWallet } from './validateXrpWallet.js';
export type { XrpAdapterErrorCode } from './XrpAdapterError.js';
export { XrpAdapterError } from './XrpAdapterError.js';
export type { XrpChainId } from './xrpChains.js';
export { isXrpChainId, usesTestXAddresses, XRP_CHAIN_IDS, xrpNetworkName } from './xrpChains.js';
export { MAX_DROPS, XRP_DECIMALS } from './xrpUnits.js';
