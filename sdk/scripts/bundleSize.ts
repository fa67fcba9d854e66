/**
 * Bundle-size budget: bundles the published ESM build together with its runtime dependency zod
 * (esbuild, minified, platform neutral), gzips it, prints the size and fails above the budget.
 *
 * Run after `pnpm build`: `tsx scripts/bundleSize.ts`.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// 42 KiB since payment links and invoices (ten routes whose schemas the SDK validates at run time):
// 40 KiB before; their texts and examples are stripped from the bundle (tsup.config.ts), the rest is
// schema code. 46 KiB since the exports, the events' follow mode and the test helpers (issue 33): each
// route adds its query and answer schemas.
const BUDGET_BYTES = 46 * 1024;
const entry = new URL('../dist/index.js', import.meta.url).pathname;

const result = await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  write: false,
  metafile: true,
  logLevel: 'error',
});
const output = result.outputFiles[0];
if (!output) throw new Error('esbuild produced no output');
const minified = output.contents.byteLength;
const gzipped = gzipSync(output.contents, { level: 9 }).byteLength;

const byPackage = new Map<string, number>();
for (const [file, { bytesInOutput }] of Object.entries(
  Object.values(result.metafile.outputs)[0]?.inputs ?? {},
)) {
  const name =
    /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '@cairn/sdk (with @cairn/contract bundled)';
  byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
}
const breakdown = [...byPackage].map(([name, bytes]) => `${name} ${bytes} B`).join(', ');

console.log(
  `@cairn/sdk ESM + zod: ${minified} bytes minified, ${gzipped} bytes gzipped (budget ${BUDGET_BYTES}); minified by package: ${breakdown}`,
);
if (gzipped > BUDGET_BYTES) {
  console.error(`Bundle size ${gzipped} B exceeds the budget of ${BUDGET_BYTES} B`);
  process.exit(1);
}
