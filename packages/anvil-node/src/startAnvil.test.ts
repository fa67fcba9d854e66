import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAvailable } from './anvilAvailable.js';
import { ANVIL_ACCOUNTS, type AnvilNode, startAnvil } from './startAnvil.js';

describe.runIf(anvilAvailable('anvil-node'))('startAnvil', () => {
  let anvil: AnvilNode;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 1337 });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it('answers JSON-RPC with the chain id asked for and funds the default accounts', async () => {
    expect(await anvil.request('eth_chainId')).toBe('0x539');
    const balance = BigInt(
      await anvil.request<string>('eth_getBalance', [ANVIL_ACCOUNTS[0].address, 'latest']),
    );
    expect(balance).toBe(10_000n * 10n ** 18n);
  });

  it('mines on demand', async () => {
    const before = await anvil.blockNumber();
    await anvil.mine(3);
    expect(await anvil.blockNumber()).toBe(before + 3);
  });

  it('does not outlive the process that started it, even killed with SIGKILL', async () => {
    const module = fileURLToPath(new URL('./startAnvil.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { startAnvil } = await import(${JSON.stringify(module)}); console.log((await startAnvil()).rpcUrl); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], cwd: fileURLToPath(new URL('..', import.meta.url)) },
    );
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', () => reject(new Error('the child exited before starting anvil')));
    });
    const answers = () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      }).then(
        () => true,
        () => false,
      );
    expect(await answers()).toBe(true);
    child.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while ((await answers()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await answers()).toBe(false);
  }, 30_000);

  it('stops, and no longer answers', async () => {
    const other = await startAnvil();
    await other.stop();
    expect(other.running).toBe(false);
    await expect(other.request('eth_chainId')).rejects.toThrow();
  });
});
