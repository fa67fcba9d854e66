import {
  type Address,
  encodeFunctionData,
  type Hex,
  parseSignature,
  recoverTypedDataAddress,
  type TypedDataDomain,
} from 'viem';

/** EIP-3009's `transferWithAuthorization` as USDC v2 implements it (the only function the relay calls). */
export const TRANSFER_WITH_AUTHORIZATION_ABI = [
  {
    type: 'function',
    name: 'transferWithAuthorization',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'validAfter', type: 'uint256' },
      { name: 'validBefore', type: 'uint256' },
      { name: 'nonce', type: 'bytes32' },
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    outputs: [],
  },
] as const;

/** The EIP-712 types of a `TransferWithAuthorization` (with the domain's, for `eth_signTypedData_v4`). */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  EIP712Domain: [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ],
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** One authorization: who pays whom how much, when it is valid (unix seconds, chain time) and its nonce. */
export interface TransferAuthorization {
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
  readonly validAfter: bigint;
  readonly validBefore: bigint;
  readonly nonce: Hex;
}

/** The token's EIP-712 domain: its `name()`, version "2" (USDC v2), the chain and the token. */
export function authorizationDomain(input: {
  name: string;
  chainId: number;
  token: Address;
}): TypedDataDomain {
  return { name: input.name, version: '2', chainId: input.chainId, verifyingContract: input.token };
}

/**
 * The typed data a browser wallet signs (`eth_signTypedData_v4`), with numbers as decimal strings so
 * it travels as JSON unchanged.
 */
export function authorizationTypedData(domain: TypedDataDomain, authorization: TransferAuthorization) {
  return {
    domain: { ...domain, chainId: Number(domain.chainId) },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization' as const,
    message: {
      from: authorization.from,
      to: authorization.to,
      value: authorization.value.toString(),
      validAfter: authorization.validAfter.toString(),
      validBefore: authorization.validBefore.toString(),
      nonce: authorization.nonce,
    },
  };
}

/** The address that signed `signature` over the authorization (to compare with `from`). */
export function recoverAuthorizationSigner(
  domain: TypedDataDomain,
  authorization: TransferAuthorization,
  signature: Hex,
): Promise<Address> {
  const { EIP712Domain: _, ...types } = TRANSFER_WITH_AUTHORIZATION_TYPES;
  return recoverTypedDataAddress({
    domain,
    types,
    primaryType: 'TransferWithAuthorization',
    message: { ...authorization },
    signature,
  });
}

/** The call data of `transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, v, r, s)`. */
export function transferWithAuthorizationData(authorization: TransferAuthorization, signature: Hex): Hex {
  const { r, s, v, yParity } = parseSignature(signature);
  return encodeFunctionData({
    abi: TRANSFER_WITH_AUTHORIZATION_ABI,
    functionName: 'transferWithAuthorization',
    args: [
      authorization.from,
      authorization.to,
      authorization.value,
      authorization.validAfter,
      authorization.validBefore,
      authorization.nonce,
      Number(v ?? BigInt(yParity + 27)),
      r,
      s,
    ],
  });
}
