/** xrpl's wallets, for tests that need accounts of their own (merchants, payers). */
export { Wallet } from 'xrpl';
export type {
  FakeFailedPayment,
  FakeIssuedPayment,
  FakeLedgerRef,
  FakePayment,
  FakeRippled,
  FakeRippledOptions,
  FakeRippledRequest,
  FakeSubmitOptions,
} from './startFakeRippled.js';
export { startFakeRippled } from './startFakeRippled.js';
