export type { FakeTronNode } from './startFakeTronNode.js';
export { startFakeTronNode } from './startFakeTronNode.js';
