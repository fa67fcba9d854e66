import { encodePacked, type Hex, keccak256 } from 'viem';

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;

/**
 * The CREATE2 salt of one payment's forwarder on one chain:
 * `keccak256(abi.encodePacked("cairn-forwarder", uint256 chainId, bytes16 paymentUuid))`. The chain
 * id keeps one payment's addresses apart on two chains, although the factory's address is the same.
 */
export function forwarderSalt(chainId: number, paymentId: string): Hex {
  const uuid = UUID.exec(paymentId);
  if (!uuid) throw new TypeError(`payment id ${paymentId} is not a UUID`);
  return keccak256(
    encodePacked(
      ['string', 'uint256', 'bytes16'],
      ['cairn-forwarder', BigInt(chainId), `0x${uuid.slice(1).join('').toLowerCase()}`],
    ),
  );
}
