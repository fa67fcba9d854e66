import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-tron', include: ['src/**/*.test.ts'] },
});
