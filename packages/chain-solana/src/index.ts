export type { SolanaUriInput } from './buildSolanaUri.js';
export { buildSolanaUri } from './buildSolanaUri.js';
export { createSolanaAdapter } from './createSolanaAdapter.js';
export { deriveSolanaReference } from './deriveSolanaReference.js';
export { keylessSolanaAddress } from './keylessSolanaAddress.js';
export type { SolanaObserverOptions } from './observe/createSolanaObserver.js';
export { createSolanaObserver } from './observe/createSolanaObserver.js';
export type {
  RpcTokenBalance,
  RpcTransactionJson,
  SolanaCredit,
  SolanaTransferReading,
  WatchedTokenAccount,
} from './observe/readSolanaTransfer.js';
export { readSolanaTransfer } from './observe/readSolanaTransfer.js';
export { SolanaBlockIndex } from './observe/SolanaBlockIndex.js';
export type { SolanaBlockInfo, SolanaRpcMethod, SolanaSignatureInfo } from './observe/SolanaRpcReader.js';
export { SolanaRpcReader } from './observe/SolanaRpcReader.js';
export type { ParsedSolanaAddress } from './parseSolanaAddress.js';
export { NEVER_GIVE_SECRET, parseSolanaAddress } from './parseSolanaAddress.js';
export type { SolanaAdapterErrorCode } from './SolanaAdapterError.js';
export { SolanaAdapterError } from './SolanaAdapterError.js';
export type { SolanaChainId, SolanaToken } from './solanaChains.js';
export {
  isSolanaChainId,
  SOLANA_CHAIN_IDS,
  SOLANA_DEVNET_USDC_MINT,
  SOLANA_MAINNET_USDC_MINT,
  solanaTokensOf,
} from './solanaChains.js';
export { SOLANA_DECIMALS } from './solanaUnits.js';
export { validateSolanaAddress } from './validateSolanaAddress.js';
export type { SolanaWalletRejected } from './validateSolanaWallet.js';
export { validateSolanaWallet } from './validateSolanaWallet.js';
