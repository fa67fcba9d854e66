import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Templates stay readable: rows and cells are named helpers, and no line of the dashboard's source
// (its TypeScript, stylesheet and script, every file under the folder) is longer than 160 characters.
// The other surfaces are not covered yet: the checkout page, the CLI, discovery and MCP still have
// longer lines.

const MAX = 160;
const ROOT = fileURLToPath(new URL('../../src/surfaces/dashboard', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

describe('the dashboard source', () => {
  it(`has no line over ${MAX} characters`, () => {
    const files = filesUnder(ROOT);
    expect(files.some((file) => file.endsWith('registerDashboard.ts'))).toBe(true);
    const long = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          [...line].length > MAX ? [`${relative(ROOT, file)}:${i + 1} (${[...line].length})`] : [],
        ),
    );
    expect(long).toEqual([]);
  });
});
