export { FAKE_TRON_ENERGY } from './fakeTronContracts.js';
export type { FakeTronNode } from './startFakeTronNode.js';
export { FAKE_TRON_PRICES, startFakeTronNode } from './startFakeTronNode.js';
