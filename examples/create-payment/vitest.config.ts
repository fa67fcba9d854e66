import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The script tests start `node --import tsx` child processes.
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
