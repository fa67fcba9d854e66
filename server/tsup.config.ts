import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * The production build of the gateway: one ESM file, `dist/cli.js` (run by `bin/cairn.js`), with the
 * internal chain packages (chain-*, evm-contracts, anvil-node) and their dependencies bundled in (workspace sources, not built
 * packages) and the server's own dependencies left to node_modules. The checkout's static assets are
 * copied beside it (read at run time relative to the module).
 */
export default defineConfig({
  entry: { cli: 'src/app/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  dts: false,
  noExternal: [/^@cairn\/chain-/, '@cairn/evm-contracts', '@cairn/anvil-node'],
  // Bundled CommonJS dependencies (bitcoinjs-lib and friends) call require(): give the ESM bundle one.
  banner: {
    js: "import { createRequire as __cairnCreateRequire } from 'node:module';\nconst require = __cairnCreateRequire(import.meta.url);",
  },
  async onSuccess() {
    cpSync('src/surfaces/checkoutPage/assets', 'dist/assets', { recursive: true });
    cpSync('src/surfaces/dashboard/assets', 'dist/assets', { recursive: true });
  },
});
