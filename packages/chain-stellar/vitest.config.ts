import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/chain-stellar', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
