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
 * How @cairn/contract is bundled into the SDK. Three adjustments keep the bundle inside its budget
 * (scripts/bundleSize.ts, gzipped including zod); none changes behaviour:
 *
 * 1. The contract is bundled from its TypeScript sources instead of its single-file dist, so that
 *    the modules and exports the SDK does not use are dropped (`sideEffects: false`).
 * 2. `@ts-rest/core` resolves to src/bundling/tsRestCore.ts, which reproduces the `initContract` the
 *    contract calls at load time; the real module embeds zod 3 with side effects (~13 kB gzipped).
 *    src/bundling/tsRestCore.test.ts checks that it builds the same routers as ts-rest itself.
 * 3. The documentation in the bundled contract sources is emptied (`withoutDocumentation`): the
 *    schemas' texts and examples (for the OpenAPI document and editors), the routes' and the error
 *    table's texts, none of which the SDK reads at run time. Schema fields that happen to be called
 *    `description` (a payment's, a link's, a line item's) are code and stay. The types
 *    (`dist/index.d.ts`) keep everything.
 */
/** What `withoutDocumentation` puts in place of a documentation property's value. */
const DOCUMENTATION_PROPERTIES: Readonly<Record<string, string>> = {
  description: "''",
  example: 'undefined',
};

/** `x.meta({ ... })`: the object literal is a zod schema's metadata, documentation only. */
function isMetaArgument(node: ts.ObjectLiteralExpression): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isPropertyAccessExpression(call.expression) &&
    call.expression.name.text === 'meta'
  );
}

/** A string literal or template: a text, never a schema. */
function isText(node: ts.Expression): boolean {
  return (
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)
  );
}

/**
 * Empties the documentation of a contract source (found with the TypeScript parser, so any
 * expression is handled): in a schema's `.meta({ ... })`, `description` becomes `''` and `example`
 * `undefined`; elsewhere (routes, the error table) only a `description` whose value is a string
 * literal or template is emptied. Any other `description` is a schema field (`z.object({
 * description: z.string() })`) and is left alone.
 */
export function withoutDocumentation(source: string, fileName = 'contract.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const replacement = DOCUMENTATION_PROPERTIES[node.name.text];
      const parent = node.parent;
      if (
        replacement !== undefined &&
        ts.isObjectLiteralExpression(parent) &&
        (isMetaArgument(parent) || (node.name.text === 'description' && isText(node.initializer)))
      ) {
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
