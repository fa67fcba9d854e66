export { applyBps, BPS_PER_WHOLE, bpsToPercent, percentToBps } from './bps.js';
export { type FiatToCryptoParams, fiatToCrypto } from './fiatToCrypto.js';
export { formatUnits } from './formatUnits.js';
export { MAX_DECIMAL_LENGTH, type ParsedDecimal, parseDecimal } from './parseDecimal.js';
export { parseUnits } from './parseUnits.js';
