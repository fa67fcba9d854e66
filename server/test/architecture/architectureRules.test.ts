import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The architecture `pnpm run check:architecture` enforces with dependency-cruiser
// (.dependency-cruiser.cjs): this proves each rule fails on the mistake it exists for, on a small tree
// built for it (so a rule that could never fire is caught), and checks what imports cannot show:
// that no surface reaches the database through the Gateway's ORM.

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruise = join(repoRoot, 'node_modules/.bin/depcruise');
const config = join(repoRoot, '.dependency-cruiser.cjs');

interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}

/** Cruises a tree of files (path -> source) laid out like the repository; returns the violations. */
async function cruise(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-architecture-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    const roots = [
      ...new Set(
        Object.keys(files).map((p) =>
          p
            .split('/')
            .slice(0, p.startsWith('server/') ? 2 : 1)
            .join('/'),
        ),
      ),
    ];
    const { stdout } = await promisify(execFile)(
      depcruise,
      ['--config', config, '--output-type', 'json', ...roots],
      { cwd: dir, maxBuffer: 1 << 24 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ruleNames = (violations: readonly Violation[]) =>
  [...new Set(violations.map((v) => v.rule.name))].sort();

describe('the architecture rules', () => {
  it('pass a tree that follows them', async () => {
    const violations = await cruise({
      'server/src/platform/db/orm.ts': 'export const orm = 1;\n',
      'server/src/web/html.ts': "import { orm } from '../platform/db/orm.js';\nexport const html = orm;\n",
      'server/src/domain/payments/pay.ts':
        "import { orm } from '../../platform/db/orm.js';\nexport const pay = orm;\n",
      'server/src/domain/invoices/bill.ts':
        "import { pay } from '../payments/pay.js';\nexport const bill = pay;\n",
      'server/src/surfaces/dashboard/page.ts':
        "import { bill } from '../../domain/invoices/bill.js';\nimport { html } from '../../web/html.js';\nexport const page = [bill, html];\n",
      'server/src/app/main.ts':
        "import { page } from '../surfaces/dashboard/page.js';\nexport const main = page;\n",
    });
    expect(violations).toEqual([]);
  });

  it('refuse a cycle between folders', async () => {
    const violations = await cruise({
      'server/src/domain/payments/pay.ts':
        "import { bill } from '../invoices/bill.js';\nexport const pay = () => bill;\n",
      'server/src/domain/invoices/bill.ts':
        "import { pay } from '../payments/pay.js';\nexport const bill = () => pay;\n",
    });
    expect(ruleNames(violations)).toContain('no-folder-cycles');
  });

  it('refuse a subfolder importing its parent folder, which would close a cycle with the parent', async () => {
    const violations = await cruise({
      'server/src/surfaces/dashboard/register.ts':
        "import { page } from './render/page.js';\nexport const paths = 1;\nexport const register = page;\n",
      'server/src/surfaces/dashboard/render/page.ts':
        "import { paths } from '../register.js';\nexport const page = () => paths;\n",
    });
    expect(ruleNames(violations)).toContain('no-import-from-parent-folder-2');
  });

  it('refuse an import from a wing above', async () => {
    const violations = await cruise({
      'server/src/app/start.ts': 'export const start = 1;\n',
      'server/src/domain/payments/pay.ts':
        "import { start } from '../../app/start.js';\nexport const pay = start;\n",
      'server/src/chains/watchers/watch.ts':
        "import { page } from '../../surfaces/dashboard/page.js';\nexport const watch = page;\n",
      'server/src/surfaces/dashboard/page.ts': 'export const page = 1;\n',
    });
    expect(ruleNames(violations)).toEqual(
      expect.arrayContaining(['wing-domain-imports-upward', 'wing-chains-imports-upward']),
    );
  });

  it('refuse a surface importing another surface, the database or its driver', async () => {
    const violations = await cruise({
      'server/src/platform/db/entities/Payment.ts': 'export const Payment = 1;\n',
      'server/src/surfaces/mcp/tools.ts': 'export const tools = 1;\n',
      'server/src/surfaces/cli/main.ts':
        "import { Payment } from '../../platform/db/entities/Payment.js';\nimport { tools } from '../mcp/tools.js';\nexport const main = [Payment, tools];\n",
      'server/src/surfaces/dashboard/page.ts':
        "import type { EntityManager } from '@mikro-orm/postgresql';\nexport type Page = EntityManager;\n",
      'node_modules/@mikro-orm/postgresql/package.json':
        '{ "name": "@mikro-orm/postgresql", "types": "index.d.ts" }\n',
      'node_modules/@mikro-orm/postgresql/index.d.ts':
        'export interface EntityManager { fork(): EntityManager }\n',
    });
    expect(ruleNames(violations)).toEqual(
      expect.arrayContaining([
        'surface-imports-another-surface',
        'surface-imports-database',
        'surface-imports-database-driver',
      ]),
    );
  });

  it('refuse a chain package importing the server, and a module cycle', async () => {
    const violations = await cruise({
      'server/src/domain/payments/pay.ts': 'export const pay = 1;\n',
      'packages/chain-foo/src/adapter.ts':
        "import { pay } from '../../../server/src/domain/payments/pay.js';\nimport { b } from './b.js';\nexport const a = [pay, b];\n",
      'packages/chain-foo/src/b.ts': "import { a } from './adapter.js';\nexport const b = () => a;\n",
    });
    expect(ruleNames(violations)).toEqual(
      expect.arrayContaining(['chain-package-imports-server', 'no-module-cycles']),
    );
  });
});

/** Every `.ts` file under a directory, with its repository-relative path. */
function sourcesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return name.endsWith('.ts') ? [{ path: relative(repoRoot, full), text: readFileSync(full, 'utf8') }] : [];
  });
}

describe('the surfaces', () => {
  let sources: { path: string; text: string }[];
  beforeAll(() => {
    sources = sourcesUnder(join(repoRoot, 'server/src/surfaces'));
  });
  afterAll(() => {
    sources = [];
  });

  it('never reach the database through the Gateway: no ORM, no entity manager, no SQL', () => {
    const reaching = sources.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, at: `${path}:${index + 1}` }))
        .filter(({ line }) => /\.orm\b|\bem\.|\bEntityManager\b|\.getConnection\(|\.execute\(/.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(reaching).toEqual([]);
  });
});
