import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { utils } from 'tronweb';
import { encodeFunctionData, erc20Abi, keccak256 } from 'viem';
import { TRANSFER_TOPIC } from '../src/observe/decodeTronBlock.js';
import { tronAddressFromHex, tronAddressToEvm, tronAddressToHex } from '../src/tronAddress.js';
import { DEPLOYER_CREATION_CODE } from '../src/tronForwarders.js';
import {
  addToken,
  addTrx,
  cloneState,
  emptyState,
  executeFakeCall,
  FAKE_TRON_ENERGY,
  type FakeExecution,
  type FakeTronState,
  tokenBalance,
} from './fakeTronContracts.js';

/**
 * A fake java-tron full node for tests: a growing chain of blocks served over HTTP in the full node's
 * format, for the observer and for the server's lifecycle suites. No java-tron runs on this machine.
 *
 * Where the shapes come from:
 * - `/wallet/getnowblock`, `/wallet/getblockbynum {num}`, `/wallet/getblockbyid {value}`: protocol.Block
 *   as java-tron prints it with `visible: false` — `blockID`, `block_header.raw_data {number,
 *   txTrieRoot, witness_address, parentHash, version, timestamp}`, `witness_signature`,
 *   `transactions` (absent when empty); `{}` for an unknown block; block 0's `blockID` is the
 *   `genesisBlockId` option when given (a real network's, for the start-up checks). Docs:
 *   https://tronprotocol.github.io/documentation-en/api/http/block-and-tx-query/getnowblock/ and
 *   …/getblock/; typings: tronweb 6.5.1 `Block`, `BlockHeader`, `GetTransactionResponse`
 *   (lib/esm/types/APIResponse.d.ts). A block id is the height as 8 bytes then 24 bytes of a hash,
 *   like java-tron's `BlockId`.
 * - Transactions: `{ret: [{contractRet}], signature, txID, raw_data: {contract: [{parameter: {value,
 *   type_url}, type}], ref_block_bytes, ref_block_hash, expiration, fee_limit?, timestamp},
 *   raw_data_hex}`. They are real: built here, serialized to protobuf and hashed by tronweb
 *   (`utils.transaction.txJsonToPb`, `txPbToRawDataHex`, `txPbToTxID`), signed with
 *   `utils.crypto.signTransaction`, and decoded back with `utils.deserializeTx` as a check.
 * - `/wallet/gettransactioninfobyblocknum {num}`: an array of TransactionInfo (`[]` for an empty
 *   block) — `id, fee, blockNumber, blockTimeStamp, contractResult, contract_address, receipt {…,
 *   result}, log [{address (20-byte hex), topics, data}], internal_transactions [{hash,
 *   caller_address, transferTo_address, callValueInfo [{callValue}], note, rejected}]`, `result:
 *   'FAILED'` and `resMessage` on a revert. Docs:
 *   https://tronprotocol.github.io/documentation-en/api/http/block-and-tx-query/gettransactioninfobyblocknum/
 *   and the failed example of https://docs.watchdata.io/blockchain-apis/tron-api/query-the-network/gettransactioninfobyblocknum;
 *   typing: tronweb `TransactionInfo` (lib/esm/types/Trx.d.ts).
 * - int64 amounts are printed as bare JSON numbers, as java-tron does (also above 2^53).
 * - Errors as java-tron's servlets print them: `{"Error": "…"}` with HTTP 200.
 *
 * What is not real: the chain's content (no TVM runs: contract effects, logs and internal
 * transactions are what a real node would report for those calls), block ids and signatures.
 *
 * The gas wallet's side (a model, see `fakeTronContracts.ts` for the contracts' effects):
 * - State: TRX (sun) per account and TRC-20 balances per contract, credited when a payment's block
 *   closes (`payTrx`, `payTrc20`/`pay`, `payFakeUsdt`, a non-rejected `payInternalTrx`; the payer and
 *   the relay are bottomless); `fund` credits at once, without a transaction. Balances are not rolled
 *   back by `reorg` (a transaction put back by `keepTransactions` is not executed twice).
 * - Code: USDT, the look-alike, the relay and the deterministic deployer exist from the start; the
 *   deployer's address is java-tron's `generateContractAddress(tx)` = `sha3omit12(txid ++ owner)` of a
 *   `CreateSmartContract` of `DEPLOYER_CREATION_CODE` built (not broadcast) with tronweb from a fixed
 *   owner. `/wallet/getcontract {value, visible}` prints the `SmartContract` as java-tron stores it:
 *   `bytecode` only for a contract created by a transaction (a contract created by a contract —
 *   factory, implementation, forwarder — has `contract_address`, `origin_address`,
 *   `consume_user_resource_percent`, `trx_hash` and no bytecode: java-tron's `Program.createContract`
 *   keeps its code in the code store); `/wallet/getcontractinfo` adds `runtimecode`; `{}` without code.
 * - `/wallet/getaccount {address, visible}`: `{}` for an account that never received TRX; `balance`
 *   left out at 0 (protobuf). `/wallet/getchainparameters`: `{chainParameter: [{key, value}]}` with
 *   `getEnergyFee` 210 and `getTransactionFee` 1000 (value left out when 0, as java-tron prints it).
 * - `/wallet/triggerconstantcontract {owner_address, contract_address, data, visible: false}`: the
 *   model run on a copy of the state: `{result: {result: true}, energy_used, constant_result,
 *   transaction: {ret: [{}]…}}`; a revert adds `result.message` (hex "REVERT opcode executed") and
 *   `transaction.ret [{ret: 'FAILED'}]`, `constant_result` the revert data; no contract at the address:
 *   `{result: {code: 'CONTRACT_VALIDATE_ERROR', message: <hex>}}`; `failNextConstantCall()`: one
 *   `{result: {result: false, code: 'OTHER_ERROR', message: <hex>}}`, as java-tron's servlet prints an
 *   exception of the VM that is no revert (`Program.OutOfTimeException`, a CPU timeout).
 * - A `CreateSmartContract` of `DEPLOYER_CREATION_CODE` (the operator's `tron:deploy-deployer`) is
 *   taken too: the deployer appears, when its block closes, at java-tron's `generateContractAddress`
 *   of that transaction; any other creation is refused (`CONTRACT_VALIDATE_ERROR`).
 * - `/wallet/broadcasttransaction` (the signed transaction's JSON): refused as java-tron prints it,
 *   `{code, txid, message: <hex>}`, when txID is not SHA-256 of `raw_data_hex` or `raw_data` does not
 *   serialize to it (tronweb `txCheck`; java-tron re-serializes `raw_data` itself) or the signature does
 *   not recover to `owner_address` (`SIGERROR`), when already pending or in a block
 *   (`DUP_TRANSACTION_ERROR`), when the reference block is not on the chain (`TAPOS_ERROR`), when
 *   `expiration` is not after the head block's time or more than 24 h after it
 *   (`TRANSACTION_EXPIRATION_ERROR`), when it is not a `TriggerSmartContract` without TRX to a
 *   contract (`CONTRACT_VALIDATE_ERROR`), when the owner's balance is below the bandwidth fee
 *   (`BANDWITH_ERROR`, java-tron's spelling) or below bandwidth fee + the energy fee the model would
 *   burn now, capped by `fee_limit` (`CONTRACT_VALIDATE_ERROR`: stricter than java-tron, which would
 *   run it and fail `OUT_OF_ENERGY`). Otherwise `{result: true, txid}` and it goes in the next closed
 *   block, executed then: bandwidth = `raw_data_hex` bytes + 65 + 64, burnt at `getTransactionFee` per
 *   byte (no free or staked bandwidth: `receipt.net_fee`, no `net_usage`); energy the model's figure
 *   burnt at `getEnergyFee` (`receipt.energy_fee`, `energy_usage_total`); an energy fee above
 *   `fee_limit` is `OUT_OF_ENERGY` (`fee_limit` burnt, nothing done); a revert is `REVERT` (fee burnt,
 *   nothing done, `result: 'FAILED'`, `resMessage`); `fee` = energy fee + bandwidth fee, burnt from the
 *   owner. `revertNext()` makes the next executed sweep revert; `dropPending()` forgets the broadcast
 *   transactions not yet in a block (a node that accepted and lost them).
 * - `/wallet/gettransactioninfobyid {value}`: `{}` until the transaction is in a closed block.
 * - Solidity: the solidified block is `solidityLag` blocks below the head (0 unless `setSolidityLag`
 *   says otherwise; java-tron's is about 19). `/walletsolidity/getnowblock` answers it, and
 *   `/walletsolidity/gettransactioninfobyid` answers `{}` until the transaction's block is solidified,
 *   on the same port (TronGrid's layout; a java-tron node serves them on its solidity port).
 */
export interface FakeTronNode {
  /** The HTTP API base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** The USDT contract the fake's USDT transfers come from (mainnet's unless told otherwise). */
  readonly usdtContract: string;
  /** A look-alike token contract that also calls itself USDT (the attack case). */
  readonly fakeUsdtContract: string;
  /** The account that signs every payment. */
  readonly payer: string;
  /** Every request path served, in order (to count calls per poll). */
  readonly requests: string[];
  /** The headers of each request in {@link requests}, at the same index (names in lower case). */
  readonly requestHeaders: IncomingHttpHeaders[];
  /** The tip's height and id. */
  tip(): { height: number; hash: string };
  /**
   * Pays a deposit target in the next closed block: TRX (`TransferContract`) or USDT (a `transfer`
   * on the USDT contract). TRON targets carry no memo. Returns the transaction id.
   */
  pay(input: { address: string; amount: bigint; coin: 'TRX' | 'USDT' }): string;
  /** A `TransferContract` of `amountSun` to `to`. */
  payTrx(input: { to: string; amountSun: bigint }): string;
  /** A successful TRC-20 `transfer(to, amount)` on `contract`, with its `Transfer` log. */
  payTrc20(input: { contract: string; to: string; amount: bigint }): string;
  /**
   * TRX sent from inside a contract: a call to a relay contract that forwards `amountSun` to `to`,
   * reported in `internal_transactions`; `rejected` marks that inner call as failed (caught), the
   * transaction itself succeeding.
   */
  payInternalTrx(input: { to: string; amountSun: bigint; rejected?: boolean }): string;
  /** The attack: a `Transfer` log from {@link fakeUsdtContract}, same symbol, another contract. */
  payFakeUsdt(input: { to: string; amount: bigint }): string;
  /**
   * A TRC-20 transfer that reverted (`contractRet`/`receipt.result` `REVERT`, `result: 'FAILED'`).
   * A real node reports no logs for it; this one keeps the `Transfer` log (adversarial), so a test
   * proves the observer refuses it on the receipt, not for lack of a log.
   */
  payTrc20Reverted(input: { contract: string; to: string; amount: bigint }): string;
  /** Closes `n` blocks (pending transactions go into the first); returns their heights and ids. */
  closeBlocks(n: number): { height: number; hash: string }[];
  /**
   * Replaces the last `depth` blocks by as many new ones (plus one, so the new branch is longer);
   * their transactions are dropped unless `keepTransactions`, which puts them back in the pending pool.
   */
  reorg(depth: number, options?: { keepTransactions?: boolean }): void;
  /** The network's deterministic deployer (`T…`), deployed from the start. */
  readonly deployer: string;
  /** Credits `address` with `sun` at once (no transaction): money for a gas wallet. */
  fund(address: string, sun: bigint): void;
  /** TRX balance in sun, or the TRC-20 balance on `contract` (`T…`). */
  balanceOf(address: string, contract?: string): bigint;
  /** Whether `address` holds code in the model. */
  hasCode(address: string): boolean;
  /** Makes `factory`'s `forwarderAddress` answer an address off the offline formula (and `deploy` fail). */
  factoryComputesWrongAddress(factory: string): void;
  /**
   * Makes `factory`'s CREATE2 put forwarders elsewhere than `forwarderAddress` says (which still
   * agrees with the offline formula): every `deploy` through it fails, in simulation too.
   */
  create2LandsElsewhere(factory: string): void;
  /** Makes the next executed sweep revert (its simulation still succeeds). */
  revertNext(): void;
  /** How many blocks below the head the solidified block is from now on (0 at the start). */
  setSolidityLag(blocks: number): void;
  /** The solidified block's height. */
  solidifiedHeight(): number;
  /**
   * Makes the next `/wallet/triggerconstantcontract` fail on the node's side, as java-tron's servlet
   * prints an exception that is no revert (a CPU timeout, say): `{result: {result: false, code:
   * 'OTHER_ERROR', message: <hex>}}`, nothing else. Answered once; the next call runs again. With
   * `when`, the next call it matches (its contract `T…` and its data, bare hex).
   */
  failNextConstantCall(options?: {
    readonly message?: string;
    readonly when?: (call: { contract: string; data: string }) => boolean;
  }): void;
  /** Forgets the broadcast transactions still pending (they will never be included); returns their ids. */
  dropPending(): string[];
  stop(): Promise<void>;
}

interface FakeTransaction {
  readonly json: Record<string, unknown>;
  readonly info: (block: { number: number; timestamp: number }) => Record<string, unknown>;
}

/** A transaction in the pool: `close()` executes it (once) when its block closes. */
interface PendingTransaction {
  readonly txid: string;
  readonly broadcast: boolean;
  readonly close: () => FakeTransaction;
}

/** Chain parameters the model charges with (java-tron's names). */
export const FAKE_TRON_PRICES = { getEnergyFee: 210n, getTransactionFee: 1000n } as const;

interface FakeBlock {
  readonly blockID: string;
  readonly number: number;
  readonly parentHash: string;
  readonly timestamp: number;
  readonly transactions: readonly FakeTransaction[];
  readonly txTrieRoot: string;
}

const MAINNET_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAYER_KEY = '8e812436a0e3323166e1f0e8ba79e19e217b2c4a53c970d4cca0cfb1078979df';
const WITNESS = '41b2f713d57dbcec679d93a8849fa0cd0e4db594ba';
const GENESIS_TIME = 1_777_445_121_000;
const CALL_NOTE = Buffer.from('call').toString('hex');
const REVERT_MESSAGE = Buffer.from('REVERT opcode executed').toString('hex');
/** The account that deployed the deterministic deployer (a fixed key: its address is reproducible). */
const DEPLOYER_OWNER_KEY = '5c8d14ed3d14ac5ee3ca0b9a1ab6b1e4e2a0f1b9b4a58c8bf63c0b5f9e2d7a11';
/** Runtime of `DEPLOYER_CREATION_CODE`: its constructor returns the 0x45 bytes after the first 14. */
const DEPLOYER_RUNTIME = DEPLOYER_CREATION_CODE.slice(2 + 28);
/** Stand-in runtime code of the TRC-20 contracts and the relay (no TVM runs it). */
const OPAQUE_RUNTIME = '6080604052348015600f57600080fd5b50';
/** java-tron's maximum `fee_limit` (15 000 TRX, the mainnet's `getMaxFeeLimit`). */
const MAX_FEE_LIMIT = 15_000_000_000n;
const DAY_MS = 86_400_000;

function hexText(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

/**
 * The deployer's address: java-tron's `WalletUtil.generateContractAddress(Transaction)` =
 * `sha3omit12(txid ++ owner)` of a `CreateSmartContract` of `DEPLOYER_CREATION_CODE` from the fixed
 * owner, the transaction built and hashed with tronweb (not broadcast).
 */
function deployerAddress(): { deployer: string; owner: string } {
  const owner = tronAddressToHex(utils.address.fromPrivateKey(DEPLOYER_OWNER_KEY) as string);
  const tx = {
    visible: false,
    txID: '',
    raw_data: {
      contract: [
        {
          parameter: {
            value: {
              owner_address: owner,
              new_contract: {
                bytecode: DEPLOYER_CREATION_CODE.slice(2),
                origin_address: owner,
                consume_user_resource_percent: 100,
                origin_energy_limit: 10_000_000,
                name: 'DeterministicDeployer',
                abi: {},
              },
            },
            type_url: 'type.googleapis.com/protocol.CreateSmartContract',
          },
          type: 'CreateSmartContract',
        },
      ],
      ref_block_bytes: '0000',
      ref_block_hash: sha256Hex('tron fake genesis parent').slice(0, 16),
      expiration: GENESIS_TIME + 60_000,
      fee_limit: 1_000_000_000,
      timestamp: GENESIS_TIME,
    },
  };
  const txid = utils.transaction.txPbToTxID(utils.transaction.txJsonToPb(tx)).replace(/^0x/, '');
  return { deployer: `41${keccak256(`0x${txid}${owner}`).slice(-40)}`, owner };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with bigints as bare numbers, as java-tron prints int64 fields. */
function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `\u0000big${v}` : v)).replace(
    /"\\u0000big(-?\d+)"/g,
    '$1',
  );
}

function word(hex: string): string {
  return hex.replace(/^0x/, '').padStart(64, '0');
}

/** Starts a fake TRON full node on 127.0.0.1 (a free port) with a genesis block and 20 more. */
export async function startFakeTronNode(
  options: {
    /** The USDT contract (`T…`) of the network the node stands for; mainnet's by default (Nile's for `TRON_NILE`). */
    readonly usdtContract?: string;
    /**
     * The genesis block's id (`blockID` of block 0): a real network's for the start-up checks
     * (`TRON_GENESIS_BLOCK_IDS`); by default a made-up one, as every other block's.
     */
    readonly genesisBlockId?: string;
    /** What USDT answers to `symbol()` and `decimals()` (default `USDT`, 6). */
    readonly usdtFacts?: { readonly symbol: string; readonly decimals: number };
  } = {},
): Promise<FakeTronNode> {
  const USDT = options.usdtContract ?? MAINNET_USDT;
  const payerHex = tronAddressToHex(utils.address.fromPrivateKey(PAYER_KEY) as string);
  const fakeUsdt = tronAddressFromHex(`41${sha256Hex('fake usdt').slice(0, 40)}`);
  const relay = `41${sha256Hex('native relay').slice(0, 40)}`;
  const blocks: FakeBlock[] = [];
  let pending: PendingTransaction[] = [];
  let nonce = 0;
  const state: FakeTronState = emptyState();
  const wrongAddress = new Set<string>();
  const create2Elsewhere = new Set<string>();
  let revertNextSweep = false;
  let solidityLag = 0;
  let constantCallFailure:
    | { message: string; when: (call: { contract: string; data: string }) => boolean }
    | undefined;
  const requests: string[] = [];
  const requestHeaders: IncomingHttpHeaders[] = [];

  const head = (): FakeBlock => blocks[blocks.length - 1] as FakeBlock;

  const makeBlock = (
    parent: FakeBlock | undefined,
    transactions: FakeTransaction[],
    salt: string,
  ): FakeBlock => {
    const number = parent ? parent.number + 1 : 0;
    const timestamp = GENESIS_TIME + number * 3000;
    const parentHash = parent ? parent.blockID : sha256Hex('tron fake genesis parent');
    const txTrieRoot = sha256Hex(transactions.map((t) => t.json.txID).join(''));
    const digest = sha256Hex(`${number}:${parentHash}:${txTrieRoot}:${timestamp}:${salt}`);
    const blockID = number.toString(16).padStart(16, '0') + digest.slice(16);
    return { blockID, number, parentHash, timestamp, transactions, txTrieRoot };
  };

  const blockJson = (block: FakeBlock): Record<string, unknown> => ({
    blockID: block.blockID,
    block_header: {
      raw_data: {
        number: block.number,
        txTrieRoot: block.txTrieRoot,
        witness_address: WITNESS,
        parentHash: block.parentHash,
        version: 34,
        timestamp: block.timestamp,
      },
      witness_signature: `${sha256Hex(`sig${block.blockID}`) + sha256Hex(`sig2${block.blockID}`)}00`,
    },
    ...(block.transactions.length > 0 ? { transactions: block.transactions.map((t) => t.json) } : {}),
  });

  /** Builds, serializes, signs and decodes back one transaction with tronweb. */
  const signed = (
    type: 'TransferContract' | 'TriggerSmartContract',
    value: Record<string, unknown>,
    contractRet: 'SUCCESS' | 'REVERT',
  ): Record<string, unknown> => {
    for (const key of ['amount', 'call_value'] as const) {
      if (value[key] !== undefined && BigInt(String(value[key])) > BigInt(Number.MAX_SAFE_INTEGER)) {
        // Measured: txJsonToPb writes 9007199254740993 as 2^53 (the decode-back check below catches it).
        throw new Error(`fake TRON node: tronweb 6.5.1 cannot serialize ${key} above 2^53 - 1 exactly`);
      }
    }
    const ref = head();
    nonce += 1;
    const timestamp = ref.timestamp + nonce;
    const tx: Record<string, unknown> = {
      visible: false,
      txID: '',
      raw_data: {
        contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${type}` }, type }],
        ref_block_bytes: ref.number.toString(16).padStart(16, '0').slice(12, 16),
        ref_block_hash: ref.blockID.slice(16, 32),
        expiration: timestamp + 60_000,
        ...(type === 'TriggerSmartContract' ? { fee_limit: 100_000_000 } : {}),
        timestamp,
      },
      raw_data_hex: '',
    };
    // tronweb's protobuf writer takes int64 fields as JS numbers or digit strings, not bigints.
    const forPb = JSON.parse(
      JSON.stringify(tx, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    );
    const pb = utils.transaction.txJsonToPb(forPb);
    tx.txID = utils.transaction.txPbToTxID(pb).replace(/^0x/, '').toLowerCase();
    tx.raw_data_hex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
    utils.crypto.signTransaction(PAYER_KEY, tx);
    const decoded = utils.deserializeTx.deserializeTransaction(type, tx.raw_data_hex as string) as {
      contract: { parameter: { value: Record<string, unknown> } }[];
    };
    const back = decoded.contract[0]?.parameter.value ?? {};
    for (const key of ['owner_address', 'to_address', 'contract_address', 'data'] as const) {
      if (value[key] !== undefined && String(back[key]).toLowerCase() !== String(value[key]).toLowerCase()) {
        throw new Error(`fake TRON node: ${type}.${key} does not decode back from raw_data_hex`);
      }
    }
    for (const key of ['amount', 'call_value'] as const) {
      if (value[key] !== undefined && BigInt(String(back[key])) !== BigInt(String(value[key]))) {
        throw new Error(`fake TRON node: ${type}.${key} does not decode back from raw_data_hex`);
      }
    }
    return {
      ret: [{ contractRet }],
      signature: (tx.signature as string[]).map((s) => s.toLowerCase()),
      txID: tx.txID,
      raw_data: tx.raw_data,
      raw_data_hex: tx.raw_data_hex,
    };
  };

  /** Queues a payment; `effect` credits its recipient when its block closes. */
  const queue = (
    json: Record<string, unknown>,
    info: FakeTransaction['info'],
    effect?: () => void,
  ): string => {
    const clean = Object.fromEntries(Object.entries(json).filter(([, v]) => v !== undefined));
    const txid = clean.txID as string;
    pending.push({
      txid,
      broadcast: false,
      close: () => {
        effect?.();
        return { json: clean, info };
      },
    });
    return txid;
  };

  const baseInfo = (txid: string, block: { number: number; timestamp: number }) => ({
    id: txid,
    blockNumber: block.number,
    blockTimeStamp: block.timestamp,
  });

  const trc20 = (contract: string, to: string, amount: bigint, outcome: 'SUCCESS' | 'REVERT'): string => {
    const contractHex = tronAddressToHex(contract);
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [tronAddressToEvm(to), amount],
    }).slice(2);
    const json = signed(
      'TriggerSmartContract',
      { data, owner_address: payerHex, contract_address: contractHex },
      outcome,
    );
    const log = {
      address: contractHex.slice(2),
      topics: [TRANSFER_TOPIC, word(payerHex.slice(2)), word(tronAddressToHex(to).slice(2))],
      data: word(amount.toString(16)),
    };
    const credit = () => {
      if (outcome === 'SUCCESS') addToken(state, contractHex, tronAddressToHex(to), amount);
    };
    return queue(
      json,
      (block) =>
        outcome === 'SUCCESS'
          ? {
              ...baseInfo(json.txID as string, block),
              fee: 6_379_500n,
              contractResult: [word('1')],
              contract_address: contractHex,
              receipt: {
                energy_fee: 6_034_500n,
                energy_usage_total: 14_365,
                net_usage: 345,
                result: 'SUCCESS',
              },
              log: [log],
            }
          : {
              ...baseInfo(json.txID as string, block),
              fee: 1_280_000n,
              contractResult: [''],
              contract_address: contractHex,
              receipt: { energy_fee: 935_000n, energy_usage_total: 2_227, net_usage: 345, result: 'REVERT' },
              log: [log],
              result: 'FAILED',
              resMessage: REVERT_MESSAGE,
            },
      credit,
    );
  };

  // The gas wallet's side: contract code, balances, broadcasts (see the header and fakeTronContracts.ts).
  const { deployer: deployerHex, owner: deployerOwner } = deployerAddress();
  for (const token of [tronAddressToHex(USDT), tronAddressToHex(fakeUsdt)]) {
    state.code.set(token, {
      kind: 'trc20',
      runtime: OPAQUE_RUNTIME,
      createdBy: 'transaction',
      origin: payerHex,
      token:
        token === tronAddressToHex(USDT)
          ? (options.usdtFacts ?? { symbol: 'USDT', decimals: 6 })
          : { symbol: 'USDT', decimals: 6 },
    });
  }
  state.code.set(relay, {
    kind: 'relay',
    runtime: OPAQUE_RUNTIME,
    createdBy: 'transaction',
    origin: payerHex,
  });
  state.code.set(deployerHex, {
    kind: 'deployer',
    runtime: DEPLOYER_RUNTIME,
    createdBy: 'transaction',
    origin: deployerOwner,
  });

  const commit = (from: FakeTronState): void => {
    for (const key of ['trx', 'tokens', 'code', 'factories'] as const) {
      const target = state[key] as Map<string, unknown>;
      target.clear();
      for (const [k, v] of from[key] as Map<string, unknown>) target.set(k, v);
    }
  };

  const refusal = (code: string, txid: string, message: string) => ({
    code,
    txid,
    message: hexText(message),
  });

  /** Runs a broadcast transaction when its block closes: effects, fee burnt, ret and info. */
  const execute = (tx: Record<string, unknown>, txid: string, bytes: bigint): FakeTransaction => {
    const raw = tx.raw_data as Record<string, unknown>;
    const value = (raw.contract as { parameter: { value: Record<string, string> } }[])[0]?.parameter
      .value as Record<string, string>;
    const owner = String(value.owner_address).toLowerCase();
    const contract = String(value.contract_address).toLowerCase();
    const feeLimit = BigInt(String(raw.fee_limit ?? 0));
    const copy = cloneState(state);
    const toFactory = state.code.get(contract)?.kind === 'factory';
    const knobs = { wrongAddress, create2Elsewhere, revertSweep: toFactory && revertNextSweep };
    if (toFactory) revertNextSweep = false;
    const run: FakeExecution = executeFakeCall(copy, {
      owner,
      contract,
      data: value.data ?? '',
      txid,
      knobs,
    });
    let outcome: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY' = run.status;
    let energy = run.energy;
    let energyFee = energy * FAKE_TRON_PRICES.getEnergyFee;
    if (energyFee > feeLimit) {
      outcome = 'OUT_OF_ENERGY';
      energyFee = feeLimit;
      energy = feeLimit / FAKE_TRON_PRICES.getEnergyFee;
    }
    if (outcome === 'SUCCESS') commit(copy);
    const netFee = bytes * FAKE_TRON_PRICES.getTransactionFee;
    const fee = energyFee + netFee;
    const balance = state.trx.get(owner) ?? 0n;
    state.trx.set(owner, balance > fee ? balance - fee : 0n);
    const json = {
      ret: [{ contractRet: outcome }],
      signature: tx.signature,
      txID: txid,
      raw_data: raw,
      raw_data_hex: tx.raw_data_hex,
    };
    const failed =
      outcome === 'SUCCESS'
        ? {}
        : {
            result: 'FAILED',
            resMessage: outcome === 'REVERT' ? REVERT_MESSAGE : hexText('Not enough energy for the call'),
          };
    return {
      json,
      info: (block) => ({
        ...baseInfo(txid, block),
        fee,
        contractResult: [outcome === 'OUT_OF_ENERGY' ? '' : run.returned],
        contract_address: contract,
        receipt: { energy_fee: energyFee, energy_usage_total: energy, net_fee: netFee, result: outcome },
        ...(outcome === 'SUCCESS' && run.logs.length > 0 ? { log: run.logs } : {}),
        ...(outcome === 'SUCCESS' && run.internals.length > 0
          ? {
              internal_transactions: run.internals.map((internal, i) => ({
                hash: sha256Hex(`${txid}:${i}`),
                ...internal,
              })),
            }
          : {}),
        ...failed,
      }),
    };
  };

  /**
   * A broadcast `CreateSmartContract` (signature and TaPoS already checked): the model knows one
   * contract, the deterministic deployer, created at `generateContractAddress` (keccak256 of txID ++
   * owner, last 20 bytes, prefix 0x41) when its block closes, for FAKE_TRON_ENERGY.deployerCreation.
   */
  const create = (
    tx: Record<string, unknown>,
    txid: string,
    raw: Record<string, unknown>,
    rawHex: string,
    owner: string,
    value: Record<string, unknown>,
  ): unknown => {
    const created = (value.new_contract ?? {}) as Record<string, unknown>;
    if (String(created.bytecode ?? '').toLowerCase() !== DEPLOYER_CREATION_CODE.slice(2).toLowerCase()) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, "the fake node models the deployer's creation only");
    }
    if (BigInt(String(created.call_value ?? 0)) !== 0n) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, 'the fake node models a creation without TRX only');
    }
    const feeLimit = BigInt(String(raw.fee_limit ?? 0));
    if (feeLimit < 0n || feeLimit > MAX_FEE_LIMIT) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, `feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT}`);
    }
    const bytes = BigInt(rawHex.length / 2 + 65 + 64);
    const netFee = bytes * FAKE_TRON_PRICES.getTransactionFee;
    const balance = state.trx.get(owner) ?? 0n;
    if (balance < netFee) return refusal('BANDWITH_ERROR', txid, 'Account resource insufficient error.');
    const energy = FAKE_TRON_ENERGY.deployerCreation;
    const energyFee = energy * FAKE_TRON_PRICES.getEnergyFee;
    if (balance < netFee + (energyFee < feeLimit ? energyFee : feeLimit)) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, 'balance is not sufficient for the fee');
    }
    const address = `41${keccak256(`0x${txid}${owner}`).slice(-40)}`;
    pending.push({
      txid,
      broadcast: true,
      close: () => {
        const outOfEnergy = energyFee > feeLimit;
        const burnt = (outOfEnergy ? feeLimit : energyFee) + netFee;
        if (!outOfEnergy) {
          state.code.set(address, {
            kind: 'deployer',
            runtime: DEPLOYER_RUNTIME,
            createdBy: 'transaction',
            origin: owner,
          });
        }
        const held = state.trx.get(owner) ?? 0n;
        state.trx.set(owner, held > burnt ? held - burnt : 0n);
        const outcome = outOfEnergy ? 'OUT_OF_ENERGY' : 'SUCCESS';
        return {
          json: {
            ret: [{ contractRet: outcome }],
            signature: tx.signature,
            txID: txid,
            raw_data: raw,
            raw_data_hex: rawHex,
          },
          info: (block) => ({
            ...baseInfo(txid, block),
            fee: burnt,
            contractResult: [''],
            contract_address: address,
            receipt: {
              energy_fee: outOfEnergy ? feeLimit : energyFee,
              energy_usage_total: outOfEnergy ? feeLimit / FAKE_TRON_PRICES.getEnergyFee : energy,
              net_fee: netFee,
              result: outcome,
            },
            ...(outOfEnergy
              ? { result: 'FAILED', resMessage: hexText('Not enough energy for the call') }
              : {}),
          }),
        };
      },
    });
    return { result: true, txid };
  };

  /** `/wallet/broadcasttransaction`: java-tron's checks, then the pool. */
  const broadcast = (tx: Record<string, unknown>): unknown => {
    const raw = tx.raw_data as Record<string, unknown> | undefined;
    const rawHex = tx.raw_data_hex;
    const contracts = raw?.contract;
    if (!raw || typeof rawHex !== 'string' || !Array.isArray(contracts) || contracts.length !== 1) {
      return { Error: 'class java.lang.NullPointerException : null' };
    }
    const txid = createHash('sha256').update(Buffer.from(rawHex, 'hex')).digest('hex');
    let consistent = false;
    try {
      consistent = String(tx.txID).toLowerCase() === txid && utils.transaction.txCheck(tx);
    } catch {
      consistent = false;
    }
    if (!consistent)
      return refusal('SIGERROR', txid, 'validate signature error: txID, raw_data and raw_data_hex disagree');
    if (
      pending.some((p) => p.txid === txid) ||
      blocks.some((b) => b.transactions.some((t) => t.json.txID === txid))
    ) {
      return refusal('DUP_TRANSACTION_ERROR', txid, 'dup trans');
    }
    const refNumber = Number.parseInt(String(raw.ref_block_bytes), 16);
    const refBlock = blocks.find((b) => b.number % 65_536 === refNumber);
    if (!refBlock || refBlock.blockID.slice(16, 32) !== String(raw.ref_block_hash).toLowerCase()) {
      return refusal('TAPOS_ERROR', txid, `Tapos failed, different block hash, ${raw.ref_block_bytes}`);
    }
    const expiration = Number(raw.expiration);
    const headTime = head().timestamp;
    if (!(expiration > headTime) || expiration > headTime + DAY_MS) {
      return refusal(
        'TRANSACTION_EXPIRATION_ERROR',
        txid,
        `transaction expiration, transaction expiration time is ${expiration}, but headBlockTime is ${headTime}`,
      );
    }
    const contract = contracts[0] as { type?: string; parameter?: { value?: Record<string, unknown> } };
    const value = contract.parameter?.value ?? {};
    const owner = String(value.owner_address ?? '').toLowerCase();
    const signatures = Array.isArray(tx.signature) ? (tx.signature as string[]) : [];
    let signer = '';
    try {
      signer =
        signatures.length === 1 ? utils.crypto.ecRecover(txid, signatures[0] as string).toLowerCase() : '';
    } catch {
      signer = '';
    }
    if (signer === '' || signer !== owner) return refusal('SIGERROR', txid, 'validate signature error');
    if (contract.type === 'CreateSmartContract') return create(tx, txid, raw, rawHex, owner, value);
    if (contract.type !== 'TriggerSmartContract') {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, `the fake node models TriggerSmartContract only`);
    }
    const target = String(value.contract_address ?? '').toLowerCase();
    if (!state.code.has(target)) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, 'No contract or not a valid smart contract');
    }
    if (BigInt(String(value.call_value ?? 0)) !== 0n || value.call_token_value || value.token_id) {
      return refusal(
        'CONTRACT_VALIDATE_ERROR',
        txid,
        'the fake node models calls without TRX or TRC-10 only',
      );
    }
    const feeLimit = BigInt(String(raw.fee_limit ?? 0));
    if (feeLimit < 0n || feeLimit > MAX_FEE_LIMIT) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, `feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT}`);
    }
    const bytes = BigInt(rawHex.length / 2 + 65 + 64);
    const netFee = bytes * FAKE_TRON_PRICES.getTransactionFee;
    const balance = state.trx.get(owner) ?? 0n;
    if (balance < netFee) return refusal('BANDWITH_ERROR', txid, 'Account resource insufficient error.');
    const dryRun = executeFakeCall(cloneState(state), {
      owner,
      contract: target,
      data: String(value.data ?? ''),
      txid,
      knobs: { wrongAddress, create2Elsewhere, revertSweep: false },
    });
    const energyFee = dryRun.energy * FAKE_TRON_PRICES.getEnergyFee;
    if (balance < netFee + (energyFee < feeLimit ? energyFee : feeLimit)) {
      return refusal('CONTRACT_VALIDATE_ERROR', txid, 'balance is not sufficient for the fee');
    }
    pending.push({ txid, broadcast: true, close: () => execute(tx, txid, bytes) });
    return { result: true, txid };
  };

  /** `/wallet/triggerconstantcontract`: the model on a copy of the state. */
  const constantCall = (body: Record<string, unknown>): unknown => {
    let owner: string;
    let contract: string;
    try {
      owner = tronAddressToHex(String(body.owner_address));
      contract = tronAddressToHex(String(body.contract_address));
    } catch (error) {
      return { Error: `class java.lang.IllegalArgumentException : ${(error as Error).message}` };
    }
    const data = String(body.data ?? '').replace(/^0x/, '');
    const failure = constantCallFailure;
    if (failure?.when({ contract: tronAddressFromHex(contract), data })) {
      constantCallFailure = undefined;
      return { result: { result: false, code: 'OTHER_ERROR', message: hexText(failure.message) } };
    }
    if (!state.code.has(contract)) {
      return {
        result: {
          code: 'CONTRACT_VALIDATE_ERROR',
          message: hexText('No contract or not a valid smart contract'),
        },
      };
    }
    nonce += 1;
    const txid = sha256Hex(`constant:${nonce}:${owner}:${contract}:${data}`);
    const run = executeFakeCall(cloneState(state), {
      owner,
      contract,
      data,
      txid,
      knobs: { wrongAddress, create2Elsewhere, revertSweep: false },
    });
    const reverted = run.status === 'REVERT';
    return {
      result: reverted ? { result: true, message: REVERT_MESSAGE } : { result: true },
      energy_used: run.energy,
      constant_result: [run.returned],
      transaction: {
        ret: [reverted ? { ret: 'FAILED' } : {}],
        visible: false,
        txID: txid,
        raw_data: {
          contract: [
            {
              parameter: {
                value: { data, owner_address: owner, contract_address: contract },
                type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
              },
              type: 'TriggerSmartContract',
            },
          ],
        },
      },
    };
  };

  /** `SmartContract` as java-tron's ContractStore keeps it (no bytecode when a contract created it). */
  const smartContract = (hex: string, show: (h: string) => string): Record<string, unknown> | undefined => {
    const code = state.code.get(hex);
    if (!code) return undefined;
    return code.createdBy === 'transaction'
      ? {
          origin_address: show(code.origin),
          contract_address: show(hex),
          abi: {},
          bytecode: code.kind === 'deployer' ? DEPLOYER_CREATION_CODE.slice(2) : code.runtime,
          consume_user_resource_percent: 100,
          name: code.kind === 'deployer' ? 'DeterministicDeployer' : code.kind,
          origin_energy_limit: 10_000_000,
        }
      : {
          origin_address: show(code.origin),
          contract_address: show(hex),
          consume_user_resource_percent: 100,
          ...(code.trxHash ? { trx_hash: code.trxHash } : {}),
        };
  };

  const node: Omit<FakeTronNode, 'url' | 'stop'> = {
    usdtContract: USDT,
    fakeUsdtContract: fakeUsdt,
    payer: tronAddressFromHex(payerHex),
    requests,
    requestHeaders,
    tip: () => ({ height: head().number, hash: head().blockID }),
    pay({ address, amount, coin }) {
      return coin === 'TRX'
        ? node.payTrx({ to: address, amountSun: amount })
        : node.payTrc20({ contract: USDT, to: address, amount });
    },
    payTrx({ to, amountSun }) {
      const json = signed(
        'TransferContract',
        { amount: amountSun, owner_address: payerHex, to_address: tronAddressToHex(to) },
        'SUCCESS',
      );
      return queue(
        json,
        (block) => ({
          ...baseInfo(json.txID as string, block),
          fee: 0,
          contractResult: [''],
          receipt: { net_usage: 267 },
        }),
        () => addTrx(state, tronAddressToHex(to), amountSun),
      );
    },
    payTrc20({ contract, to, amount }) {
      return trc20(contract, to, amount, 'SUCCESS');
    },
    payTrc20Reverted({ contract, to, amount }) {
      return trc20(contract, to, amount, 'REVERT');
    },
    payFakeUsdt({ to, amount }) {
      return trc20(fakeUsdt, to, amount, 'SUCCESS');
    },
    payInternalTrx({ to, amountSun, rejected = false }) {
      const data = encodeFunctionData({
        abi: [
          {
            type: 'function',
            name: 'relay',
            stateMutability: 'payable',
            inputs: [{ name: 'to', type: 'address' }],
            outputs: [],
          },
        ],
        functionName: 'relay',
        args: [tronAddressToEvm(to)],
      }).slice(2);
      const json = signed(
        'TriggerSmartContract',
        { data, owner_address: payerHex, contract_address: relay, call_value: amountSun },
        'SUCCESS',
      );
      const txid = json.txID as string;
      const credit = () => {
        if (!rejected) addTrx(state, tronAddressToHex(to), amountSun);
      };
      return queue(
        json,
        (block) => ({
          ...baseInfo(txid, block),
          fee: 1_000_000n,
          contractResult: [''],
          contract_address: relay,
          receipt: { energy_fee: 700_000n, energy_usage_total: 1_675, net_usage: 314, result: 'SUCCESS' },
          internal_transactions: [
            {
              hash: sha256Hex(`${txid}:0`),
              caller_address: relay,
              transferTo_address: tronAddressToHex(to),
              callValueInfo: [{ callValue: amountSun }],
              note: CALL_NOTE,
              ...(rejected ? { rejected: true } : {}),
            },
          ],
        }),
        credit,
      );
    },
    deployer: tronAddressFromHex(deployerHex),
    fund(address, sun) {
      addTrx(state, tronAddressToHex(address), sun);
    },
    balanceOf(address, contract) {
      const holder = tronAddressToHex(address);
      return contract === undefined
        ? (state.trx.get(holder) ?? 0n)
        : tokenBalance(state, tronAddressToHex(contract), holder);
    },
    hasCode: (address) => state.code.has(tronAddressToHex(address)),
    factoryComputesWrongAddress(factory) {
      wrongAddress.add(tronAddressToHex(factory));
    },
    create2LandsElsewhere(factory) {
      create2Elsewhere.add(tronAddressToHex(factory));
    },
    revertNext() {
      revertNextSweep = true;
    },
    setSolidityLag(lag) {
      solidityLag = lag;
    },
    solidifiedHeight: () => Math.max(0, head().number - solidityLag),
    failNextConstantCall(options = {}) {
      constantCallFailure = {
        message:
          options.message ??
          "class org.tron.core.vm.program.Program$OutOfTimeException : CPU timeout for 'PUSH1' operation executing",
        when: options.when ?? (() => true),
      };
    },
    dropPending() {
      const dropped = pending.filter((p) => p.broadcast).map((p) => p.txid);
      pending = pending.filter((p) => !p.broadcast);
      return dropped;
    },
    closeBlocks(n) {
      const closed: { height: number; hash: string }[] = [];
      for (let i = 0; i < n; i += 1) {
        const closing = i === 0 ? pending : [];
        if (i === 0) pending = [];
        const block = makeBlock(
          head(),
          closing.map((p) => p.close()),
          'main',
        );
        blocks.push(block);
        closed.push({ height: block.number, hash: block.blockID });
      }
      return closed;
    },
    reorg(depth, options = {}) {
      if (depth < 1 || depth >= blocks.length) throw new Error(`cannot reorg ${depth} blocks`);
      const dropped = blocks.splice(blocks.length - depth, depth);
      if (options.keepTransactions) {
        const back = dropped.flatMap((b) => b.transactions);
        pending = [
          ...back.map((t) => ({ txid: t.json.txID as string, broadcast: false, close: () => t })),
          ...pending,
        ];
      }
      for (let i = 0; i <= depth; i += 1) blocks.push(makeBlock(head(), [], `fork${nonce}:${i}`));
      nonce += 1;
    },
  };

  const genesis = makeBlock(undefined, [], 'genesis');
  blocks.push(options.genesisBlockId ? { ...genesis, blockID: options.genesisBlockId } : genesis);
  node.closeBlocks(20);

  const answer = (path: string, body: Record<string, unknown>): unknown => {
    switch (path) {
      case '/wallet/getnowblock':
        return blockJson(head());
      case '/wallet/getblockbynum': {
        const block = blocks[Number(body.num)];
        return block ? blockJson(block) : {};
      }
      case '/wallet/getblockbyid': {
        const block = blocks.find((b) => b.blockID === String(body.value).toLowerCase());
        return block ? blockJson(block) : {};
      }
      case '/wallet/getaccount': {
        const hex = tronAddressToHex(String(body.address));
        if (!state.trx.has(hex) && !state.code.has(hex)) return {};
        const balance = state.trx.get(hex) ?? 0n;
        return {
          address: body.visible === true ? tronAddressFromHex(hex) : hex,
          ...(balance > 0n ? { balance } : {}),
          create_time: GENESIS_TIME,
          ...(state.code.has(hex) ? { type: 'Contract' } : {}),
          account_resource: {},
        };
      }
      case '/wallet/getcontract': {
        const show = (h: string) => (body.visible === true ? tronAddressFromHex(h) : h);
        return smartContract(tronAddressToHex(String(body.value)), show) ?? {};
      }
      case '/wallet/getcontractinfo': {
        const show = (h: string) => (body.visible === true ? tronAddressFromHex(h) : h);
        const hex = tronAddressToHex(String(body.value));
        const contract = smartContract(hex, show);
        if (!contract) return {};
        return {
          runtimecode: state.code.get(hex)?.runtime,
          smart_contract: contract,
          contract_state: { energy_usage: 0, energy_factor: 0, update_cycle: 0 },
        };
      }
      case '/wallet/getchainparameters':
        return {
          chainParameter: [
            { key: 'getMaintenanceTimeInterval', value: 21_600_000 },
            { key: 'getAccountUpgradeCost', value: 9_999_000_000 },
            { key: 'getCreateAccountFee', value: 100_000 },
            { key: 'getTransactionFee', value: FAKE_TRON_PRICES.getTransactionFee },
            { key: 'getAssetIssueFee', value: 1_024_000_000 },
            { key: 'getWitnessPayPerBlock', value: 16_000_000 },
            { key: 'getCreateNewAccountFeeInSystemContract', value: 1_000_000 },
            { key: 'getAllowCreationOfContracts', value: 1 },
            { key: 'getRemoveThePowerOfTheGr', value: -1 },
            { key: 'getEnergyFee', value: FAKE_TRON_PRICES.getEnergyFee },
            { key: 'getExchangeCreateFee', value: 1_024_000_000 },
            { key: 'getMaxCpuTimeOfOneTx', value: 80 },
            { key: 'getAllowShieldedTransaction' },
            { key: 'getMaxFeeLimit', value: MAX_FEE_LIMIT },
            { key: 'getTotalEnergyLimit', value: 180_000_000_000 },
          ],
        };
      case '/wallet/triggerconstantcontract':
        return constantCall(body);
      case '/wallet/broadcasttransaction':
        return broadcast(body);
      case '/walletsolidity/getnowblock':
        return blockJson(blocks[Math.max(0, head().number - solidityLag)] as FakeBlock);
      case '/walletsolidity/gettransactioninfobyid': {
        const id = String(body.value ?? '').toLowerCase();
        const solid = head().number - solidityLag;
        for (const block of blocks) {
          const tx = block.transactions.find((t) => t.json.txID === id);
          if (tx) return block.number <= solid ? tx.info(block) : {};
        }
        return {};
      }
      case '/wallet/gettransactioninfobyid': {
        const id = String(body.value ?? '').toLowerCase();
        for (const block of blocks) {
          const tx = block.transactions.find((t) => t.json.txID === id);
          if (tx) return tx.info(block);
        }
        return {};
      }
      case '/wallet/gettransactioninfobyblocknum': {
        const num = Number(body.num);
        if (!(num > 0)) return {};
        const block = blocks[num];
        return block ? block.transactions.map((t) => t.info(block)) : [];
      }
      default:
        return undefined;
    }
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] as string;
      requests.push(path);
      requestHeaders.push(request.headers);
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
      } catch (error) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(stringify({ Error: `class org.json.JSONException : ${(error as Error).message}` }));
        return;
      }
      let result: unknown;
      try {
        result = answer(path, body);
      } catch (error) {
        result = { Error: `class java.lang.IllegalArgumentException : ${(error as Error).message}` };
      }
      if (result === undefined) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not Found');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    ...node,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
