import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-solana', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
