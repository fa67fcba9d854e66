import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { utils } from 'tronweb';
import { encodeFunctionData, erc20Abi } from 'viem';
import { TRANSFER_TOPIC } from '../src/observe/decodeTronBlock.js';
import { tronAddressFromHex, tronAddressToEvm, tronAddressToHex } from '../src/tronAddress.js';

/**
 * A fake java-tron full node for tests: a growing chain of blocks served over HTTP in the full node's
 * format, for the observer and for the server's lifecycle suites. No java-tron runs on this machine.
 *
 * Where the shapes come from:
 * - `/wallet/getnowblock`, `/wallet/getblockbynum {num}`, `/wallet/getblockbyid {value}`: protocol.Block
 *   as java-tron prints it with `visible: false` — `blockID`, `block_header.raw_data {number,
 *   txTrieRoot, witness_address, parentHash, version, timestamp}`, `witness_signature`,
 *   `transactions` (absent when empty); `{}` for an unknown block. Docs:
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
 */
export interface FakeTronNode {
  /** The HTTP API base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** The USDT contract the fake's USDT transfers come from (mainnet's, as in the registry). */
  readonly usdtContract: string;
  /** A look-alike token contract that also calls itself USDT (the attack case). */
  readonly fakeUsdtContract: string;
  /** The account that signs every payment. */
  readonly payer: string;
  /** Every request path served, in order (to count calls per poll). */
  readonly requests: string[];
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
  stop(): Promise<void>;
}

interface FakeTransaction {
  readonly json: Record<string, unknown>;
  readonly info: (block: { number: number; timestamp: number }) => Record<string, unknown>;
}

interface FakeBlock {
  readonly blockID: string;
  readonly number: number;
  readonly parentHash: string;
  readonly timestamp: number;
  readonly transactions: readonly FakeTransaction[];
  readonly txTrieRoot: string;
}

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAYER_KEY = '8e812436a0e3323166e1f0e8ba79e19e217b2c4a53c970d4cca0cfb1078979df';
const WITNESS = '41b2f713d57dbcec679d93a8849fa0cd0e4db594ba';
const GENESIS_TIME = 1_777_445_121_000;
const CALL_NOTE = Buffer.from('call').toString('hex');
const REVERT_MESSAGE = Buffer.from('REVERT opcode executed').toString('hex');

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
export async function startFakeTronNode(): Promise<FakeTronNode> {
  const payerHex = tronAddressToHex(utils.address.fromPrivateKey(PAYER_KEY) as string);
  const fakeUsdt = tronAddressFromHex(`41${sha256Hex('fake usdt').slice(0, 40)}`);
  const relay = `41${sha256Hex('native relay').slice(0, 40)}`;
  const blocks: FakeBlock[] = [];
  let pending: FakeTransaction[] = [];
  let nonce = 0;
  const requests: string[] = [];

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

  const queue = (json: Record<string, unknown>, info: FakeTransaction['info']): string => {
    const clean = Object.fromEntries(Object.entries(json).filter(([, v]) => v !== undefined));
    pending.push({ json: clean, info });
    return clean.txID as string;
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
    return queue(json, (block) =>
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
    );
  };

  const node: Omit<FakeTronNode, 'url' | 'stop'> = {
    usdtContract: USDT,
    fakeUsdtContract: fakeUsdt,
    payer: tronAddressFromHex(payerHex),
    requests,
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
      return queue(json, (block) => ({
        ...baseInfo(json.txID as string, block),
        fee: 0,
        contractResult: [''],
        receipt: { net_usage: 267 },
      }));
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
      return queue(json, (block) => ({
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
      }));
    },
    closeBlocks(n) {
      const closed: { height: number; hash: string }[] = [];
      for (let i = 0; i < n; i += 1) {
        const block = makeBlock(head(), i === 0 ? pending : [], 'main');
        if (i === 0) pending = [];
        blocks.push(block);
        closed.push({ height: block.number, hash: block.blockID });
      }
      return closed;
    },
    reorg(depth, options = {}) {
      if (depth < 1 || depth >= blocks.length) throw new Error(`cannot reorg ${depth} blocks`);
      const dropped = blocks.splice(blocks.length - depth, depth);
      if (options.keepTransactions) pending = [...dropped.flatMap((b) => b.transactions), ...pending];
      for (let i = 0; i <= depth; i += 1) blocks.push(makeBlock(head(), [], `fork${nonce}:${i}`));
      nonce += 1;
    },
  };

  blocks.push(makeBlock(undefined, [], 'genesis'));
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
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
      } catch (error) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(stringify({ Error: `class org.json.JSONException : ${(error as Error).message}` }));
        return;
      }
      const result = answer(path, body);
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
