export { anvilAvailable } from './anvilAvailable.js';
export { freePort } from './freePort.js';
export { locateAnvil } from './locateAnvil.js';
export {
  ANVIL_ACCOUNTS,
  type AnvilNode,
  AnvilStartError,
  type StartAnvilOptions,
  startAnvil,
} from './startAnvil.js';
