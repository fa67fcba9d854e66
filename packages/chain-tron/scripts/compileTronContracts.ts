import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilerVersion, renderArtifacts } from '@cairn/evm-contracts/compile';

/**
 * Compiles `contracts/*.sol` (the TRON variants of Cairn's forwarder and factory) into
 * `src/generated/`, with the compiler and settings of `@cairn/evm-contracts` (its own renderer: solc
 * 0.8.37, optimizer 200 runs, `evmVersion: 'paris'`, no metadata hash), so the bytecode, and
 * therefore every CREATE2 address, is reproducible offline. `src/compiledArtifacts.test.ts` fails
 * when the committed artifacts differ.
 *
 * Run: `pnpm --filter @cairn/chain-tron compile`.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The TRON artifacts, rendered from a fresh compilation. */
export function renderTronArtifacts(): Map<string, string> {
  return renderArtifacts({
    contractsDir: join(ROOT, 'contracts'),
    generator: 'scripts/compileTronContracts.ts',
  });
}

/** The directory the TRON artifacts are written to. */
export const TRON_GENERATED_DIR = join(ROOT, 'src', 'generated');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [name, content] of renderTronArtifacts()) writeFileSync(join(TRON_GENERATED_DIR, name), content);
  console.log(`compiled with solc ${compilerVersion()} into src/generated`);
}
