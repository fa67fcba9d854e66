import { concatHex, type Hex, keccak256 } from 'viem';
import { tronAddressFromHex, tronAddressToHex } from './tronAddress.js';

/**
 * The address TRON's TVM gives a contract created with CREATE2, computed offline: the last 20 bytes
 * of `keccak256(0x41 ++ deployer ++ salt ++ keccak256(init_code))`, as base58check (`T…`).
 *
 * This is java-tron's `WalletUtil.generateContractAddress2(address, salt, code)` =
 * `Hash.sha3omit12(merge(address, salt, sha3(code)))` (chainbase/src/main/java/org/tron/common/utils/
 * WalletUtil.java), where `address` is the deployer's 21-byte TRON address (0x41 and 20 bytes, from
 * `convertToTronAddress` in the VM's `createContract2`) and `sha3omit12` keeps the last 20 bytes of
 * the keccak-256 hash behind the 0x41 prefix byte. So Ethereum's 0xff prefix byte (EIP-1014) becomes
 * 0x41. tronweb 6's `utils.address.getCreate2Address` computes the same (tested against it).
 *
 * @example
 * tronCreate2Address({ deployer: 'T…', salt: '0x00…00', initCodeHash: keccak256(initCode) }); // 'T…'
 */
export function tronCreate2Address(input: { deployer: string; salt: Hex; initCodeHash: Hex }): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(input.salt)) throw new TypeError(`salt ${input.salt} is not 32 bytes`);
  if (!/^0x[0-9a-fA-F]{64}$/.test(input.initCodeHash))
    throw new TypeError(`init code hash ${input.initCodeHash} is not 32 bytes`);
  const hash = keccak256(
    concatHex([`0x${tronAddressToHex(input.deployer)}`, input.salt, input.initCodeHash]),
  );
  return tronAddressFromHex(`41${hash.slice(-40)}`);
}
