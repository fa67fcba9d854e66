export type { MoneroUriInput } from './buildMoneroUri.js';
export { buildMoneroUri } from './buildMoneroUri.js';
export { createMoneroAdapter } from './createMoneroAdapter.js';
export type { DeriveSubaddressInput } from './deriveSubaddress.js';
export { deriveSubaddress } from './deriveSubaddress.js';
export type { MoneroAddressParts } from './encodeMoneroAddress.js';
export { encodeMoneroAddress } from './encodeMoneroAddress.js';
export type { MoneroAdapterErrorCode } from './MoneroAdapterError.js';
export { MoneroAdapterError } from './MoneroAdapterError.js';
export { decodeMoneroBase58, encodeMoneroBase58 } from './moneroBase58.js';
export type { MoneroAddressKind, MoneroChainId, MoneroNetwork } from './moneroChains.js';
export {
  isMoneroChainId,
  MONERO_ADDRESS_PREFIXES,
  MONERO_CHAIN_IDS,
  MONERO_CHAIN_NETWORKS,
  moneroNetworkOf,
} from './moneroChains.js';
export { MAX_PICONERO, MONERO_DECIMALS } from './moneroUnits.js';
export type { MoneroWalletParts } from './moneroWalletParts.js';
export { moneroWalletParts } from './moneroWalletParts.js';
export type { MoneroObserverOptions } from './observe/createMoneroObserver.js';
export {
  createMoneroObserver,
  walletFileOf as moneroWalletFileOf,
  walletPasswordOf as moneroWalletPasswordOf,
} from './observe/createMoneroObserver.js';
export type { MoneroAddress, ParseMoneroAddressOptions } from './parseMoneroAddress.js';
export { parseMoneroAddress } from './parseMoneroAddress.js';
export type {
  MoneroBlockHeader,
  MoneroDaemonInfo,
  MoneroDaemonTransaction,
  MoneroPoolTransaction,
  MoneroTransactionsLookup,
} from './rpc/MoneroDaemonRpc.js';
export { MoneroDaemonRpc } from './rpc/MoneroDaemonRpc.js';
export type {
  MoneroRpcCallOptions,
  MoneroRpcClientOptions,
  MoneroRpcTransportFailure,
} from './rpc/MoneroRpcClient.js';
export { MoneroRpcClient, MoneroRpcError, MoneroRpcTransportError } from './rpc/MoneroRpcClient.js';
export type {
  GetTransfersParams,
  MoneroBalance,
  MoneroIncomingOutput,
  MoneroSubaddressIndex,
  MoneroTransfer,
  MoneroTransferResult,
  MoneroTransfers,
  MoneroTransferType,
} from './rpc/MoneroWalletRpc.js';
export { MoneroWalletRpc } from './rpc/MoneroWalletRpc.js';
export { validateMoneroAddress } from './validateMoneroAddress.js';
export type { MoneroWalletRejected } from './validateMoneroWallet.js';
export { validateMoneroWallet } from './validateMoneroWallet.js';
