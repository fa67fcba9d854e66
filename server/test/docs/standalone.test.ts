import { describe, expect, it } from 'vitest';
import { git, inGitWorkTree } from './markdownLinks.js';

// The repository stands alone: no tracked file names the product specification or the architecture
// notes kept outside it, or a path into the folder beside the clone where they live. What the code
// needs from them is in docs/. The pattern is built from pieces so that this file does not match it.

const available = inGitWorkTree();
if (!available) {
  const message = 'Not a git work tree (or git is missing): the standalone check is skipped.';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

const OUTSIDE_DOCUMENTS = ['SPEC', 'DESIGN'].map((name) => `${name}\\.md`);
const OUTSIDE_FOLDER = `${'\\.'.repeat(2)}/${['sha', 'red'].join('')}`;
const PATTERN = [...OUTSIDE_DOCUMENTS, OUTSIDE_FOLDER].join('|');

describe.runIf(available)('the repository stands alone', () => {
  it('no tracked file points at documents outside the repository', () => {
    const result = git(['grep', '-n', '-E', PATTERN]);
    // git grep exits 1 when nothing matches, 0 when something does, and more on an error.
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(1);
  });
});
