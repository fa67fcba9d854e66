import { describe, expect, it } from 'vitest';
import { requiredConfirmations } from '../../domain/chainOffers/requiredConfirmations.js';
import { ConfigError, loadConfig } from './loadConfig.js';
import { redactBackendUrl, redactUrl } from './redactUrl.js';

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
      walletRpcUrls: ['http://127.0.0.1:18083'],
    });
    expect(requiredConfirmations(config.chains, 'XMR_REGTEST')).toBe(10);
    const pooled = loadConfig({
      CAIRN_CHAIN_XMR_REGTEST_RPC_URL: 'http://127.0.0.1:18081',
      CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083, http://u:p@127.0.0.1:18084',
    });
    expect(pooled.chains.XMR_REGTEST?.backend).toMatchObject({
      walletRpcUrls: ['http://127.0.0.1:18083', 'http://u:p@127.0.0.1:18084'],
    });
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_XMR_REGTEST_RPC_URL: 'http://127.0.0.1:18081',
        CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083,ftp://127.0.0.1:18084',
      }),
    ).toThrow(/WALLET_RPC_URL: each comma-separated entry must be an http\(s\) URL/);
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_XMR_REGTEST_RPC_URL: 'http://127.0.0.1:18081',
        CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083,http://127.0.0.1:18083',
      }),
    ).toThrow(/a wallet RPC is listed twice/);
    expect(
      loadConfig({
        CAIRN_CHAIN_XMR_REGTEST_RPC_URL: 'http://127.0.0.1:18081',
        CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083',
        CAIRN_CHAIN_XMR_REGTEST_WALLET_DIR: '/var/lib/cairn/monero-wallets',
      }).chains.XMR_REGTEST?.backend,
    ).toMatchObject({ walletDir: '/var/lib/cairn/monero-wallets' });
    expect(() => loadConfig({ CAIRN_CHAIN_XMR_REGTEST_WALLET_DIR: '/var/lib/cairn/monero-wallets' })).toThrow(
      /WALLET_DIR: set with WALLET_RPC_URL/,
    );
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_XMR_REGTEST_RPC_URL: 'http://127.0.0.1:18081',
        CAIRN_CHAIN_XMR_REGTEST_WALLET_RPC_URL: 'http://127.0.0.1:18083',
        CAIRN_CHAIN_XMR_REGTEST_WALLET_DIR: 'monero-wallets',
      }),
    ).toThrow(/WALLET_DIR: must be an absolute path/);
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

  it('a TRON chain needs its deployer with its node; its gas wallet key may omit 0x; only TRON takes a deployer', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({
      CAIRN_CHAIN_TRON_NILE_RPC_URL: 'https://nile.trongrid.io',
      CAIRN_CHAIN_TRON_NILE_DEPLOYER: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      CAIRN_CHAIN_TRON_NILE_GAS_WALLET_KEY: key,
    });
    expect(config.chains.TRON_NILE).toMatchObject({
      enabled: true,
      deployer: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      gasWalletKey: `0x${key}`,
    });
    expect(requiredConfirmations(config.chains, 'TRON_NILE')).toBe(19);
    expect(() => loadConfig({ CAIRN_CHAIN_TRON_RPC_URL: 'https://api.trongrid.io' })).toThrow(
      /CAIRN_CHAIN_TRON_DEPLOYER: a TRON chain derives its deposit addresses from the deployer/,
    );
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_TRON_RPC_URL: 'https://api.trongrid.io',
        CAIRN_CHAIN_TRON_DEPLOYER: '0x4e59b44847b379578588920cA78FbF26c0B4956C',
      }),
    ).toThrow(/CAIRN_CHAIN_TRON_DEPLOYER: must be a TRON address/);
    expect(() =>
      loadConfig({ CAIRN_CHAIN_ETH_SEPOLIA_DEPLOYER: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }),
    ).toThrow(/CAIRN_CHAIN_ETH_SEPOLIA_DEPLOYER: only TRON chains take a deployer/);
    expect(() => loadConfig({ CAIRN_CHAIN_LTC_REGTEST_GAS_WALLET_KEY: key })).toThrow(
      /only EVM and TRON chains have a gas wallet/,
    );
  });

  it('PUBLIC_RPC_URL: the URL browser wallets add an EVM chain with, without credentials, EVM chains only', () => {
    const config = loadConfig({ CAIRN_CHAIN_BASE_SEPOLIA_PUBLIC_RPC_URL: 'https://sepolia.base.org' });
    expect(config.chains.BASE_SEPOLIA?.publicRpcUrl).toBe('https://sepolia.base.org');
    expect(() =>
      loadConfig({ CAIRN_CHAIN_BASE_SEPOLIA_PUBLIC_RPC_URL: 'https://user:secret@rpc.example' }),
    ).toThrow(/CAIRN_CHAIN_BASE_SEPOLIA_PUBLIC_RPC_URL: must carry no credentials/);
    expect(() =>
      loadConfig({ CAIRN_CHAIN_BASE_SEPOLIA_PUBLIC_RPC_URL: 'https://user:secret@rpc.example' }),
    ).not.toThrow(/secret/);
    expect(() => loadConfig({ CAIRN_CHAIN_BTC_TESTNET_PUBLIC_RPC_URL: 'https://rpc.example' })).toThrow(
      /only EVM chains are added to browser wallets/,
    );
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

  it('RPC_HEADERS: a JSON object of headers for the node, checked at start, values never in messages', () => {
    const config = loadConfig({
      CAIRN_CHAIN_TRON_NILE_RPC_URL: 'https://nile.trongrid.io',
      CAIRN_CHAIN_TRON_NILE_DEPLOYER: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      CAIRN_CHAIN_TRON_NILE_RPC_HEADERS: '{"TRON-PRO-API-KEY": "s3cret-key"}',
      CAIRN_CHAIN_BTC_TESTNET_ESPLORA_URL: 'https://esplora.example/api',
      CAIRN_CHAIN_BTC_TESTNET_RPC_HEADERS: '{"Authorization": "Bearer tok", "x-api-key": "k2"}',
    });
    expect(config.chains.TRON_NILE?.backend).toEqual({
      kind: 'json-rpc',
      url: 'https://nile.trongrid.io',
      headers: { 'TRON-PRO-API-KEY': 's3cret-key' },
    });
    expect(config.chains.BTC_TESTNET?.backend).toEqual({
      kind: 'esplora',
      url: 'https://esplora.example/api',
      headers: { Authorization: 'Bearer tok', 'x-api-key': 'k2' },
    });
    expect(redactBackendUrl(config.chains.TRON_NILE!.backend!)).toBe(
      'https://nile.trongrid.io/ [TRON-PRO-API-KEY: ***]',
    );
    const refused = (value: string, message: RegExp, chain = 'ETH_SEPOLIA') => {
      let error: unknown;
      try {
        loadConfig({
          [`CAIRN_CHAIN_${chain}_RPC_URL`]: 'https://rpc.example',
          [`CAIRN_CHAIN_${chain}_RPC_HEADERS`]: value,
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      expect(text).toMatch(new RegExp(`CAIRN_CHAIN_${chain}_RPC_HEADERS: ${message.source}`));
      expect(text).not.toContain('hidden-value');
    };
    refused('x-api-key: hidden-value', /must be a JSON object of header names and values/);
    refused('["hidden-value"]', /must be a JSON object/);
    refused('{}', /names no header/);
    refused('{"bad name": "hidden-value"}', /"bad name" is not a header name/);
    refused('{"Content-Type": "hidden-value"}', /the header Content-Type is set by Cairn or by HTTP itself/);
    refused('{"Host": "hidden-value"}', /the header Host is set by Cairn or by HTTP itself/);
    refused('{"Proxy-Authorization": "hidden-value"}', /the header Proxy-Authorization is set by Cairn/);
    refused(
      '{"x-key": "hidden-value\\r\\nX-Evil: 1"}',
      /the value of x-key must be a non-empty string on one line/,
    );
    refused('{"x-key": 42}', /the value of x-key must be a non-empty string/);
    refused('{"x-key": "hidden-value", "X-KEY": "hidden-value"}', /the header X-KEY is given twice/);
    expect(() => loadConfig({ CAIRN_CHAIN_ETH_SEPOLIA_RPC_HEADERS: '{"x-api-key":"k"}' })).toThrow(
      /CAIRN_CHAIN_ETH_SEPOLIA_RPC_HEADERS: set with RPC_URL or ESPLORA_URL/,
    );
  });

  it('TRON: the fee-limit cap (sun), the sweep batch and the solidity API, TRON chains only', () => {
    const tron = {
      CAIRN_CHAIN_TRON_RPC_URL: 'https://api.trongrid.io',
      CAIRN_CHAIN_TRON_DEPLOYER: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    };
    const config = loadConfig({
      ...tron,
      CAIRN_CHAIN_TRON_MAX_FEE_LIMIT_SUN: '2500000000',
      CAIRN_CHAIN_TRON_SWEEP_BATCH: '8',
    });
    expect(config.chains.TRON).toMatchObject({ maxFeeLimitSun: 2_500_000_000n, sweepBatch: 8 });
    expect(
      loadConfig({ ...tron, CAIRN_CHAIN_TRON_SOLIDITY_URL: 'http://127.0.0.1:8091' }).chains.TRON,
    ).toMatchObject({ solidityUrl: 'http://127.0.0.1:8091' });
    expect(() => loadConfig({ CAIRN_CHAIN_TRON_SOLIDITY_URL: 'http://127.0.0.1:8091' })).toThrow(
      /CAIRN_CHAIN_TRON_SOLIDITY_URL: set with RPC_URL/,
    );
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_XRP_RPC_URL: 'http://127.0.0.1:5005',
        CAIRN_CHAIN_XRP_SOLIDITY_URL: 'http://x',
      }),
    ).toThrow(/CAIRN_CHAIN_XRP_SOLIDITY_URL: only TRON chains take it/);
    expect(loadConfig(tron).chains.TRON).not.toHaveProperty('maxFeeLimitSun');
    expect(loadConfig(tron).chains.TRON).not.toHaveProperty('sweepBatch');
    for (const [value, message] of [
      ['999999', /must be between 1000000 \(1 TRX\) and 15000000000/],
      ['15000000001', /must be between 1000000/],
      ['1e9', /must be a whole number of sun/],
      ['-5', /must be a whole number of sun/],
    ] as const)
      expect(() => loadConfig({ ...tron, CAIRN_CHAIN_TRON_MAX_FEE_LIMIT_SUN: value })).toThrow(
        new RegExp(`CAIRN_CHAIN_TRON_MAX_FEE_LIMIT_SUN: ${message.source}`),
      );
    expect(
      loadConfig({ ...tron, CAIRN_CHAIN_TRON_MAX_FEE_LIMIT_SUN: '15000000000' }).chains.TRON,
    ).toMatchObject({
      maxFeeLimitSun: 15_000_000_000n,
    });
    for (const value of ['0', '21', '2.5'])
      expect(() => loadConfig({ ...tron, CAIRN_CHAIN_TRON_SWEEP_BATCH: value })).toThrow(
        /CAIRN_CHAIN_TRON_SWEEP_BATCH: .*\(got/,
      );
    expect(() =>
      loadConfig({
        CAIRN_CHAIN_ETH_SEPOLIA_RPC_URL: 'https://rpc.example',
        CAIRN_CHAIN_ETH_SEPOLIA_SWEEP_BATCH: '3',
      }),
    ).toThrow(/CAIRN_CHAIN_ETH_SEPOLIA_SWEEP_BATCH: only TRON chains take it/);
    expect(() => loadConfig({ CAIRN_CHAIN_ETH_SEPOLIA_MAX_FEE_LIMIT_SUN: '3000000' })).toThrow(
      /CAIRN_CHAIN_ETH_SEPOLIA_MAX_FEE_LIMIT_SUN: only TRON chains take it/,
    );
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
