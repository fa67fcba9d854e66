export type {
  ChainAdapter,
  DepositTarget,
  DeriveDepositTargetInput,
  PaymentUriInput,
  WalletInput,
  WalletValidation,
} from './ChainAdapter.js';
export { ChainAdapterRegistry, ChainUnavailableError } from './ChainAdapterRegistry.js';
export type {
  BlockHeader,
  BlockRef,
  BlockScanObserver,
  ChainBackend,
  ChainObserver,
  CreateObserverInput,
  HeaderSource,
  ObservedBlock,
  ObservedOutput,
  ObserverLog,
  PolledTarget,
  TargetActivity,
  TargetPollObserver,
  TargetPollResult,
} from './ChainObserver.js';
export { BroadcastRejectedError, ChainBackendError, WouldRevertError } from './ChainObserver.js';
