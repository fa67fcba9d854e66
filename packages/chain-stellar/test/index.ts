/** The SDK's keypairs, for tests that need accounts of their own (merchants, payers). */
export { Keypair } from '@stellar/stellar-sdk';
export type {
  FakeAsset,
  FakeClaimableBalance,
  FakeClaimant,
  FakeHorizon,
  FakeHorizonOptions,
  FakePayment,
  FakeTrustline,
} from './startFakeHorizon.js';
export { startFakeHorizon } from './startFakeHorizon.js';
