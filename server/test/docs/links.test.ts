import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  headingAnchors,
  inGitWorkTree,
  isExternal,
  markdownLinks,
  REPOSITORY_ROOT,
  trackedFiles,
} from './markdownLinks.js';

// Every relative link of the front page, the docs and the package READMEs resolves to a tracked file
// (or a folder holding tracked files), and a `#anchor` into a markdown file to one of its headings, by
// GitHub's anchor rules. External links are not fetched.

const available = inGitWorkTree();
if (!available) {
  const message = 'Not a git work tree (or git is missing): the documentation link checks are skipped.';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

/** The markdown files whose links are checked. */
function checkedFiles(files: readonly string[]): string[] {
  return files.filter(
    (file) =>
      file === 'README.md' ||
      (file.startsWith('docs/') && file.endsWith('.md')) ||
      /^[^/]+\/README\.md$/.test(file) ||
      /^(packages|examples)\/[^/]+\/README\.md$/.test(file),
  );
}

describe.runIf(available)('documentation links', () => {
  const files = available ? trackedFiles() : [];
  const tracked = new Set(files);
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let set = anchorsOf.get(file);
    if (!set) {
      set = headingAnchors(readFileSync(posix.join(REPOSITORY_ROOT, file), 'utf8'));
      anchorsOf.set(file, set);
    }
    return set;
  };

  it('checks the README, the docs and every package README', () => {
    const checked = checkedFiles(files);
    expect(checked).toContain('README.md');
    expect(checked).toContain('docs/lifecycle.md');
    expect(checked).toContain('docs/operating/configuration.md');
    expect(checked).toContain('sdk/README.md');
    expect(checked).toContain('packages/chain-tron/README.md');
  });

  it.each(checkedFiles(files))('%s: every relative link resolves', (file) => {
    const broken: string[] = [];
    for (const { target, line } of markdownLinks(readFileSync(posix.join(REPOSITORY_ROOT, file), 'utf8'))) {
      if (isExternal(target)) continue;
      const [rawPath = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const path =
        rawPath === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(rawPath)));
      const where = `${file}:${line} -> ${target}`;
      if (path.startsWith('../') || path === '..') {
        broken.push(`${where}: points outside the repository`);
        continue;
      }
      const asFolder = path.replace(/\/$/, '');
      if (!tracked.has(path) && !folders.has(asFolder)) {
        broken.push(`${where}: no tracked file ${path}`);
        continue;
      }
      if (anchor !== undefined && path.endsWith('.md') && !anchors(path).has(anchor)) {
        broken.push(`${where}: no heading #${anchor} in ${path}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('GitHub heading anchors', () => {
  it('follow github-slugger', () => {
    const anchors = headingAnchors(
      [
        '# Payment lifecycle',
        "## Your wallet's gap limit",
        '## Payment links, invoices and events',
        '### `pnpm cairn` commands',
        '## Settlement and gasless payments',
        '## Settlement and gasless payments',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'payment-lifecycle',
      'your-wallets-gap-limit',
      'payment-links-invoices-and-events',
      'pnpm-cairn-commands',
      'settlement-and-gasless-payments',
      'settlement-and-gasless-payments-1',
    ]);
  });
});
