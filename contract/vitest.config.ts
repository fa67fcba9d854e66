import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@cairn/contract', include: ['src/**/*.test.ts'] },
});
