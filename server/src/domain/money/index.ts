export { applyBps, BPS_PER_WHOLE, bpsToPercent, percentToBps } from './bps.js';
export { type FiatToCryptoParams, fiatToCrypto } from './fiatToCrypto.js';
