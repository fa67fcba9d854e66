import { CONFIG_VARIABLES } from './configSchema.js';
import { CHAIN_VARIABLES } from './loadChainSettings.js';

export const CONFIG_TABLE_START =
  '<!-- config-table:start (generated from server/src/platform/config/configSchema.ts) -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

/** Third-party sign-in providers, one set per provider `<NAME>` (letters, digits, `_`). */
const OIDC_VARIABLES = {
  ISSUER:
    'OpenID Connect issuer URL of a third-party sign-in provider for the dashboard (its discovery document is read from `<issuer>/.well-known/openid-configuration`). Its redirect URI is `CAIRN_DASHBOARD_URL/oidc/<name>/callback` (name in lower case).',
  CLIENT_ID: 'The client id the provider issued for this gateway.',
  CLIENT_SECRET: 'The client secret the provider issued for this gateway.',
  LABEL: 'The provider’s name on the sign-in button (default: `<NAME>` capitalised). Optional.',
} as const;

/** The configuration table of docs/operating/configuration.md, from the schema's descriptions. */
export function configTable(): string {
  const code = (text: string) => `\`${text}\``;
  const rows = Object.entries(CONFIG_VARIABLES).map(
    ([name, v]) => `| ${code(name)} | ${code(v.default)} | ${v.doc.replaceAll('|', '\\|')} |`,
  );
  const chainRows = Object.entries(CHAIN_VARIABLES).map(
    ([suffix, v]) =>
      `| ${code(`CAIRN_CHAIN_<CHAIN_ID>_${suffix}`)} | ${code(v.default)} | ${v.doc.replaceAll('|', '\\|')} |`,
  );
  const oidcRows = Object.entries(OIDC_VARIABLES).map(
    ([suffix, doc]) => `| ${code(`CAIRN_OIDC_<NAME>_${suffix}`)} | ${code('(none)')} | ${doc} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows, ...chainRows, ...oidcRows].join('\n');
}
