import { anvilAvailable } from '@cairn/anvil-node';
import { describe } from 'vitest';
import { expiryPathsSuite } from '../chains/expiryPathsSuite.js';
import { useScenario } from '../chains/useScenario.js';
import { evmPathsDriver } from './evmPathsDriver.js';
import { type EvmCoin, startEvmScenario } from './startEvmScenario.js';

// The expiry paths (expiryPathsSuite) on a real anvil, for the native coin and USDC, at a required
// depth of 2. EVM payments are seen in their block, so a late payment is detected and confirming at
// once, and confirmed one block later.

describe.runIf(anvilAvailable('EVM expiry paths'))('EVM expiry paths on anvil', () => {
  const s = useScenario(() => startEvmScenario({ confirmations: 2 }));

  describe.each<EvmCoin>(['ETH', 'USDC'])('%s', (coin) => {
    expiryPathsSuite(evmPathsDriver(s, coin));
  });
});
