import { describe } from 'vitest';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { ledgerPaymentPathsSuite } from '../ledgerPaymentPathsSuite.js';
import { stellarTestnet } from './stellarTestnet.js';

// The lifecycle paths on XLM_TESTNET through the Horizon observer and the real watcher core, against
// a fake Horizon serving Horizon's own format (no stellar-core or Horizon runs here).

describe('payment paths on Stellar (fake Horizon), required depth 1', () => {
  ledgerPaymentPathsSuite(stellarTestnet(), { confirmations: 1, coin: 'XLM' });
});

describe('payment paths on Stellar (fake Horizon), required depth 3', () => {
  ledgerPaymentPathsSuite(stellarTestnet(), { confirmations: 3, coin: 'XLM' });
});

describe('expiry paths on Stellar (fake Horizon)', () => {
  expiryPathsSuite(stellarTestnet());
});
