// Gas per payment for Cairn's forwarders on a real anvil, beside a plain token and a plain ETH
// transfer measured in the same run: onboarding (the factory), deploy+flush single (native, USDC,
// USDT), a batch of 10 (per payment), a flush of an already deployed clone. Gas is deterministic
// for a given state, so one run per case is enough; the table prints ratios against the plain token
// transfer. Run: pnpm --filter @cairn/evm-contracts bench:gas
import { ANVIL_ACCOUNTS, startAnvil } from '@cairn/anvil-node';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  cairnForwarderFactory,
  factoryAddressFor,
  factoryDeploymentData,
  forwarderAddressFor,
  forwarderSalt,
  testStablecoin,
  testTetherToken,
} from '../src/index.js';

const CHAIN_ID = 31337;
const anvil = await startAnvil({ chainId: CHAIN_ID });
try {
  const chain = defineChain({
    id: CHAIN_ID,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const reader = createPublicClient({ chain, transport: http(), cacheTime: 0 });
  const wallet = (key: Hex) =>
    createWalletClient({ account: privateKeyToAccount(key), chain, transport: http() });
  const payer = wallet(ANVIL_ACCOUNTS[0].privateKey);
  const gas = wallet(ANVIL_ACCOUNTS[1].privateKey);
  const used = async (hash: Promise<Hex>) => {
    const receipt = await reader.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error('a measured transaction reverted');
    return receipt;
  };
  const usdc = getAddress(
    (
      await used(
        payer.deployContract({
          abi: testStablecoin.abi,
          bytecode: testStablecoin.bytecode,
          args: ['USD Coin', 'USDC', 6],
        }),
      )
    ).contractAddress!,
  );
  const usdt = getAddress(
    (await used(payer.deployContract({ abi: testTetherToken.abi, bytecode: testTetherToken.bytecode })))
      .contractAddress!,
  );
  await used(
    payer.writeContract({
      address: usdc,
      abi: testStablecoin.abi,
      functionName: 'mint',
      args: [payer.account.address, 10n ** 15n],
    }),
  );
  await used(
    payer.writeContract({
      address: usdt,
      abi: testTetherToken.abi,
      functionName: 'mint',
      args: [payer.account.address, 10n ** 15n],
    }),
  );
  const pay = (token: Address | null, to: Address, amount: bigint) =>
    token === null
      ? used(payer.sendTransaction({ to, value: amount }))
      : used(
          payer.writeContract({
            address: token,
            abi: testTetherToken.abi,
            functionName: 'transfer',
            args: [to, amount],
          }),
        );
  const fresh = () =>
    getAddress(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`);

  const rows: [string, bigint][] = [];
  // Baselines: a plain transfer to an address that already holds the token (the usual case).
  const holder = fresh();
  await pay(usdc, holder, 1n);
  rows.push(['plain USDC transfer (baseline)', (await pay(usdc, holder, 1_000_000n)).gasUsed]);
  rows.push(['plain ETH transfer', (await pay(null, fresh(), 10n ** 15n)).gasUsed]);

  const treasury = fresh();
  const { to, data } = factoryDeploymentData(treasury);
  rows.push([
    'onboarding: factory + implementation (once per treasury and chain)',
    (await used(gas.sendTransaction({ to, data }))).gasUsed,
  ]);
  const factory = factoryAddressFor(treasury);
  const sweep = (ids: string[], tokens: (Address | null)[]) =>
    used(
      gas.writeContract({
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'sweep',
        args: [ids.map((id) => forwarderSalt(CHAIN_ID, id)), tokens.map((t) => t ?? zeroAddress)],
      }),
    );
  const paid = async (token: Address | null, amount: bigint) => {
    const id = crypto.randomUUID();
    await pay(token, forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId: id }), amount);
    return id;
  };
  for (const [name, token, amount] of [
    ['ETH', null, 10n ** 16n],
    ['USDC', usdc, 25_000_000n],
    ['USDT', usdt, 25_000_000n],
  ] as const) {
    const id = await paid(token, amount);
    rows.push([`deploy+flush ${name}, single`, (await sweep([id], [token])).gasUsed]);
    if (name === 'USDC') {
      await pay(token, forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId: id }), amount);
      rows.push(['flush USDC of an already deployed clone', (await sweep([id], [token])).gasUsed]);
    }
  }
  const tokens = [usdc, usdc, usdc, usdc, usdt, usdt, usdt, null, null, null];
  const ids: string[] = [];
  for (const token of tokens) ids.push(await paid(token, token === null ? 10n ** 16n : 5_000_000n));
  rows.push([
    'deploy+flush in a batch of 10 (4 USDC, 3 USDT, 3 ETH), per payment',
    (await sweep(ids, tokens)).gasUsed / 10n,
  ]);

  const baseline = rows[0]![1];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`${'case'.padEnd(width)}  ${'gas'.padStart(8)}  vs plain USDC transfer`);
  for (const [name, value] of rows) {
    const ratio = Number((value * 100n) / baseline) / 100;
    console.log(`${name.padEnd(width)}  ${value.toString().padStart(8)}  ${ratio.toFixed(2)}x`);
  }
} finally {
  await anvil.stop();
}
