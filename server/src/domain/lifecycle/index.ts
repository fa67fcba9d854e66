export { decide } from './decide.js';
export { exceedsOverpaymentThreshold } from './exceedsOverpaymentThreshold.js';
export { isCovered } from './isCovered.js';
export { statusForTransfers, type TransferStatus } from './statusForTransfers.js';
export { type SummaryInput, summarizeTransfers, type TransferSummary } from './summarizeTransfers.js';
export { tableViolation } from './tableViolation.js';
export { findTransition, TRANSITIONS, type Transition, type TransitionTrigger } from './transitionTable.js';
export type * from './types.js';
