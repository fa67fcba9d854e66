import fc from 'fast-check';
import { utils } from 'tronweb';
import { getContractAddress, type Hex, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { tronAddressFromHex, tronAddressToEvm } from './tronAddress.js';
import { tronCreate2Address } from './tronCreate2Address.js';

const bytes = (n: number) =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex);

describe('tronCreate2Address', () => {
  it("matches tronweb's getCreate2Address (an independent implementation: ethers' keccak, its own concat)", () => {
    fc.assert(
      fc.property(bytes(20), bytes(32), fc.uint8Array({ maxLength: 200 }), (account, salt, code) => {
        const deployer = tronAddressFromHex(account);
        const initCode = `0x${Buffer.from(code).toString('hex')}` as Hex;
        const ours = tronCreate2Address({ deployer, salt, initCodeHash: keccak256(initCode) });
        expect(ours).toBe(utils.address.getCreate2Address({ from: deployer, salt, initCode }));
      }),
      { numRuns: 200 },
    );
  });

  it("is Ethereum's EIP-1014 formula with the prefix byte 0x41 instead of 0xff", () => {
    const deployer = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const salt = keccak256('0x01');
    const initCodeHash = keccak256('0x6000');
    const tron = tronCreate2Address({ deployer, salt, initCodeHash });
    const ethereum = getContractAddress({
      opcode: 'CREATE2',
      from: tronAddressToEvm(deployer),
      salt,
      bytecodeHash: initCodeHash,
    });
    expect(tronAddressToEvm(tron)).not.toBe(ethereum.toLowerCase());
    // By hand: keccak256(0x41 ++ deployer ++ salt ++ hash), last 20 bytes.
    const byHand = keccak256(
      `0x41${tronAddressToEvm(deployer).slice(2)}${salt.slice(2)}${initCodeHash.slice(2)}`,
    );
    expect(tronAddressToEvm(tron)).toBe(`0x${byHand.slice(-40)}`);
    const withFf = keccak256(
      `0xff${tronAddressToEvm(deployer).slice(2)}${salt.slice(2)}${initCodeHash.slice(2)}`,
    );
    expect(ethereum.toLowerCase()).toBe(`0x${withFf.slice(-40)}`);
  });

  it('refuses a salt or hash that is not 32 bytes', () => {
    expect(() =>
      tronCreate2Address({
        deployer: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        salt: '0x01',
        initCodeHash: keccak256('0x'),
      }),
    ).toThrow(TypeError);
  });
});
