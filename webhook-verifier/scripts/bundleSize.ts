/**
 * Measures what the verifier costs a consumer's bundle: each entry point bundled and minified with
 * esbuild, then gzipped. Fails when the Node entry exceeds its 2 KB budget, or when the web entry
 * pulls in a `node:` built-in (it is built for the neutral platform with nothing external).
 *
 * Run: `tsx scripts/bundleSize.ts` (part of `check:package`).
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const NODE_ENTRY_BUDGET_BYTES = 2048;
const root = fileURLToPath(new URL('..', import.meta.url));

async function measure(entry: string, platform: 'node' | 'neutral') {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}

const node = await measure('src/index.ts', 'node');
const web = await measure('src/web.ts', 'neutral');
console.table({
  '@cairn/webhook-verifier (node)': { 'min bytes': node.minified, 'min+gzip bytes': node.gzipped },
  '@cairn/webhook-verifier/web': { 'min bytes': web.minified, 'min+gzip bytes': web.gzipped },
});
if (node.gzipped > NODE_ENTRY_BUDGET_BYTES) {
  console.error(`Node entry is ${node.gzipped} B min+gzip, over the ${NODE_ENTRY_BUDGET_BYTES} B budget.`);
  process.exit(1);
}
console.log(`Node entry: ${node.gzipped} B min+gzip <= ${NODE_ENTRY_BUDGET_BYTES} B budget: ok`);
