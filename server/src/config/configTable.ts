import { CONFIG_VARIABLES } from './configSchema.js';

export const CONFIG_TABLE_START =
  '<!-- config-table:start (generated from server/src/config/configSchema.ts) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

/** The README's configuration table, from the schema's descriptions. */
export function configTable(): string {
  const code = (text: string) => `\`${text}\``;
  const rows = Object.entries(CONFIG_VARIABLES).map(
    ([name, v]) => `| ${code(name)} | ${code(v.default)} | ${v.doc.replaceAll('|', '\\|')} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
