import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The `@foundry-rs/anvil-<platform>` package holding the binary for this machine. */
function binaryPackage(): string | undefined {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch === 'arm64' ? 'arm64' : undefined;
  if (!arch || !['linux', 'darwin', 'win32'].includes(process.platform)) return undefined;
  return `@foundry-rs/anvil-${process.platform}-${arch}`;
}

/**
 * The anvil binary: `ANVIL` when set, else the one inside the `@foundry-rs/anvil` npm package's
 * optional platform package (installed with the workspace, so nothing is downloaded at run time).
 * Undefined when neither runs.
 */
export function locateAnvil(): string | undefined {
  const candidates: string[] = [];
  if (process.env.ANVIL) candidates.push(process.env.ANVIL);
  const platformPackage = binaryPackage();
  if (platformPackage) {
    try {
      // The platform package is a dependency of @foundry-rs/anvil, resolved from there.
      const require = createRequire(import.meta.url);
      const wrapper = require.resolve('@foundry-rs/anvil/package.json');
      const fromWrapper = createRequire(wrapper);
      const dir = dirname(fromWrapper.resolve(`${platformPackage}/package.json`));
      candidates.push(join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil'));
    } catch {
      // Not installed for this platform (e.g. installed with --omit=optional).
    }
  }
  for (const candidate of candidates) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}
