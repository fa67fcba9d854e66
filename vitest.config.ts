import { defineConfig } from 'vitest/config';

// One vitest run over every package (each package also runs alone with `pnpm --filter <pkg> test`).
export default defineConfig({
  test: {
    projects: ['contract', 'sdk', 'webhook-verifier', 'server', 'packages/*', 'examples/*'],
    reporters: ['default', './scripts/tallyReporter.ts'],
  },
});
