import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is `server/test/docs/markdownLinks.ts`). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs git in the repository root; `status` 1 with empty output is git grep's "no match". */
export function git(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('git', args, {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? String(result.error ?? ''),
  };
}

/** Whether the repository is a git work tree with git installed (a release tarball is not). */
export function inGitWorkTree(): boolean {
  return git(['rev-parse', '--is-inside-work-tree']).stdout.trim() === 'true';
}

/** Every tracked file, repository-relative with `/` separators. */
export function trackedFiles(): string[] {
  const result = git(['ls-files', '-z']);
  if (result.status !== 0) throw new Error(`git ls-files failed: ${result.stderr}`);
  return result.stdout.split('\0').filter(Boolean);
}

/** A markdown file's lines with fenced code blocks blanked out (their `#` lines are not headings). */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    }
    if (marker !== undefined) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** A line without its inline code spans (a link inside backticks is text, not a link). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, '');
}

/**
 * GitHub's anchor for a heading (github-slugger's rules): the text as rendered, lower-cased, every
 * character that is not a letter, digit, mark, space, `-` or `_` removed, each space made `-`.
 * Repeated headings get `-1`, `-2`, ... in order.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const match = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const text = match[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/(\*\*|__|\*)/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** One link of a markdown file: its target as written and the line it is on. */
export interface MarkdownLink {
  readonly target: string;
  readonly line: number;
}

/** Every inline (`[text](target)`) and reference-definition (`[id]: target`) link outside code. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1]!.replace(/^<|>$/g, ''), line: index + 1 });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (definition) links.push({ target: definition[1]!, line: index + 1 });
  });
  return links;
}

/** Whether a link target leaves the repository (a URL with a scheme, or protocol-relative). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}
