import { ChainBackendError, WouldRevertError } from '@cairn/chain-core';
import { encodeFunctionData, type Hex } from 'viem';
import { cairnTronForwarderFactory } from '../generated/cairnTronForwarderFactory.js';
import { tronAddressFromHex, tronAddressToHex } from '../tronAddress.js';
import { createTronApiCaller, type TronApiOptions, textOfTronBytes } from './callTronApi.js';
import { looksLikeRevertData, tronRevertReason } from './tronRevertReason.js';

/** What `/wallet/triggerconstantcontract` answers. */
export interface TronConstantCallAnswer {
  readonly result?: { readonly result?: boolean; readonly code?: string; readonly message?: string };
  readonly energy_used?: number | string;
  readonly constant_result?: readonly string[];
  readonly transaction?: { readonly ret?: readonly { readonly ret?: string }[] };
}

/** Reads contracts on a TRON network through a full node's HTTP API; needs no key. */
export interface TronContractReader {
  /** Whether `address` holds contract code (`/wallet/getcontractinfo`: `runtimecode` present). */
  hasCode(address: string): Promise<boolean>;
  /**
   * The address the deployed `factory` computes for `salt` (constant call of
   * `forwarderAddress(bytes32)`, `/wallet/triggerconstantcontract`), as `T…`.
   */
  forwarderAddressOnChain(factory: string, salt: Hex): Promise<string>;
  /**
   * A constant call from `ownerHex` (default: the zero account); throws `WouldRevertError` when it
   * reverts (or the node calls it invalid), a plain `ChainBackendError` when the node could not run it
   * (`OTHER_ERROR`, e.g. a CPU timeout): a transient failure, worth trying again.
   */
  constantCall(contract: string, data: Hex, ownerHex?: string): Promise<TronConstantCallAnswer>;
}

/**
 * Codes of a `/wallet/triggerconstantcontract` answer without a result that are the call's own fault:
 * java-tron's servlet prints `CONTRACT_VALIDATE_ERROR` when the call is invalid (no contract at the
 * address) and `CONTRACT_EXE_ERROR` when it failed to run. Any other code (`OTHER_ERROR`: an exception
 * of the node, such as the VM's CPU timeout) says nothing about the call, and is retried.
 */
const REVERT_CODES = new Set(['CONTRACT_VALIDATE_ERROR', 'CONTRACT_EXE_ERROR']);

/** The zero account (`T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb`), the caller of keyless constant calls. */
const ZERO_ACCOUNT_HEX = `41${'0'.repeat(40)}`;

/**
 * A keyless reader of TRON contracts (the gas wallet's reads, for a gateway without a gas wallet):
 * `hasCode` reads `runtimecode`, because java-tron keeps no `bytecode` for a contract another contract
 * created (`Program.createContract`), as the factory creates its implementation and every forwarder.
 */
export function createTronContractReader(options: TronApiOptions): TronContractReader {
  const call = createTronApiCaller(options);
  const constantCall = async (
    contract: string,
    data: Hex,
    ownerHex = ZERO_ACCOUNT_HEX,
  ): Promise<TronConstantCallAnswer> => {
    const answer = (await call('/wallet/triggerconstantcontract', {
      owner_address: ownerHex,
      contract_address: tronAddressToHex(contract),
      data: data.slice(2),
      call_value: 0,
      visible: false,
    })) as TronConstantCallAnswer;
    const returned = answer.constant_result?.[0];
    const reverted =
      answer.transaction?.ret?.[0]?.ret === 'FAILED' ||
      looksLikeRevertData(returned) ||
      (answer.result?.result !== true && REVERT_CODES.has(answer.result?.code ?? ''));
    if (!reverted && answer.result?.result !== true) {
      // The node failed to run the call (a CPU timeout, an internal error): no verdict on the call.
      const reason =
        [answer.result?.code, textOfTronBytes(answer.result?.message)]
          .filter((part) => part !== undefined && part !== '')
          .join(': ') || 'no result';
      throw new ChainBackendError(options.chainId, `a call to ${contract} could not be simulated: ${reason}`);
    }
    if (reverted) {
      const reason =
        [answer.result?.code, textOfTronBytes(answer.result?.message), tronRevertReason(returned)]
          .filter((part) => part !== undefined && part !== '')
          .join(': ') || 'reverted';
      throw new WouldRevertError(options.chainId, `a call to ${contract} would revert: ${reason}`);
    }
    return answer;
  };
  return {
    constantCall,
    async hasCode(contract) {
      const info = await call('/wallet/getcontractinfo', {
        value: tronAddressFromHex(tronAddressToHex(contract)),
        visible: true,
      });
      return typeof info.runtimecode === 'string' && info.runtimecode.replace(/^0x/, '') !== '';
    },
    async forwarderAddressOnChain(factory, salt) {
      const data = encodeFunctionData({
        abi: cairnTronForwarderFactory.abi,
        functionName: 'forwarderAddress',
        args: [salt],
      });
      const answer = await constantCall(factory, data);
      const word = answer.constant_result?.[0] ?? '';
      if (!/^0{24}[0-9a-fA-F]{40}$/.test(word)) {
        throw new ChainBackendError(
          options.chainId,
          `forwarderAddress on ${factory} answered ${word.slice(0, 80) || 'nothing'}`,
        );
      }
      return tronAddressFromHex(`41${word.slice(24)}`);
    },
  };
}
