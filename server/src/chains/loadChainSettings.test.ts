import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/loadConfig.js';
import { redactUrl } from './redactUrl.js';
import { requiredConfirmations } from './requiredConfirmations.js';

describe('per-chain settings (CAIRN_CHAIN_<CHAIN_ID>_*)', () => {
  it('a node URL enables and watches the chain, with its depth and poll interval', () => {
    const config = loadConfig({
      CAIRN_ENABLED_CHAINS: 'BTC_TESTNET',
      CAIRN_CHAIN_LTC_REGTEST_RPC_URL: 'http://user:pass@127.0.0.1:19443',
      CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS: '3',
      CAIRN_CHAIN_LTC_REGTEST_POLL_MS: '250',
      CAIRN_CHAIN_BTC_TESTNET_ESPLORA_URL: 'https://blockstream.info/testnet/api',
    });
    expect(config.enabledChains).toEqual(['BTC_TESTNET', 'LTC_REGTEST']);
    expect(config.chains.LTC_REGTEST).toEqual({
      chainId: 'LTC_REGTEST',
      enabled: true,
      backend: { kind: 'json-rpc', url: 'http://user:pass@127.0.0.1:19443' },
      confirmations: 3,
      pollMs: 250,
      watchedElsewhere: false,
    });
    expect(config.chains.BTC_TESTNET?.backend).toEqual({
      kind: 'esplora',
      url: 'https://blockstream.info/testnet/api',
    });
    expect(requiredConfirmations(config.chains, 'LTC_REGTEST')).toBe(3);
    expect(requiredConfirmations(config.chains, 'BTC_TESTNET')).toBe(2);
    expect(requiredConfirmations(config.chains, 'DOGE')).toBe(20);
  });

  it('a Monero chain is watched through monerod and monero-wallet-rpc: both URLs or neither, and only Monero has a wallet RPC', () => {
    const config = loadConfig({
      CAIRN_CHAIN_XMR_REGTEST_RPC_URL: 'http://127.0.0.1:18081',
      CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083',
    });
    expect(config.chains.XMR_REGTEST?.backend).toEqual({
      kind: 'json-rpc',
      url: 'http://127.0.0.1:18081',
      walletRpcUrl: 'http://127.0.0.1:18083',
    });
    expect(requiredConfirmations(config.chains, 'XMR_REGTEST')).toBe(10);
    expect(() => loadConfig({ CAIRN_CHAIN_XMR_RPC_URL: 'http://127.0.0.1:18081' })).toThrow(
      /CAIRN_CHAIN_XMR_RPC_URL and _WALLET_RPC_URL: a Monero chain is watched through both monerod \(RPC_URL\) and monero-wallet-rpc \(WALLET_RPC_URL\); set both or neither/,
    );
    expect(() => loadConfig({ CAIRN_CHAIN_XMR_WALLET_RPC_URL: 'http://127.0.0.1:18083' })).toThrow(
      /set both or neither/,
    );
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_LTC_REGTEST_RPC_URL: 'http://user:pass@127.0.0.1:19443',
        CAIRN_CHAIN_LTC_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083',
      }),
    ).toThrow(/CAIRN_CHAIN_LTC_REGTEST_WALLET_RPC_URL: only Monero chains have a wallet RPC/);
  });

  it('WATCHED_ELSEWHERE marks a test chain watched; a live chain is refused, naming the variable', () => {
    const config = loadConfig({ CAIRN_CHAIN_BTC_TESTNET_WATCHED_ELSEWHERE: 'true' });
    expect(config.chains.BTC_TESTNET?.watchedElsewhere).toBe(true);
    expect(config.chains.BTC_TESTNET?.enabled).toBe(true);
    expect(() => loadConfig({ CAIRN_CHAIN_BTC_WATCHED_ELSEWHERE: 'true' })).toThrow(
      /^Invalid configuration \(fix it and start again\): CAIRN_CHAIN_BTC_WATCHED_ELSEWHERE: BTC is a live chain, offered only while a Cairn watcher syncs it/,
    );
    expect(() => loadConfig({ CAIRN_CHAIN_BTC_WATCHED_ELSEWHERE: 'true' })).toThrow(ConfigError);
  });

  it('ENABLED=false removes a listed chain; ENABLED=true adds one without a node', () => {
    const config = loadConfig({
      CAIRN_ENABLED_CHAINS: 'BTC_TESTNET,LTC_TESTNET',
      CAIRN_CHAIN_LTC_TESTNET_ENABLED: 'false',
      CAIRN_CHAIN_DOGE_TESTNET_ENABLED: 'true',
    });
    expect(config.enabledChains).toEqual(['BTC_TESTNET', 'DOGE_TESTNET']);
    expect(config.chains.DOGE_TESTNET?.backend).toBeUndefined();
    expect(loadConfig({}).enabledChains).toEqual(['BTC_TESTNET', 'LTC_TESTNET']);
  });

  it('rejects typos, unknown chains, bad values and two backends, naming the variable', () => {
    expect(() => loadConfig({ CAIRN_CHAIN_LTC_REGTEST_RPC_URLL: 'http://x' })).toThrow(
      /CAIRN_CHAIN_LTC_REGTEST_RPC_URLL: not a chain setting/,
    );
    expect(() => loadConfig({ CAIRN_CHAIN_LTC_REGNET_RPC_URL: 'http://x' })).toThrow(
      /LTC_REGNET is not a chain id/,
    );
    expect(() => loadConfig({ CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS: '0' })).toThrow(
      /CAIRN_CHAIN_LTC_REGTEST_CONFIRMATIONS/,
    );
    expect(() => loadConfig({ CAIRN_CHAIN_LTC_REGTEST_RPC_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ CAIRN_CHAIN_BTC_RPC_URL: 'http://a:b@x:1', CAIRN_CHAIN_BTC_ESPLORA_URL: 'https://e' }),
    ).toThrow(/choose one backend/);
  });

  it('never shows credentials in messages', () => {
    expect(redactUrl('http://user:secret@127.0.0.1:19443/')).toBe('http://***@127.0.0.1:19443/');
    let message = '';
    try {
      loadConfig({ CAIRN_CHAIN_LTC_REGTEST_RPC_URL: 'http://user:secret@' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/CAIRN_CHAIN_LTC_REGTEST_RPC_URL/);
    expect(message).not.toMatch(/secret/);
  });
});
