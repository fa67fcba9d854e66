import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/evm-contracts', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
