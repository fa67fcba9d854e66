import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const contractSource = join(
  dirname(createRequire(import.meta.url).resolve('@cairn/contract')),
  '..',
  'src',
  'index.ts',
);

/**
 * How @cairn/contract is bundled into the SDK. Two adjustments keep the bundle inside its budget
 * (scripts/bundleSize.ts, 40 kB gzipped including zod); neither changes behaviour:
 *
 * 1. The contract is bundled from its TypeScript sources instead of its single-file dist, so that
 *    modules the SDK does not use (webhook events, invoices) are dropped (`sideEffects: false`).
 * 2. `@ts-rest/core` resolves to src/bundling/tsRestCore.ts, which reproduces the `initContract` the
 *    contract calls at load time; the real module embeds zod 3 with side effects (~13 kB gzipped).
 *    src/bundling/tsRestCore.test.ts checks that it builds the same routers as ts-rest itself.
 * 3. Every `description: '<literal>'` in the bundled contract sources is emptied: the schemas' texts
 *    (for the OpenAPI document and editors) and the error table's, none of which the SDK reads at run
 *    time. About 10 kB minified, 2 to 3 kB gzipped. The types (`dist/index.d.ts`) keep them.
 */
/** `description: '<text>'` (any string literal, over lines) becomes `description: ''`. */
export function withoutDescriptions(source: string): string {
  return source.replace(
    /\bdescription:(\s*)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$(?!\{))*`)/g,
    "description:$1''",
  );
}

const contractBundling: Plugin = {
  name: 'cairn-contract-bundling',
  setup(build) {
    const shim = fileURLToPath(new URL('./src/bundling/tsRestCore.ts', import.meta.url));
    build.onResolve({ filter: /^@ts-rest\/core$/ }, () => ({ path: shim }));
    build.onResolve({ filter: /^@cairn\/contract$/ }, () => ({ path: contractSource }));
    const contractDir = dirname(contractSource);
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(contractDir) || args.path.endsWith('.test.ts')) return undefined;
      const source = await readFile(args.path, 'utf8');
      return { contents: withoutDescriptions(source), loader: 'ts' };
    });
  },
};

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { resolve: ['@cairn/contract'] },
  noExternal: ['@cairn/contract', '@ts-rest/core'],
  esbuildPlugins: [contractBundling],
  define: { __CAIRN_SDK_VERSION__: JSON.stringify(version) },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
