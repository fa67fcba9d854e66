/**
 * Writes contract/openapi.json from the contract, or with --check fails when the committed file
 * differs from what the contract generates (drift).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/openApi.js';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
const generated = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // missing file counts as drift
  }
  if (committed !== generated) {
    console.error(
      'contract/openapi.json is out of date with the contract. Run: pnpm --filter @cairn/contract openapi:write',
    );
    process.exit(1);
  }
  console.log('contract/openapi.json matches the contract.');
} else {
  writeFileSync(target, generated);
  console.log(`wrote ${target}`);
}
