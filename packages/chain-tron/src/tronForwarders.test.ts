import { forwarderSalt } from '@cairn/evm-contracts';
import { utils } from 'tronweb';
import { decodeFunctionData, getAddress, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { cairnTronForwarder } from './generated/cairnTronForwarder.js';
import { cairnTronForwarderFactory } from './generated/cairnTronForwarderFactory.js';
import { tronAddressToEvm } from './tronAddress.js';
import {
  DEPLOYER_CREATION_CODE,
  TRON_FACTORY_SALT,
  tronCloneInitCode,
  tronFactoryAddressFor,
  tronFactoryInitCode,
  tronForwarderFor,
  tronImplementationAddressFor,
  tronSweepCalldata,
} from './tronForwarders.js';

const DEPLOYER = 'TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM';
const TREASURY = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const PAYMENT = '0b6f1f5e-3c1a-4d2b-9e8f-7a6b5c4d3e2f';

describe('TRON forwarder addresses', () => {
  it('chains deployer -> factory -> implementation -> clone exactly as tronweb computes each CREATE2 step', () => {
    const forwarder = tronForwarderFor({
      deployer: DEPLOYER,
      treasury: TREASURY,
      saltChainId: 0x2b6653dc,
      paymentId: PAYMENT,
    });
    const factory = utils.address.getCreate2Address({
      from: DEPLOYER,
      salt: TRON_FACTORY_SALT,
      initCode: tronFactoryInitCode(TREASURY),
    });
    const implementationInit = `${cairnTronForwarder.bytecode}${tronAddressToEvm(TREASURY).slice(2).padStart(64, '0')}`;
    const implementation = utils.address.getCreate2Address({
      from: factory,
      salt: TRON_FACTORY_SALT,
      initCode: implementationInit,
    });
    const clone = utils.address.getCreate2Address({
      from: factory,
      salt: forwarderSalt(0x2b6653dc, PAYMENT),
      initCode: tronCloneInitCode(implementation),
    });
    expect(forwarder).toEqual({
      address: clone,
      salt: forwarderSalt(0x2b6653dc, PAYMENT),
      factory,
      implementation,
    });
    expect(tronFactoryAddressFor({ deployer: DEPLOYER, treasury: TREASURY })).toBe(factory);
    expect(tronImplementationAddressFor({ factory, treasury: TREASURY })).toBe(implementation);
  });

  it('gives each payment, treasury, network and deployer its own address, deterministically', () => {
    const base = { deployer: DEPLOYER, treasury: TREASURY, saltChainId: 0x2b6653dc, paymentId: PAYMENT };
    const a = tronForwarderFor(base).address;
    expect(tronForwarderFor(base).address).toBe(a);
    const others = [
      tronForwarderFor({ ...base, paymentId: '0b6f1f5e-3c1a-4d2b-9e8f-7a6b5c4d3e30' }).address,
      tronForwarderFor({ ...base, treasury: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).address,
      tronForwarderFor({ ...base, saltChainId: 0xcd8690dc }).address,
      tronForwarderFor({ ...base, deployer: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }).address,
    ];
    expect(new Set([a, ...others]).size).toBe(5);
  });

  it('uses the TRON factory whose Solidity follows the 0x41 rule and creates its implementation with CREATE2', () => {
    // PUSH1 0x41, PUSH1 0xf8, SHL: bytes1(0x41) placed first in the packed CREATE2 preimage.
    expect(cairnTronForwarderFactory.deployedBytecode).toContain('604160f81b');
    expect(cairnTronForwarderFactory.deployedBytecode).toContain('3d602d80600a3d3981f3363d3d373d3d3d363d73');
    // The factory's creation code embeds the forwarder's, which it deploys with CREATE2 (opcode f5).
    expect(cairnTronForwarderFactory.bytecode).toContain(cairnTronForwarder.bytecode.slice(2));
    expect(tronFactoryInitCode(TREASURY).endsWith(tronAddressToEvm(TREASURY).slice(2))).toBe(true);
    expect(keccak256(DEPLOYER_CREATION_CODE)).toMatch(/^0x[0-9a-f]{64}$/);
    expect((DEPLOYER_CREATION_CODE.length - 2) / 2).toBe(83);
  });

  it('encodes the sweep calldata the later gas-wallet step sends', () => {
    const salt = forwarderSalt(0x2b6653dc, PAYMENT);
    const data = tronSweepCalldata.sweep([
      { salt, token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { salt, token: null },
    ]);
    const decoded = decodeFunctionData({ abi: cairnTronForwarderFactory.abi, data });
    expect(decoded.functionName).toBe('sweep');
    expect(decoded.args).toEqual([
      [salt, salt],
      [
        getAddress('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'),
        '0x0000000000000000000000000000000000000000',
      ],
    ]);
    expect(tronSweepCalldata.factoryDeployment(TREASURY)).toBe(
      `${TRON_FACTORY_SALT}${tronFactoryInitCode(TREASURY).slice(2)}`,
    );
  });
});
