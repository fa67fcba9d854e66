import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/anvil-node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
