import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-core', include: ['src/**/*.test.ts'] },
});
