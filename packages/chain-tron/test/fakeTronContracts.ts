import { decodeFunctionData, encodeAbiParameters, encodeErrorResult, type Hex, keccak256, toHex } from 'viem';
import { cairnTronForwarder } from '../src/generated/cairnTronForwarder.js';
import { cairnTronForwarderFactory } from '../src/generated/cairnTronForwarderFactory.js';
import { TRANSFER_TOPIC } from '../src/observe/decodeTronBlock.js';
import { tronAddressFromHex, tronAddressToHex } from '../src/tronAddress.js';
import { tronCreate2Address } from '../src/tronCreate2Address.js';
import { tronCloneInitCode, tronImplementationAddressFor } from '../src/tronForwarders.js';

/**
 * The fake TRON node's model of the contracts the gas wallet calls. No TVM runs here: these are the
 * effects the real contracts (`contracts/*.sol`, executed on anvil in `tronContracts.anvil.test.ts`)
 * would have, written out by hand, with fixed energy figures instead of metered opcodes.
 *
 * - The deterministic deployer: data `salt(32) ++ init_code` creates a contract at
 *   `tronCreate2Address(deployer, salt, keccak256(init_code))`; an occupied address reverts. When the
 *   init code is `CairnTronForwarderFactory`'s with a treasury argument, the factory's treasury is
 *   remembered and its implementation (`tronImplementationAddressFor`) gets code too.
 * - A factory: `sweep(salts, tokens)` (`LengthMismatch` when the lengths differ); per salt the clone
 *   at `tronCreate2Address(factory, salt, keccak256(tronCloneInitCode(implementation)))` gets code when
 *   it has none (`DeployFailed` if the factory was told to compute a wrong address), then its whole TRX
 *   (token zero) or TRC-20 balance moves to the treasury: an internal `call` carrying the TRX, or the
 *   token's `Transfer` log, and the forwarder's `Flushed` log. A token without TRC-20 code reverts
 *   `NotAToken`. `forwarderAddress(bytes32)`, `treasury()`, `implementation()`, `deploy(bytes32)` too.
 * - A TRC-20 (USDT, the look-alike): `balanceOf(address)`, `decimals()` and `symbol()`.
 * - Reverts undo everything (the caller runs this on a copy and keeps it only on success).
 */

/** Model energy figures (not measured on a TVM; ballpark of the EVM clones' gas, docs/operating/evm.md). */
export const FAKE_TRON_ENERGY = {
  /** The deterministic deployer's own creation (`CreateSmartContract`): 69 bytes of code stored. */
  deployerCreation: 15_000n,
  /** A factory through the deployer, its implementation included. */
  factoryDeployment: 200_000n,
  /** Any other contract created through the deployer. */
  otherDeployment: 100_000n,
  /** A clone deployed by a sweep. */
  forwarderDeployment: 65_000n,
  /** One flush (TRX or TRC-20) in a sweep. */
  flush: 30_000n,
  /** A view call (`forwarderAddress`, `balanceOf`…). */
  view: 1_500n,
  /** A call that reverts early (occupied address, unknown function). */
  revert: 5_000n,
} as const;

/** What kind of code an address holds in the model. */
export type FakeCodeKind = 'deployer' | 'factory' | 'implementation' | 'clone' | 'trc20' | 'relay' | 'other';

export interface FakeCode {
  readonly kind: FakeCodeKind;
  /** The runtime code (`/wallet/getcontractinfo` `runtimecode`), bare hex. */
  readonly runtime: string;
  /** Created by a `CreateSmartContract` transaction (java-tron keeps its bytecode) or by a contract. */
  readonly createdBy: 'transaction' | 'contract';
  /** `41…` hex of the creator. */
  readonly origin: string;
  /** The root transaction id that created it (contract-created only). */
  readonly trxHash?: string;
  /** A TRC-20's `symbol()` and `decimals()` answers. */
  readonly token?: { readonly symbol: string; readonly decimals: number };
}

/** The model's world state; keys are `41…` hex, lower case. */
export interface FakeTronState {
  readonly trx: Map<string, bigint>;
  /** token contract -> holder -> amount. */
  readonly tokens: Map<string, Map<string, bigint>>;
  readonly code: Map<string, FakeCode>;
  /** factory -> its treasury and implementation. */
  readonly factories: Map<string, { readonly treasury: string; readonly implementation: string }>;
}

export function emptyState(): FakeTronState {
  return { trx: new Map(), tokens: new Map(), code: new Map(), factories: new Map() };
}

export function cloneState(state: FakeTronState): FakeTronState {
  return {
    trx: new Map(state.trx),
    tokens: new Map([...state.tokens].map(([k, v]) => [k, new Map(v)])),
    code: new Map(state.code),
    factories: new Map(state.factories),
  };
}

export function tokenBalance(state: FakeTronState, token: string, holder: string): bigint {
  return state.tokens.get(token)?.get(holder) ?? 0n;
}

export function addToken(state: FakeTronState, token: string, holder: string, amount: bigint): void {
  let holders = state.tokens.get(token);
  if (!holders) {
    holders = new Map();
    state.tokens.set(token, holders);
  }
  holders.set(holder, (holders.get(holder) ?? 0n) + amount);
}

export function addTrx(state: FakeTronState, holder: string, amount: bigint): void {
  state.trx.set(holder, (state.trx.get(holder) ?? 0n) + amount);
}

/** A log as java-tron prints it in a TransactionInfo: 20-byte address, bare hex topics and data. */
export interface FakeLog {
  readonly address: string;
  readonly topics: string[];
  readonly data: string;
}

/** An internal transaction as java-tron prints it (hash filled in by the node). */
export interface FakeInternal {
  readonly caller_address: string;
  readonly transferTo_address: string;
  readonly callValueInfo: { callValue?: bigint }[];
  readonly note: string;
}

/** What one call did. */
export interface FakeExecution {
  readonly status: 'SUCCESS' | 'REVERT';
  readonly energy: bigint;
  /** Return data or revert data, bare hex. */
  readonly returned: string;
  readonly logs: FakeLog[];
  readonly internals: FakeInternal[];
}

/** The switches a test sets on the model. */
export interface FakeModelKnobs {
  /** Factories whose `forwarderAddress` (and so `deploy`) is off the offline formula. */
  readonly wrongAddress: ReadonlySet<string>;
  /**
   * Factories whose `forwarderAddress` agrees with the offline formula but whose CREATE2 lands
   * elsewhere (a TVM whose rule differs from java-tron's source): `deploy` fails (`DeployFailed`).
   */
  readonly create2Elsewhere?: ReadonlySet<string>;
  /** Set when this (state-changing) sweep must revert whatever it does. */
  readonly revertSweep: boolean;
}

const FLUSHED_TOPIC = keccak256(toHex('Flushed(address,uint256)')).slice(2);
const NOTE_CALL = Buffer.from('call').toString('hex');
const NOTE_CREATE = Buffer.from('create').toString('hex');
const ZERO20 = '0'.repeat(40);
const FACTORY_CODE = cairnTronForwarderFactory.bytecode.slice(2).toLowerCase();
const ERRORS = [...cairnTronForwarderFactory.abi, ...cairnTronForwarder.abi];
const BALANCE_OF = '70a08231';
const DECIMALS = '313ce567';
const SYMBOL = '95d89b41';

function word(hex: string): string {
  return hex.replace(/^0x/, '').padStart(64, '0');
}

function revert(energy: bigint, error?: 'LengthMismatch' | 'DeployFailed' | 'NotAToken'): FakeExecution {
  const returned = error ? encodeErrorResult({ abi: ERRORS, errorName: error }).slice(2) : '';
  return { status: 'REVERT', energy, returned, logs: [], internals: [] };
}

/** Runtime code of an EIP-1167 clone of `implementation` (`41…` hex). */
function cloneRuntime(implementation: string): string {
  return `363d3d373d3d3d363d73${implementation.slice(2)}5af43d82803e903d91602b57fd5bf3`;
}

/**
 * Runs one call from `owner` to `contract` (`41…` hex) with `data` (bare hex) on `state`, in place
 * (run it on a {@link cloneState} copy and keep the copy on success). `txid` names the root
 * transaction of created contracts.
 */
export function executeFakeCall(
  state: FakeTronState,
  input: { owner: string; contract: string; data: string; txid: string; knobs: FakeModelKnobs },
): FakeExecution {
  const code = state.code.get(input.contract);
  const data = input.data.toLowerCase();
  if (code?.kind === 'deployer') return deployThrough(state, input.contract, data, input.txid);
  if (code?.kind === 'factory') return callFactory(state, input.contract, data, input.txid, input.knobs);
  if (code?.kind === 'trc20' && data.startsWith(BALANCE_OF) && data.length === 8 + 64) {
    const holder = `41${data.slice(-40)}`;
    const returned = word(tokenBalance(state, input.contract, holder).toString(16));
    return { status: 'SUCCESS', energy: FAKE_TRON_ENERGY.view, returned, logs: [], internals: [] };
  }
  if (code?.kind === 'trc20' && code.token && (data === DECIMALS || data === SYMBOL)) {
    const returned =
      data === DECIMALS
        ? word(code.token.decimals.toString(16))
        : encodeAbiParameters([{ type: 'string' }], [code.token.symbol]).slice(2);
    return { status: 'SUCCESS', energy: FAKE_TRON_ENERGY.view, returned, logs: [], internals: [] };
  }
  return revert(FAKE_TRON_ENERGY.revert);
}

function deployThrough(state: FakeTronState, deployer: string, data: string, txid: string): FakeExecution {
  if (data.length < 64 + 2) return revert(FAKE_TRON_ENERGY.revert);
  const salt = `0x${data.slice(0, 64)}` as Hex;
  const initCode = data.slice(64);
  const created = tronAddressToHex(
    tronCreate2Address({ deployer, salt, initCodeHash: keccak256(`0x${initCode}`) }),
  );
  if (state.code.has(created)) return revert(FAKE_TRON_ENERGY.revert);
  const internals: FakeInternal[] = [
    { caller_address: deployer, transferTo_address: created, callValueInfo: [{}], note: NOTE_CREATE },
  ];
  const isFactory = initCode.length === FACTORY_CODE.length + 64 && initCode.startsWith(FACTORY_CODE);
  if (!isFactory) {
    state.code.set(created, {
      kind: 'other',
      runtime: initCode,
      createdBy: 'contract',
      origin: deployer,
      trxHash: txid,
    });
    return { status: 'SUCCESS', energy: FAKE_TRON_ENERGY.otherDeployment, returned: '', logs: [], internals };
  }
  const treasury = `41${initCode.slice(-40)}`;
  const implementation = tronAddressToHex(
    tronImplementationAddressFor({
      factory: tronAddressFromHex(created),
      treasury: tronAddressFromHex(treasury),
    }),
  );
  state.code.set(created, {
    kind: 'factory',
    runtime: cairnTronForwarderFactory.deployedBytecode.slice(2),
    createdBy: 'contract',
    origin: deployer,
    trxHash: txid,
  });
  state.code.set(implementation, {
    kind: 'implementation',
    runtime: cairnTronForwarder.deployedBytecode.slice(2),
    createdBy: 'contract',
    origin: created,
    trxHash: txid,
  });
  state.factories.set(created, { treasury, implementation });
  internals.push({
    caller_address: created,
    transferTo_address: implementation,
    callValueInfo: [{}],
    note: NOTE_CREATE,
  });
  // The deployer returns the new address (20 bytes); the proxy's runtime returns it unpadded.
  return {
    status: 'SUCCESS',
    energy: FAKE_TRON_ENERGY.factoryDeployment,
    returned: created.slice(2),
    logs: [],
    internals,
  };
}

/** The clone address the factory computes for `salt` (off the formula when the knob says so). */
function forwarderOf(state: FakeTronState, factory: string, salt: Hex, knobs: FakeModelKnobs): string {
  const { implementation } = state.factories.get(factory) as { implementation: string };
  const right = tronAddressToHex(
    tronCreate2Address({
      deployer: factory,
      salt,
      initCodeHash: keccak256(tronCloneInitCode(implementation)),
    }),
  );
  return knobs.wrongAddress.has(factory) ? `41${keccak256(`0x${right}`).slice(-40)}` : right;
}

function callFactory(
  state: FakeTronState,
  factory: string,
  data: string,
  txid: string,
  knobs: FakeModelKnobs,
): FakeExecution {
  const { treasury, implementation } = state.factories.get(factory) as {
    treasury: string;
    implementation: string;
  };
  let call: ReturnType<typeof decodeFunctionData<typeof cairnTronForwarderFactory.abi>>;
  try {
    call = decodeFunctionData({ abi: cairnTronForwarderFactory.abi, data: `0x${data}` });
  } catch {
    return revert(FAKE_TRON_ENERGY.revert);
  }
  const view = (returned: string): FakeExecution => ({
    status: 'SUCCESS',
    energy: FAKE_TRON_ENERGY.view,
    returned,
    logs: [],
    internals: [],
  });
  if (call.functionName === 'treasury') return view(word(treasury.slice(2)));
  if (call.functionName === 'implementation') return view(word(implementation.slice(2)));
  if (call.functionName === 'forwarderAddress')
    return view(word(forwarderOf(state, factory, call.args[0], knobs).slice(2)));

  const logs: FakeLog[] = [];
  const internals: FakeInternal[] = [];
  let energy = 0n;
  const deploy = (salt: Hex): string | undefined => {
    const forwarder = forwarderOf(state, factory, salt, knobs);
    if (state.code.has(forwarder)) return forwarder;
    // create2 lands elsewhere: DeployFailed
    if (knobs.wrongAddress.has(factory) || knobs.create2Elsewhere?.has(factory)) return undefined;
    state.code.set(forwarder, {
      kind: 'clone',
      runtime: cloneRuntime(implementation),
      createdBy: 'contract',
      origin: factory,
      trxHash: txid,
    });
    internals.push({
      caller_address: factory,
      transferTo_address: forwarder,
      callValueInfo: [{}],
      note: NOTE_CREATE,
    });
    energy += FAKE_TRON_ENERGY.forwarderDeployment;
    return forwarder;
  };
  if (call.functionName === 'deploy') {
    const forwarder = deploy(call.args[0]);
    if (!forwarder) return revert(energy + FAKE_TRON_ENERGY.revert, 'DeployFailed');
    return {
      status: 'SUCCESS',
      energy: energy + FAKE_TRON_ENERGY.view,
      returned: word(forwarder.slice(2)),
      logs,
      internals,
    };
  }
  // sweep(bytes32[] salts, address[] tokens)
  const [salts, tokens] = call.args as readonly [readonly Hex[], readonly Hex[]];
  if (salts.length !== tokens.length) return revert(FAKE_TRON_ENERGY.revert, 'LengthMismatch');
  for (let i = 0; i < salts.length; i += 1) {
    const forwarder = deploy(salts[i] as Hex);
    if (!forwarder) return revert(energy + FAKE_TRON_ENERGY.revert, 'DeployFailed');
    energy += FAKE_TRON_ENERGY.flush;
    internals.push({
      caller_address: factory,
      transferTo_address: forwarder,
      callValueInfo: [{}],
      note: NOTE_CALL,
    });
    const token20 = (tokens[i] as Hex).slice(2).toLowerCase();
    if (token20 === ZERO20) {
      const amount = state.trx.get(forwarder) ?? 0n;
      if (amount === 0n) continue;
      state.trx.set(forwarder, 0n);
      addTrx(state, treasury, amount);
      internals.push({
        caller_address: forwarder,
        transferTo_address: treasury,
        callValueInfo: [{ callValue: amount }],
        note: NOTE_CALL,
      });
      logs.push({
        address: forwarder.slice(2),
        topics: [FLUSHED_TOPIC, word(ZERO20)],
        data: word(amount.toString(16)),
      });
      continue;
    }
    const token = `41${token20}`;
    if (state.code.get(token)?.kind !== 'trc20') return revert(energy, 'NotAToken');
    const amount = tokenBalance(state, token, forwarder);
    if (amount === 0n) continue;
    addToken(state, token, forwarder, -amount);
    addToken(state, token, treasury, amount);
    internals.push({
      caller_address: forwarder,
      transferTo_address: token,
      callValueInfo: [{}],
      note: NOTE_CALL,
    });
    logs.push({
      address: token20,
      topics: [TRANSFER_TOPIC, word(forwarder.slice(2)), word(treasury.slice(2))],
      data: word(amount.toString(16)),
    });
    logs.push({
      address: forwarder.slice(2),
      topics: [FLUSHED_TOPIC, word(token20)],
      data: word(amount.toString(16)),
    });
  }
  if (knobs.revertSweep) return revert(energy);
  return { status: 'SUCCESS', energy, returned: '', logs, internals };
}
