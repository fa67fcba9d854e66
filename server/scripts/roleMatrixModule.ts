/**
 * The role matrix of docs/roles.md as a TypeScript module: its table (the one whose first column is
 * `Permission`) parsed into permission → roles, and the module's text. Used by `roles:write` and by the
 * test that fails when the generated module is stale.
 */
const ROLE_COLUMNS = ['Owner', 'Admin', 'Developer', 'Support', 'Viewer'] as const;

/** Permission → the roles that have it, in the table's order. */
export function parseRoleMatrix(markdown: string): [string, string[]][] {
  const lines = markdown.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => /^\|\s*Permission\s*\|/.test(line));
  if (start < 0) throw new Error('docs/roles.md: no table whose first column is "Permission"');
  const header = cells(lines[start] ?? '');
  const columns = ROLE_COLUMNS.map((role) => {
    const index = header.indexOf(role);
    if (index < 0) throw new Error(`docs/roles.md: the table has no column "${role}"`);
    return index;
  });
  const rows: [string, string[]][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    const permission = /^`([a-z_.]+)`$/.exec(row[0] ?? '')?.[1];
    if (!permission) throw new Error(`docs/roles.md: a row without a \`permission\`: ${line}`);
    const roles = ROLE_COLUMNS.filter((_role, i) => {
      const cell = row[columns[i] ?? -1];
      if (cell !== 'yes' && cell !== 'no')
        throw new Error(`docs/roles.md: "${cell}" is neither yes nor no: ${line}`);
      return cell === 'yes';
    }).map((role) => role.toLowerCase());
    rows.push([permission, roles]);
  }
  return rows;
}

/** The generated module's text. */
export function roleMatrixModule(markdown: string): string {
  const rows = parseRoleMatrix(markdown)
    .map(([permission, roles]) => `  '${permission}': [${roles.map((r) => `'${r}'`).join(', ')}],`)
    .join('\n');
  return `// Generated from docs/roles.md by \`pnpm --filter @cairn/server roles:write\`: edit the table there.
import type { MemberRole } from '../../platform/db/entities/index.js';

/** Permission → the roles that have it (docs/roles.md). */
export const ROLE_MATRIX = {
${rows}
} as const satisfies Record<string, readonly MemberRole[]>;
`;
}

function cells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}
