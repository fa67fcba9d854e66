import { resolveDataDir } from '../runtime/repoRoot.js';
import { StartupError } from '../runtime/StartupError.js';
import { ConfigSchema, type RawConfig } from './configSchema.js';
import { ChainSettingsError, type ChainSettingsMap, loadChainSettings } from './loadChainSettings.js';
import { type OidcProviderConfig, readOidcProviders } from './readOidcProviders.js';

/** The validated gateway configuration with every public URL resolved. */
export interface Config extends RawConfig {
  readonly urls: {
    readonly api: string;
    readonly checkout: string;
    readonly dashboard: string;
    readonly mcp: string;
    readonly site: string;
  };
  readonly fixedRates: Record<string, string>;
  /** Per-chain settings from `CAIRN_CHAIN_<CHAIN_ID>_*` (node, depth, poll interval). */
  readonly chains: ChainSettingsMap;
  /** CAIRN_ENABLED_CHAINS plus the chains given a node, minus those set `_ENABLED=false`. */
  readonly enabledChains: readonly string[];
  /** Third-party sign-in providers from `CAIRN_OIDC_<NAME>_*`. */
  readonly oidcProviders: readonly OidcProviderConfig[];
  /** CAIRN_DATA_DIR as an absolute path (relative ones are taken from the repository root). */
  readonly dataDir: string;
}

/** Raised when the environment is invalid; the message names every bad variable, one per line. */
export class ConfigError extends StartupError {
  override readonly name = 'ConfigError';
}

const trim = (u: string) => u.replace(/\/+$/, '');

function parseFixedRates(text: string | undefined): Record<string, string> {
  const rates: Record<string, string> = {};
  for (const pair of (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([A-Z0-9]{2,12})\/([A-Z]{3})=(\d+(?:\.\d+)?)$/.exec(pair);
    if (!match) throw new ConfigError(`CAIRN_FIXED_RATES: "${pair}" is not COIN/FIAT=rate`);
    rates[`${match[1]}/${match[2]}`] = match[3]!;
  }
  return rates;
}

/** Reads and validates the configuration from environment variables. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // `NAME=` with nothing after it (as an environment file leaves a setting to fill in) means unset.
  const env = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}.`);
    throw new ConfigError(
      `Invalid configuration (fix it and start again): ${lines.length === 1 ? lines[0] : `\n  ${lines.join('\n  ')}`}`,
    );
  }
  const raw = parsed.data;
  let chainSettings: ReturnType<typeof loadChainSettings>;
  try {
    chainSettings = loadChainSettings(env, raw.CAIRN_ENABLED_CHAINS);
  } catch (error) {
    if (error instanceof ChainSettingsError) throw new ConfigError(error.message);
    throw error;
  }
  let oidcProviders: OidcProviderConfig[];
  try {
    oidcProviders = readOidcProviders(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const publicUrl = trim(raw.CAIRN_PUBLIC_URL ?? `http://localhost:${raw.PORT}`);
  return {
    ...raw,
    urls: {
      api: trim(raw.CAIRN_API_BASE_URL ?? publicUrl),
      checkout: trim(raw.CAIRN_CHECKOUT_URL_BASE ?? `${publicUrl}/checkout`),
      dashboard: trim(raw.CAIRN_DASHBOARD_URL ?? `${publicUrl}/dashboard`),
      mcp: trim(raw.CAIRN_MCP_URL ?? publicUrl),
      site: trim(raw.CAIRN_SITE_URL ?? publicUrl),
    },
    fixedRates: parseFixedRates(raw.CAIRN_FIXED_RATES),
    chains: chainSettings.settings,
    enabledChains: chainSettings.enabledChains,
    dataDir: resolveDataDir(raw.CAIRN_DATA_DIR),
    oidcProviders,
  };
}
