import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import ts from 'typescript';

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
 * 3. Every `description` and `example` property in the bundled contract sources is emptied
 *    (`withoutDocumentation`): the schemas' texts and examples (for the OpenAPI document and editors)
 *    and the error table's texts, none of which the SDK reads at run time. The types
 *    (`dist/index.d.ts`) keep them.
 */
/** Properties whose values are documentation only: the OpenAPI document's texts and examples. */
const DOCUMENTATION_PROPERTIES: Readonly<Record<string, string>> = {
  description: "''",
  example: 'undefined',
};

/**
 * Empties every `description: ...` and `example: ...` property of an object literal in a contract
 * source (found with the TypeScript parser, so any expression is handled): `description` becomes
 * `''` and `example` `undefined`. Both only feed the OpenAPI document and editors.
 */
export function withoutDocumentation(source: string, fileName = 'contract.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const replacement = DOCUMENTATION_PROPERTIES[node.name.text];
      if (replacement !== undefined && ts.isObjectLiteralExpression(node.parent)) {
        edits.push({
          start: node.initializer.getStart(file),
          end: node.initializer.getEnd(),
          text: replacement,
        });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const edit of edits.sort((x, y) => y.start - x.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
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
      return { contents: withoutDocumentation(source, args.path), loader: 'ts' };
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
