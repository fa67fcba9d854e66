/** xrpl's wallets, for tests that need accounts of their own (merchants, payers). */
/** xrpl's X-address decoding, for tests that check an X-address shown to a customer. */
export { Wallet, xAddressToClassicAddress } from 'xrpl';
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
