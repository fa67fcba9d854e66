import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-xrp', include: ['src/**/*.test.ts'] },
});
