export type {
  ChainAdapter,
  DepositTarget,
  DeriveDepositTargetInput,
  PaymentUriInput,
  WalletInput,
  WalletValidation,
} from './ChainAdapter.js';
export { ChainAdapterRegistry, ChainUnavailableError } from './ChainAdapterRegistry.js';
export type { ChainFacts, TokenFacts } from './ChainFacts.js';
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
  ObservedStray,
  ObserverLog,
  PolledTarget,
  TargetActivity,
  TargetPollObserver,
  TargetPollResult,
} from './ChainObserver.js';
export { BroadcastRejectedError, ChainBackendError, WouldRevertError } from './ChainObserver.js';
export type { UnitBounds } from './checkUnitBounds.js';
export { formatUnits } from './formatUnits.js';
export { MAX_DECIMAL_LENGTH, type ParsedDecimal, parseDecimal } from './parseDecimal.js';
export { parseUnits } from './parseUnits.js';
