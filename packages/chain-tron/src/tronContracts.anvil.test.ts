import { ANVIL_ACCOUNTS, type AnvilNode, anvilAvailable, startAnvil } from '@cairn/anvil-node';
import { testStablecoin, testTetherToken } from '@cairn/evm-contracts';
import {
  type Address,
  concatHex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnTronForwarder } from './generated/cairnTronForwarder.js';
import { cairnTronForwarderFactory } from './generated/cairnTronForwarderFactory.js';
import { tronAddressFromHex, tronAddressToEvm } from './tronAddress.js';
import { tronCreate2Address } from './tronCreate2Address.js';
import {
  DEPLOYER_CREATION_CODE,
  TRON_FACTORY_SALT,
  tronCloneInitCode,
  tronFactoryInitCode,
  tronSweepCalldata,
} from './tronForwarders.js';

// The TRON contracts executed on anvil. No TVM runs here (java-tron needs a JVM node, TronBox's `tre`
// Docker), and anvil computes CREATE2 addresses with Ethereum's 0xff prefix, not TRON's 0x41, so this
// proves everything but the prefix: the deployer code and the onboarding calldata create the factory
// from the init code the offline computation hashes; the factory creates its implementation from the
// init code the offline computation hashes; the factory's own `forwarderAddress` is byte for byte the
// offline TRON formula; `deploy` refuses to leave a forwarder anywhere else than predicted (here it
// always is elsewhere: DeployFailed); and the forwarder, directly and behind an EIP-1167 clone, pays
// only its treasury: native coin, a token returning true and one returning nothing (USDT-like).

const CHAIN_ID = 31337;
const randomAddress = () =>
  getAddress(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`);
const randomSalt = (): Hex => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
/** An EVM address as the TRON address with the same 20 bytes. */
const asTron = (address: Address) => tronAddressFromHex(`41${address.slice(2).toLowerCase()}`);

describe.runIf(anvilAvailable('chain-tron contracts'))('the TRON forwarder contracts on anvil', () => {
  let anvil: AnvilNode;
  let chain: PublicClient;
  let gas: ReturnType<typeof walletOf>;
  let deployer: Address;
  let factory: Address;
  let implementation: Address;
  let usdc: Address;
  let usdt: Address;
  const treasury = randomAddress();
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
  const mined = async (hash: Promise<Hex>) =>
    chain.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
  const deployed = async (data: Hex) => {
    const receipt = await mined(gas.sendTransaction({ data }));
    expect(receipt.status).toBe('success');
    return getAddress(receipt.contractAddress!);
  };
  const tokenBalance = (token: Address, owner: Address) =>
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const mint = (token: Address, to: Address, amount: bigint) =>
    mined(
      gas.writeContract({
        address: token,
        abi: testStablecoin.abi,
        functionName: 'mint',
        args: [to, amount],
      }),
    );
  const call = (address: Address, functionName: 'flush' | 'flushToken', args: readonly Address[] = []) =>
    mined(
      gas.writeContract({
        address,
        abi: cairnTronForwarder.abi,
        functionName,
        args: args as never,
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
    // The deployer the operator puts on each TRON network once, here by a plain CREATE.
    deployer = await deployed(DEPLOYER_CREATION_CODE);
    usdc = getAddress(
      (
        await mined(
          gas.deployContract({
            abi: testStablecoin.abi,
            bytecode: testStablecoin.bytecode,
            args: ['USD Coin', 'USDC', 6],
          }),
        )
      ).contractAddress!,
    );
    usdt = await deployed(testTetherToken.bytecode);
  }, 60_000);
  afterAll(async () => {
    await anvil?.stop();
  });

  it('onboarding: the deployer creates the factory from exactly the init code the offline computation hashes', async () => {
    const receipt = await mined(
      gas.sendTransaction({ to: deployer, data: tronSweepCalldata.factoryDeployment(asTron(treasury)) }),
    );
    expect(receipt.status).toBe('success');
    factory = getContractAddress({
      opcode: 'CREATE2',
      from: deployer,
      salt: TRON_FACTORY_SALT,
      bytecodeHash: keccak256(tronFactoryInitCode(asTron(treasury))),
    });
    expect((await chain.getCode({ address: factory }))?.length ?? 0).toBeGreaterThan(2);
    expect(
      await chain.readContract({
        address: factory,
        abi: cairnTronForwarderFactory.abi,
        functionName: 'treasury',
      }),
    ).toBe(treasury);
  });

  it('the factory creates its implementation from the init code the offline computation hashes', async () => {
    implementation = getAddress(
      (await chain.readContract({
        address: factory,
        abi: cairnTronForwarderFactory.abi,
        functionName: 'implementation',
      })) as Address,
    );
    const initCode = concatHex([
      cairnTronForwarder.bytecode,
      encodeAbiParameters([{ type: 'address' }], [tronAddressToEvm(asTron(treasury))]),
    ]);
    expect(implementation).toBe(
      getContractAddress({
        opcode: 'CREATE2',
        from: factory,
        salt: TRON_FACTORY_SALT,
        bytecodeHash: keccak256(initCode),
      }),
    );
  });

  it("the factory's forwarderAddress is the offline TRON formula (0x41), byte for byte", async () => {
    for (let i = 0; i < 5; i += 1) {
      const salt = randomSalt();
      const onChain = (await chain.readContract({
        address: factory,
        abi: cairnTronForwarderFactory.abi,
        functionName: 'forwarderAddress',
        args: [salt],
      })) as Address;
      const offline = tronCreate2Address({
        deployer: asTron(factory),
        salt,
        initCodeHash: keccak256(tronCloneInitCode(asTron(implementation))),
      });
      expect(asTron(getAddress(onChain))).toBe(offline);
    }
  });

  it('deploy never leaves a forwarder elsewhere than predicted: on an 0xff chain it reverts', async () => {
    await expect(
      chain.simulateContract({
        account: gas.account,
        address: factory,
        abi: cairnTronForwarderFactory.abi,
        functionName: 'deploy',
        args: [randomSalt()],
      }),
    ).rejects.toThrow(/DeployFailed/);
  });

  it('a forwarder behind an EIP-1167 clone pays only its treasury: native coin, a true-returning and a no-return token', async () => {
    // The clone the factory would create, here by a plain CREATE of the same init code.
    const clone = await deployed(tronCloneInitCode(asTron(implementation)));
    expect(
      await chain.readContract({ address: clone, abi: cairnTronForwarder.abi, functionName: 'treasury' }),
    ).toBe(treasury);
    await mined(gas.sendTransaction({ to: clone, value: parseEther('1.5') }));
    await mint(usdc, clone, 25_000_000n);
    await mint(usdt, clone, 7_000_000n);
    expect((await call(clone, 'flush')).status).toBe('success');
    expect((await call(clone, 'flushToken', [usdc])).status).toBe('success');
    expect((await call(clone, 'flushToken', [usdt])).status).toBe('success');
    expect(await chain.getBalance({ address: treasury })).toBe(parseEther('1.5'));
    expect(await tokenBalance(usdc, treasury)).toBe(25_000_000n);
    expect(await tokenBalance(usdt, treasury)).toBe(7_000_000n);
    expect(await chain.getBalance({ address: clone })).toBe(0n);
    // Flushing an empty forwarder is a no-op; an address without code is not a token.
    expect((await call(clone, 'flush')).status).toBe('success');
    await expect(
      chain.simulateContract({
        account: gas.account,
        address: clone,
        abi: cairnTronForwarder.abi,
        functionName: 'flushToken',
        args: [randomAddress()],
      }),
    ).rejects.toThrow(/NotAToken/);
  });
});
