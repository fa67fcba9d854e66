import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-utxo', include: ['src/**/*.test.ts'] },
});
