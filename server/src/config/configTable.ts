import { CONFIG_VARIABLES } from './configSchema.js';

export const CONFIG_TABLE_START = '<!-- config-table:start (generated from server/src/config/configSchema.ts) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

/** The README's configuration table, from the schema's descriptions. */
export function configTable(): string {
  const rows = Object.entries(CONFIG_VARIABLES).map(
    ([name, v]) => `| \`${name}\` | ${v.default === '' ? '' : `\`${v.default}\``} | ${v.doc.replaceAll('|', '\\|')} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
