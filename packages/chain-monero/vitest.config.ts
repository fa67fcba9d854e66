import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-monero', include: ['src/**/*.test.ts'] },
});
