import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@cairn/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ['test/harness/globalSetup.ts'],
  },
});
