import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-evm', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
