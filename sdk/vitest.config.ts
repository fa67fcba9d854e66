import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // Same inlining as tsup.config.ts, so the sources report the package version under test too.
  define: { __CAIRN_SDK_VERSION__: JSON.stringify(version) },
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
