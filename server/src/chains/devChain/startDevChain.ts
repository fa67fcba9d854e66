import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { ANVIL_ACCOUNTS, type AnvilNode, freePort, startAnvil } from '@cairn/anvil-node';
import { testStablecoin, testTetherToken } from '@cairn/evm-contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { StartupError } from '../../platform/runtime/StartupError.js';
import {
  type DevChainRecord,
  devChainDir,
  readDevChainRecord,
  writeDevChainRecord,
} from './devChainRecord.js';
import { DEV_CHAIN_BLOCK_SECONDS } from './withDevChain.js';

/** A running dev chain. */
export interface DevChain {
  readonly record: DevChainRecord;
  readonly anvil: AnvilNode;
  stop(): Promise<void>;
}

const CHAIN_ID = 31337;

/**
 * Starts the local dev chain (docs/operating/evm.md): anvil from the npm package as ETH_LOCAL (test
 * mode), mining a block every 2 s, with its state kept in `<dataDir>/dev-chain/anvil-state.json` (written every 5 s and on exit,
 * so payments and balances survive a restart), on the port it had last time when that is free, and
 * the test tokens deployed once from anvil's first account: USDC ("USD Coin", 6 decimals, EIP-3009)
 * USDT (6 decimals, returns nothing) and USDC.e's stand-in ("USD Coin (PoS)", symbol `USDCE`, 6
 * decimals; the opt-in `USDCE`), each with a public `mint(address,uint256)`. Writes
 * `<dataDir>/dev-chain/dev-chain.json` so operator commands (`dev:seed`, `chains:status`) find it.
 */
export async function startDevChain(dataDir: string, log: FastifyBaseLogger): Promise<DevChain> {
  try {
    mkdirSync(devChainDir(dataDir), { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `Cannot keep the local dev chain's state in ${devChainDir(dataDir)} (${code}): point CAIRN_DATA_DIR at a directory this user can write, or set CAIRN_DEV_CHAIN=off.`,
      { cause: error },
    );
  }
  const previous = readDevChainRecord(dataDir);
  const port = previous && (await portIsFree(previous.port)) ? previous.port : await freePort();
  const stateFile = join(devChainDir(dataDir), 'anvil-state.json');
  const start = () => startAnvil({ port, chainId: CHAIN_ID, stateFile, stateIntervalSeconds: 5 });
  let anvil: AnvilNode;
  try {
    try {
      anvil = await start();
    } catch (error) {
      // A state file anvil cannot read (cut short by a full disk, say) would stop every start: keep it
      // aside and begin a new dev chain. Its payments stay in the database; see docs/operating/evm.md.
      if (!/--state/.test((error as Error).message)) throw error;
      const aside = `${stateFile}.unreadable-${Date.now()}`;
      renameSync(stateFile, aside);
      log.warn(
        { aside, err: error },
        'the dev chain state could not be read; kept aside, starting a new dev chain',
      );
      anvil = await start();
    }
  } catch (error) {
    throw new StartupError(
      `The local dev chain (anvil) did not start: ${(error as Error).message}. Set CAIRN_DEV_CHAIN=off to start without it.`,
      { cause: error },
    );
  }
  try {
    const chain = defineChain({
      id: CHAIN_ID,
      name: 'Cairn dev chain',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const transport = http(anvil.rpcUrl, { retryCount: 0 });
    const reader = createPublicClient({ chain, transport, cacheTime: 0 });
    const deployer = createWalletClient({
      account: privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey),
      chain,
      transport,
    });
    const deployed = async (address: string | undefined) =>
      address !== undefined && ((await reader.getCode({ address: address as Address })) ?? '0x') !== '0x';
    /** The token kept from the last run while it still has code; else `send()` deploys it anew. */
    const keptOrDeployed = async (symbol: string, send: () => Promise<Hex>): Promise<string> => {
      const kept = previous?.tokens[symbol];
      if (await deployed(kept)) return kept!;
      const receipt = await reader.waitForTransactionReceipt({ hash: await send(), pollingInterval: 50 });
      if (!receipt.contractAddress) throw new Error('a test token deployment created no contract');
      return getAddress(receipt.contractAddress);
    };
    const stablecoin = (args: readonly [string, string, number]) => () =>
      deployer.deployContract({
        abi: testStablecoin.abi,
        bytecode: testStablecoin.bytecode,
        args: [...args],
      });
    const tokens: Record<string, string> = {};
    tokens.USDC = await keptOrDeployed('USDC', stablecoin(['USD Coin', 'USDC', 6]));
    tokens.USDT = await keptOrDeployed('USDT', () =>
      deployer.deployContract({ abi: testTetherToken.abi, bytecode: testTetherToken.bytecode }),
    );
    // The stand-in for Polygon's bridged USDC.e (opt-in: offered only to keys that allow ETH_LOCAL:USDCE).
    // Symbol `USDCE` as the registry names it, so the start-up token check logs no warning on every
    // first run (the real contract's `USDC.e` is proven in chainChecks.test.ts).
    tokens.USDCE = await keptOrDeployed('USDCE', stablecoin(['USD Coin (PoS)', 'USDCE', 6]));
    // Deployed at once (automine); from now on a block every few seconds, with or without transactions.
    await anvil.request('evm_setIntervalMining', [DEV_CHAIN_BLOCK_SECONDS]);
    const record: DevChainRecord = { rpc_url: anvil.rpcUrl, port: anvil.port, chain_id: CHAIN_ID, tokens };
    writeDevChainRecord(dataDir, record);
    log.info({ rpcUrl: anvil.rpcUrl, tokens }, 'local dev chain ETH_LOCAL (anvil) started');
    return { record, anvil, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw new StartupError(`The local dev chain could not be prepared: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function portIsFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
