import { ANVIL_ACCOUNTS, type AnvilNode, anvilAvailable, startAnvil } from '@cairn/anvil-node';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cairnForwarder,
  cairnForwarderFactory,
  factoryAddressFor,
  factoryDeploymentData,
  forwarderAddressFor,
  forwarderSalt,
  implementationAddressFor,
  testStablecoin,
  testTetherToken,
} from '../src/index.js';

// The forwarder contracts on a real anvil: the factory lands where the offline computation says, and
// every forwarder, deployed or not, can only ever pay its treasury: native coin, a token returning
// true (USDC-like) and one returning nothing (USDT-like), singly and in a batch.

const CHAIN_ID = 31337;
const randomAddress = () =>
  getAddress(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`);

describe.runIf(anvilAvailable('evm-contracts forwarders'))('forwarders on anvil', () => {
  let anvil: AnvilNode;
  let chain: PublicClient;
  let gas: ReturnType<typeof walletOf>;
  let other: ReturnType<typeof walletOf>;
  let usdc: Address;
  let usdt: Address;
  const viemChain = (url: string) =>
    defineChain({
      id: CHAIN_ID,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    });
  const walletOf = (key: Hex) =>
    createWalletClient({
      account: privateKeyToAccount(key),
      chain: viemChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    });
  const mined = async (hash: Promise<Hex>) => {
    const receipt = await chain.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
    return receipt;
  };
  const tokenBalance = (token: Address, owner: Address) =>
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const onboard = async (treasury: Address) => {
    const { to, data } = factoryDeploymentData(treasury);
    const receipt = await mined(gas.sendTransaction({ to, data }));
    expect(receipt.status).toBe('success');
    return factoryAddressFor(treasury);
  };
  const sweep = (factory: Address, salts: Hex[], tokens: Address[]) =>
    mined(
      gas.writeContract({
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'sweep',
        args: [salts, tokens],
      }),
    );

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID });
    chain = createPublicClient({
      chain: viemChain(anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
      cacheTime: 0,
    }) as PublicClient;
    gas = walletOf(ANVIL_ACCOUNTS[1].privateKey);
    other = walletOf(ANVIL_ACCOUNTS[3].privateKey);
    const deployer = walletOf(ANVIL_ACCOUNTS[0].privateKey);
    usdc = (
      await mined(
        deployer.deployContract({
          abi: testStablecoin.abi,
          bytecode: testStablecoin.bytecode,
          args: ['USD Coin', 'USDC', 6],
        }),
      )
    ).contractAddress!;
    usdt = (
      await mined(deployer.deployContract({ abi: testTetherToken.abi, bytecode: testTetherToken.bytecode }))
    ).contractAddress!;
    await mined(
      deployer.writeContract({
        address: usdc,
        abi: testStablecoin.abi,
        functionName: 'mint',
        args: [ANVIL_ACCOUNTS[0].address, 10n ** 15n],
      }),
    );
    await mined(
      deployer.writeContract({
        address: usdt,
        abi: testTetherToken.abi,
        functionName: 'mint',
        args: [ANVIL_ACCOUNTS[0].address, 10n ** 15n],
      }),
    );
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  const pay = async (token: Address | null, to: Address, amount: bigint) => {
    const customer = walletOf(ANVIL_ACCOUNTS[0].privateKey);
    if (token === null) return mined(customer.sendTransaction({ to, value: amount }));
    return mined(
      customer.writeContract({
        address: token,
        abi: testTetherToken.abi,
        functionName: 'transfer',
        args: [to, amount],
      }),
    );
  };

  it('the factory deployed through the proxy lands at the offline address, with its treasury and implementation', async () => {
    const treasury = randomAddress();
    const factory = await onboard(treasury);
    expect(await chain.getCode({ address: factory })).toMatch(/^0x.+/);
    expect(
      await chain.readContract({
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'treasury',
      }),
    ).toBe(treasury);
    const implementation = await chain.readContract({
      address: factory,
      abi: cairnForwarderFactory.abi,
      functionName: 'implementation',
    });
    expect(implementation).toBe(implementationAddressFor(factory));
    expect(
      await chain.readContract({
        address: implementation,
        abi: cairnForwarder.abi,
        functionName: 'treasury',
      }),
    ).toBe(treasury);
    const paymentId = crypto.randomUUID();
    const salt = forwarderSalt(CHAIN_ID, paymentId);
    expect(
      await chain.readContract({
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'forwarderAddress',
        args: [salt],
      }),
    ).toBe(forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId }));
  });

  it.each([
    ['the native coin', null as 'usdc' | 'usdt' | null, parseEther('0.3')],
    ['a token returning true (USDC-like)', 'usdc' as const, 25_000_000n],
    ['a token returning nothing (USDT-like)', 'usdt' as const, 25_000_000n],
  ])(
    '%s paid to an undeployed forwarder is swept to the treasury, and a second payment later too',
    async (_, which, amount) => {
      const token = which === null ? null : which === 'usdc' ? usdc : usdt;
      const treasury = randomAddress();
      const factory = await onboard(treasury);
      const paymentId = crypto.randomUUID();
      const forwarder = forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId });
      const balance = (owner: Address) =>
        token === null ? chain.getBalance({ address: owner }) : tokenBalance(token, owner);
      await pay(token, forwarder, amount);
      expect(await chain.getCode({ address: forwarder })).toBeUndefined();
      const receipt = await sweep(factory, [forwarderSalt(CHAIN_ID, paymentId)], [token ?? zeroAddress]);
      expect(receipt.status).toBe('success');
      expect(await balance(treasury)).toBe(amount);
      expect(await balance(forwarder)).toBe(0n);
      // Funds arriving at the deployed clone are swept by the same call (deploy is skipped).
      await pay(token, forwarder, amount);
      expect(
        (await sweep(factory, [forwarderSalt(CHAIN_ID, paymentId)], [token ?? zeroAddress])).status,
      ).toBe('success');
      expect(await balance(treasury)).toBe(2n * amount);
    },
  );

  it('a batch sweeps several forwarders of one treasury in one transaction', async () => {
    const treasury = randomAddress();
    const factory = await onboard(treasury);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pay(usdc, forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId: ids[0]! }), 1_000_000n);
    await pay(null, forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId: ids[1]! }), 7n);
    await pay(usdt, forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId: ids[2]! }), 3_000_000n);
    const receipt = await sweep(
      factory,
      ids.map((id) => forwarderSalt(CHAIN_ID, id)),
      [usdc, zeroAddress, usdt],
    );
    expect(receipt.status).toBe('success');
    expect(await tokenBalance(usdc, treasury)).toBe(1_000_000n);
    expect(await chain.getBalance({ address: treasury })).toBe(7n);
    expect(await tokenBalance(usdt, treasury)).toBe(3_000_000n);
  });

  it('whoever calls, a forwarder pays only its treasury', async () => {
    const treasury = randomAddress();
    const factory = await onboard(treasury);
    const paymentId = crypto.randomUUID();
    const forwarder = forwarderAddressFor({ treasury, chainId: CHAIN_ID, paymentId });
    await pay(usdc, forwarder, 5_000_000n);
    await mined(
      other.writeContract({
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'deploy',
        args: [forwarderSalt(CHAIN_ID, paymentId)],
      }),
    );
    const before = await tokenBalance(usdc, other.account.address);
    const receipt = await mined(
      other.writeContract({
        address: forwarder,
        abi: cairnForwarder.abi,
        functionName: 'flushToken',
        args: [usdc],
      }),
    );
    expect(receipt.status).toBe('success');
    expect(await tokenBalance(usdc, treasury)).toBe(5_000_000n);
    expect(await tokenBalance(usdc, other.account.address)).toBe(before);
    // The clone has no function that takes a destination.
    const names = cairnForwarder.abi.filter((item) => item.type === 'function').map((item) => item.name);
    expect(names.sort()).toEqual(['flush', 'flushToken', 'treasury']);
  });

  it('flushToken refuses an address that is not a token; sweep refuses arrays of different lengths', async () => {
    const treasury = randomAddress();
    const factory = await onboard(treasury);
    const salt = forwarderSalt(CHAIN_ID, crypto.randomUUID());
    await expect(
      chain.simulateContract({
        account: gas.account,
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'sweep',
        args: [[salt], [randomAddress()]],
      }),
    ).rejects.toThrow(toFunctionSelector('NotAToken()')); // the clone's error, raised through the factory
    await expect(
      chain.simulateContract({
        account: gas.account,
        address: factory,
        abi: cairnForwarderFactory.abi,
        functionName: 'sweep',
        args: [[salt], []],
      }),
    ).rejects.toThrow(/LengthMismatch/);
  });
});
