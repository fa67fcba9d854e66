export type {
  ChainAdapter,
  DepositTarget,
  DeriveDepositTargetInput,
  PaymentUriInput,
  WalletInput,
  WalletValidation,
} from './ChainAdapter.js';
export { ChainAdapterRegistry, ChainUnavailableError } from './ChainAdapterRegistry.js';
