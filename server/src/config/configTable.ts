import { CHAIN_VARIABLES } from '../chains/loadChainSettings.js';
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
  const chainRows = Object.entries(CHAIN_VARIABLES).map(
    ([suffix, v]) =>
      `| ${code(`CAIRN_CHAIN_<CHAIN_ID>_${suffix}`)} | ${code(v.default)} | ${v.doc.replaceAll('|', '\\|')} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows, ...chainRows].join('\n');
}
