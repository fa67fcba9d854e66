import { createTronGasWallet, tronFactoryAddressFor } from '@cairn/chain-tron';
import { type FakeTronNode, startFakeTronNode } from '@cairn/chain-tron/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deployTronDeployer, TronDeployerError } from '../../../src/chains/settlement/deployTronDeployer.js';
import { loadChainSettings } from '../../../src/platform/config/loadChainSettings.js';
import { loadConfig } from '../../../src/platform/config/loadConfig.js';
import { tronDeployDeployerCommand } from '../../../src/surfaces/cli/commands/tronDeployDeployerCommand.js';

// `cairn tron:deploy-deployer` against the fake full node: the gas wallet's CreateSmartContract is a
// real signed transaction checked by the node; the deployer's effect is the node's model (the same
// bytes run on anvil in packages/chain-tron/src/tronContracts.anvil.test.ts).

const GAS_KEY = `0x${'6b'.repeat(32)}`;
const API_KEY = 'deployer-test-api-key';

describe('tron:deploy-deployer (fake full node)', () => {
  let node: FakeTronNode;
  let env: Record<string, string>;
  let gasWallet: string;
  beforeAll(async () => {
    node = await startFakeTronNode();
    env = {
      CAIRN_CHAIN_TRON_NILE_RPC_URL: node.url,
      CAIRN_CHAIN_TRON_NILE_GAS_WALLET_KEY: GAS_KEY,
      CAIRN_CHAIN_TRON_NILE_RPC_HEADERS: JSON.stringify({ 'TRON-PRO-API-KEY': API_KEY }),
    };
    gasWallet = createTronGasWallet({ chainId: 'TRON_NILE', url: node.url, privateKey: GAS_KEY }).address;
    node.fund(gasWallet, 200_000_000n); // 200 TRX
  });
  afterAll(async () => {
    await node?.stop();
  });

  const settingsOf = (vars: Record<string, string>) =>
    loadChainSettings(vars, [], { requireTronDeployer: false }).settings.TRON_NILE;
  /** Each wait closes one block, as the network would meanwhile. */
  const blockPerWait = { sleep: async () => void node.closeBlocks(1) };

  it('a TRON chain with a node but no deployer is refused at start, naming the command', () => {
    expect(() => loadConfig(env)).toThrow(
      /CAIRN_CHAIN_TRON_NILE_DEPLOYER: .*create it with cairn tron:deploy-deployer TRON_NILE/,
    );
  });

  it('creates the deployer with the gas wallet, waits until it is solidified, and it serves as the network deployer', async () => {
    node.setSolidityLag(19);
    let waits = 0;
    const sent: string[] = [];
    try {
      const before = node.balanceOf(gasWallet);
      const deployed = await deployTronDeployer('TRON_NILE', settingsOf(env), {
        sleep: async () => {
          waits += 1;
          node.closeBlocks(1);
        },
        onSent: ({ tx }) => sent.push(tx),
      });
      expect(sent).toEqual([deployed.tx]);
      expect(waits).toBe(20); // in a block after the first wait, solidified 19 blocks later
      expect(node.hasCode(deployed.deployer)).toBe(true);
      expect(deployed.deployer).not.toBe(node.deployer);
      expect(deployed.feeSun).toBeGreaterThan(0n);
      expect(node.balanceOf(gasWallet)).toBe(before - deployed.feeSun);
      // Every request of the command carried the configured API key.
      expect(node.requestHeaders.filter((h) => h['tron-pro-api-key'] !== API_KEY)).toEqual([]);
      // The printed setting makes a valid configuration, whose factories deploy through the new deployer.
      const config = loadConfig({ ...env, CAIRN_CHAIN_TRON_NILE_DEPLOYER: deployed.deployer });
      expect(config.chains.TRON_NILE?.deployer).toBe(deployed.deployer);
      const wallet = createTronGasWallet({ chainId: 'TRON_NILE', url: node.url, privateKey: GAS_KEY });
      const factory = await wallet.signFactoryDeployment(deployed.deployer, node.payer);
      await wallet.broadcast(factory.raw);
      node.closeBlocks(1);
      expect(node.hasCode(tronFactoryAddressFor({ deployer: deployed.deployer, treasury: node.payer }))).toBe(
        true,
      );
    } finally {
      node.setSolidityLag(0);
    }
  });

  it('the command prints the setting to add', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const saved = { ...process.env };
    Object.assign(process.env, env);
    // The command waits with a real timer between looks: the block is closed by the node meanwhile.
    const closer = setInterval(() => node.closeBlocks(1), 200);
    try {
      const code = await tronDeployDeployerCommand.run(['TRON_NILE'], {
        runtime: undefined as never,
        onStopSignal: () => {},
      });
      expect(code).toBe(0);
      expect(log.mock.calls).toHaveLength(1);
      const line = String(log.mock.calls[0]?.[0]);
      expect(line).toMatch(/^CAIRN_CHAIN_TRON_NILE_DEPLOYER=T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(node.hasCode(line.split('=')[1]!)).toBe(true);
      expect(error.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain(API_KEY);
    } finally {
      clearInterval(closer);
      process.env = saved;
      log.mockRestore();
      error.mockRestore();
    }
    await expect(
      tronDeployDeployerCommand.run([], { runtime: undefined as never, onStopSignal: () => {} }),
    ).rejects.toThrow(/needs one chain id/);
  });

  it('refuses a chain that is not TRON, one already given a deployer, and one without node or gas wallet', async () => {
    const code = async (chainId: string, vars: Record<string, string>) =>
      (
        (await deployTronDeployer(chainId, settingsOf(vars), blockPerWait).catch(
          (e) => e,
        )) as TronDeployerError
      ).code;
    expect(await code('ETH_SEPOLIA', env)).toBe('NOT_TRON');
    expect(await code('TRON_NILE', { ...env, CAIRN_CHAIN_TRON_NILE_DEPLOYER: node.deployer })).toBe(
      'ALREADY_SET',
    );
    expect(await code('TRON_NILE', { CAIRN_CHAIN_TRON_NILE_GAS_WALLET_KEY: GAS_KEY })).toBe('NO_NODE');
    expect(await code('TRON_NILE', { CAIRN_CHAIN_TRON_NILE_RPC_URL: node.url })).toBe('NO_GAS_WALLET');
  });

  it('a creation the network never includes expires and says to run the command again; nothing is printed', async () => {
    const failure = await deployTronDeployer('TRON_NILE', settingsOf(env), {
      sleep: async () => {
        node.dropPending();
        node.closeBlocks(10); // 30 s a wait: past its 10 minutes after 20 waits
      },
    }).catch((e) => e);
    expect(failure).toBeInstanceOf(TronDeployerError);
    expect(failure.code).toBe('EXPIRED');
    expect(failure.message).toMatch(/was never included, and has expired: run the command again/);
  });

  it('a gas wallet that cannot pay is told to top up before anything is sent', async () => {
    const poor = `0x${'7c'.repeat(32)}`;
    const sent = node.requests.filter((p) => p === '/wallet/broadcasttransaction').length;
    await expect(
      deployTronDeployer(
        'TRON_NILE',
        settingsOf({ ...env, CAIRN_CHAIN_TRON_NILE_GAS_WALLET_KEY: poor }),
        blockPerWait,
      ),
    ).rejects.toThrow(/holds 0 sun, less than the \d+ sun the deployer's creation may burn .*top it up/);
    expect(node.requests.filter((p) => p === '/wallet/broadcasttransaction').length).toBe(sent);
  });
});
