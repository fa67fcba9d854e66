export type { StellarUriInput } from './buildStellarUri.js';
export { buildStellarUri } from './buildStellarUri.js';
export type { CheckUsdcTrustlineOptions, UsdcTrustlineStatus } from './checkUsdcTrustline.js';
export { checkUsdcTrustline } from './checkUsdcTrustline.js';
export { createStellarAdapter } from './createStellarAdapter.js';
export type { StellarDepositTarget } from './deriveStellarDepositTarget.js';
export { deriveStellarDepositTarget, stellarMatchKey } from './deriveStellarDepositTarget.js';
export type { HorizonClientOptions, HorizonFailure } from './horizon/HorizonClient.js';
export { HorizonClient, HorizonError } from './horizon/HorizonClient.js';
export type {
  HorizonAccount,
  HorizonBalanceChange,
  HorizonBalanceLine,
  HorizonLedger,
  HorizonLink,
  HorizonPage,
  HorizonPaymentRecord,
  HorizonTransaction,
} from './horizon/horizonTypes.js';
export { keylessStellarAddress } from './keylessStellarAddress.js';
export type { MuxedAddressParts } from './muxedAccounts.js';
export { canonicalMuxedId, MAX_MUXED_ID, muxedAddressOf, parseMuxedAddress } from './muxedAccounts.js';
export type { HorizonAssetFields } from './observe/countedCoin.js';
export { countedCoin } from './observe/countedCoin.js';
export type { StellarObserverOptions } from './observe/createStellarObserver.js';
export { createStellarObserver } from './observe/createStellarObserver.js';
export { MAX_OPERATIONS_PER_TRANSACTION, readContractTransfers } from './observe/readContractTransfers.js';
export type { PaymentReading } from './observe/readPaymentRecord.js';
export {
  CONTRACT_CALL_TYPE,
  CREDITING_PAYMENT_TYPES,
  ledgerOfOperationId,
  operationIndexOf,
  readPaymentRecord,
} from './observe/readPaymentRecord.js';
export type { StellarAdapterErrorCode } from './StellarAdapterError.js';
export { StellarAdapterError } from './StellarAdapterError.js';
export type { StellarChainId, StellarNetwork } from './stellarChains.js';
export {
  isStellarChainId,
  STELLAR_CHAIN_IDS,
  STELLAR_CHAIN_NETWORKS,
  STELLAR_NETWORK_PASSPHRASES,
  stellarNetworkOf,
} from './stellarChains.js';
export { MAX_STROOPS, STELLAR_DECIMALS } from './stellarUnits.js';
export { STELLAR_USDC_ISSUERS, USDC_ASSET_CODE, USDC_DECIMALS, usdcIssuerOf } from './stellarUsdc.js';
export type { StellarAccountRejected, StellarAddressReading } from './validateStellarAccount.js';
export { readStellarAddress } from './validateStellarAccount.js';
export { validateStellarAddress } from './validateStellarAddress.js';
export { describeStellarNetwork, validateStellarWallet } from './validateStellarWallet.js';
