import { decodeErrorResult, type Hex } from 'viem';
import { cairnTronForwarder } from '../generated/cairnTronForwarder.js';
import { cairnTronForwarderFactory } from '../generated/cairnTronForwarderFactory.js';

const ERRORS = [...cairnTronForwarderFactory.abi, ...cairnTronForwarder.abi].filter(
  (e) => e.type === 'error',
);

/**
 * Whether a call's return data (`constant_result[0]` / `contractResult[0]`, bare hex) has the shape
 * of revert data: a 4-byte selector and whole 32-byte words (tronweb's test, `length % 64 === 8`).
 */
export function looksLikeRevertData(hex: string | undefined): boolean {
  return typeof hex === 'string' && /^[0-9a-fA-F]*$/.test(hex) && hex.length % 64 === 8;
}

/**
 * The reason in revert data: `Error(string)`'s message, `Panic(uint256)`'s code, or the name of a
 * custom error of the TRON factory or forwarder (`NotAToken`, `LengthMismatch`…); undefined when the
 * data says nothing readable.
 */
export function tronRevertReason(hex: string | undefined): string | undefined {
  if (!looksLikeRevertData(hex)) return undefined;
  try {
    // viem also knows the built-in Error(string) and Panic(uint256).
    const decoded = decodeErrorResult({ abi: ERRORS, data: `0x${hex}` as Hex }) as {
      errorName: string;
      args?: readonly unknown[];
    };
    if (decoded.errorName === 'Error' || decoded.errorName === 'Panic') return String(decoded.args?.[0]);
    return decoded.errorName;
  } catch {
    return `revert data 0x${(hex as string).slice(0, 8)}`;
  }
}
