import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE_END, CONFIG_TABLE_START, configTable } from './configTable.js';
import { ConfigError, loadConfig } from './loadConfig.js';

describe('configuration', () => {
  it('is documented in docs/operating/configuration.md exactly as the schema says (regenerate with `pnpm --filter @cairn/server config:table`)', () => {
    const readme = readFileSync(
      new URL('../../../../docs/operating/configuration.md', import.meta.url),
      'utf8',
    );
    const start = readme.indexOf(CONFIG_TABLE_START);
    const end = readme.indexOf(CONFIG_TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(readme.slice(start + CONFIG_TABLE_START.length, end).trim()).toBe(configTable());
  });

  it('defaults every public URL to one origin', () => {
    const config = loadConfig({ PORT: '4000' });
    expect(config.urls).toEqual({
      api: 'http://localhost:4000',
      checkout: 'http://localhost:4000/checkout',
      dashboard: 'http://localhost:4000/dashboard',
      mcp: 'http://localhost:4000',
      site: 'http://localhost:4000',
    });
    expect(config.CAIRN_ENABLED_CHAINS).toEqual(['BTC_TESTNET', 'LTC_TESTNET']);
  });

  it('listens on 127.0.0.1 (this machine only) unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('rejects invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ CAIRN_FEE_BPS_LIVE: '-1' })).toThrow(/CAIRN_FEE_BPS_LIVE/);
    expect(() => loadConfig({ CAIRN_FIXED_RATES: 'BTC=1' })).toThrow(/COIN\/FIAT=rate/);
    expect(loadConfig({}).CAIRN_LIVE_WALLET_DELAY_HOURS).toBe(0);
    expect(loadConfig({ CAIRN_LIVE_WALLET_DELAY_HOURS: '48' }).CAIRN_LIVE_WALLET_DELAY_HOURS).toBe(48);
    for (const bad of ['-1', '1.5', 'soon'])
      expect(() => loadConfig({ CAIRN_LIVE_WALLET_DELAY_HOURS: bad })).toThrow(
        /CAIRN_LIVE_WALLET_DELAY_HOURS.*whole number of hours/,
      );
    expect(() => loadConfig({ CAIRN_LIVE_WALLET_DELAY_HOURS: '721' })).toThrow(/at most 720 hours/);
  });

  it('parses lists, booleans and fixed rates', () => {
    const config = loadConfig({
      CAIRN_ENABLED_CHAINS: ' LTC_REGTEST , BTC_TESTNET ',
      CAIRN_TRUST_PROXY: 'true',
      CAIRN_FIXED_RATES: 'BTC/EUR=60000,LTC/USD=80.5',
      CAIRN_PUBLIC_URL: 'https://pay.example.com/',
    });
    expect(config.CAIRN_ENABLED_CHAINS).toEqual(['LTC_REGTEST', 'BTC_TESTNET']);
    expect(config.CAIRN_TRUST_PROXY).toBe(true);
    expect(config.fixedRates).toEqual({ 'BTC/EUR': '60000', 'LTC/USD': '80.5' });
    expect(config.urls.checkout).toBe('https://pay.example.com/checkout');
  });
});
