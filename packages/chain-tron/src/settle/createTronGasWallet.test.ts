import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BroadcastRejectedError, ChainBackendError, WouldRevertError } from '@cairn/chain-core';
import { utils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TRON_ENERGY,
  FAKE_TRON_PRICES,
  type FakeTronNode,
  startFakeTronNode,
} from '../../test/index.js';
import { tronAddressFromHex, tronAddressToHex } from '../tronAddress.js';
import {
  DEPLOYER_CREATION_CODE,
  TRON_SALT_CHAIN_IDS,
  tronFactoryAddressFor,
  tronForwarderFor,
  tronSweepCalldata,
} from '../tronForwarders.js';
import { createTronContractReader } from './createTronContractReader.js';
import { createTronGasWallet, type TronGasWallet } from './createTronGasWallet.js';
import { signTronTrigger } from './signTronTrigger.js';

const KEY = '0x3b6f1d1bd1cd5e8a6d3c4e1f9a2b7c8d0e4f5a6b7c8d9e0f1a2b3c4d5e6f7a81';
const TREASURY = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FUNDS = 1_000_000_000n; // 1 000 TRX
const SALT_CHAIN = TRON_SALT_CHAIN_IDS.TRON;

let node: FakeTronNode;
let wallet: TronGasWallet;
let factory: string;

interface RawTx {
  txID: string;
  raw_data: { fee_limit: number; expiration: number; ref_block_bytes: string; ref_block_hash: string };
  raw_data_hex: string;
  signature: string[];
}

/** The model's fee for a transaction that used `energy`: energy and bandwidth burnt, nothing staked. */
function modelFee(raw: string, energy: bigint): { bandwidth: bigint; fee: bigint } {
  const bandwidth = BigInt((JSON.parse(raw) as RawTx).raw_data_hex.length / 2 + 65 + 64);
  return {
    bandwidth,
    fee: energy * FAKE_TRON_PRICES.getEnergyFee + bandwidth * FAKE_TRON_PRICES.getTransactionFee,
  };
}

/** A payment id (a UUID) named for the test. */
function paymentId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

function forwarder(name: string) {
  return tronForwarderFor({
    deployer: node.deployer,
    treasury: TREASURY,
    saltChainId: SALT_CHAIN,
    paymentId: paymentId(name),
  });
}

async function infoOf(hash: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${node.url}/wallet/gettransactioninfobyid`, {
    method: 'POST',
    body: JSON.stringify({ value: hash }),
  });
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  node = await startFakeTronNode();
  wallet = createTronGasWallet({ chainId: 'TRON', url: node.url, privateKey: KEY });
  node.fund(wallet.address, FUNDS);
  factory = tronFactoryAddressFor({ deployer: node.deployer, treasury: TREASURY });
});
afterAll(() => node.stop());

describe('createTronGasWallet against the fake full node', () => {
  it('derives its address from the key (tronweb agrees), with or without 0x', () => {
    expect(wallet.address).toBe(utils.address.fromPrivateKey(KEY.slice(2)));
    expect(createTronGasWallet({ chainId: 'TRON', url: node.url, privateKey: KEY.slice(2) }).address).toBe(
      wallet.address,
    );
    expect(() => createTronGasWallet({ chainId: 'TRON', url: node.url, privateKey: '0x1234' })).toThrow(
      TypeError,
    );
  });

  it('reads its balance, the energy price and whether an address has code', async () => {
    expect(await wallet.balance()).toBe(FUNDS);
    const fresh = createTronGasWallet({ chainId: 'TRON', url: node.url, privateKey: `0x${'42'.repeat(32)}` });
    expect(await fresh.balance()).toBe(0n); // never activated: getaccount answers {}
    expect(await wallet.energyPrice()).toBe(210n);
    expect(await wallet.hasCode(node.deployer)).toBe(true);
    expect(await wallet.hasCode(node.usdtContract)).toBe(true);
    expect(await wallet.hasCode(TREASURY)).toBe(false);
    expect(await wallet.hasCode(factory)).toBe(false);
  });

  it('deploys the factory at tronFactoryAddressFor(deployer, treasury) and reports the model fee', async () => {
    const before = await wallet.balance();
    const signed = await wallet.signFactoryDeployment(node.deployer, TREASURY);
    const raw = JSON.parse(signed.raw) as RawTx;

    // The signed transaction decodes back (tronweb) to exactly the intended call.
    expect(signed.hash).toBe(createHash('sha256').update(Buffer.from(raw.raw_data_hex, 'hex')).digest('hex'));
    expect(raw.txID).toBe(signed.hash);
    const back = utils.deserializeTx.deserializeTransaction('TriggerSmartContract', raw.raw_data_hex) as {
      contract: { parameter: { value: Record<string, unknown> } }[];
      fee_limit: number;
      expiration: number;
    };
    const value = back.contract[0]?.parameter.value ?? {};
    expect(String(value.owner_address).toLowerCase()).toBe(tronAddressToHex(wallet.address));
    expect(String(value.contract_address).toLowerCase()).toBe(tronAddressToHex(node.deployer));
    expect(`0x${String(value.data).toLowerCase()}`).toBe(
      tronSweepCalldata.factoryDeployment(TREASURY).toLowerCase(),
    );
    expect(value.call_value).toBe(0);
    const energyFee = FAKE_TRON_ENERGY.factoryDeployment * 210n;
    expect(back.fee_limit).toBe(Number((energyFee * 3n + 1n) / 2n)); // estimate × price × 1.5
    expect(utils.crypto.ecRecover(signed.hash, raw.signature[0] as string).toLowerCase()).toBe(
      tronAddressToHex(wallet.address),
    );
    const tip = await (await fetch(`${node.url}/wallet/getnowblock`, { method: 'POST' })).json();
    expect(signed.expiresAt.getTime()).toBe(tip.block_header.raw_data.timestamp + 10 * 60 * 1000);
    expect(back.expiration).toBe(signed.expiresAt.getTime());

    await wallet.broadcast(signed.raw);
    expect(await wallet.receipt(signed.hash)).toBeNull(); // pending: {}
    await wallet.broadcast(signed.raw); // the node already has it (DUP): not an error
    node.closeBlocks(1);
    const receipt = await wallet.receipt(signed.hash);
    const { fee } = modelFee(signed.raw, FAKE_TRON_ENERGY.factoryDeployment);
    expect(receipt).toEqual({
      status: 'success',
      blockNumber: BigInt(node.tip().height),
      energyUsed: FAKE_TRON_ENERGY.factoryDeployment,
      bandwidthUsed: 0n, // burnt, not staked: receipt.net_fee says it
      feeSun: fee,
    });
    expect(await wallet.balance()).toBe(before - fee);
    expect(await wallet.hasCode(factory)).toBe(true);
    await wallet.broadcast(signed.raw); // in a block now: still DUP, still fine
  });

  it('reads forwarderAddress from the deployed factory: the offline formula', async () => {
    for (const id of ['pay_1', 'pay_2']) {
      const f = forwarder(id);
      expect(f.factory).toBe(factory);
      expect(await wallet.forwarderAddressOnChain(factory, f.salt)).toBe(f.address);
    }
  });

  it('a keyless reader reads the same code and forwarder addresses (from the zero account)', async () => {
    const reader = createTronContractReader({ chainId: 'TRON', url: node.url });
    const f = forwarder('pay_1');
    expect(await reader.hasCode(factory)).toBe(true);
    expect(await reader.hasCode(f.address)).toBe(false);
    expect(await reader.forwarderAddressOnChain(factory, f.salt)).toBe(f.address);
    await expect(reader.forwarderAddressOnChain(TREASURY, f.salt)).rejects.toThrow(ChainBackendError);
  });

  it('sweeps TRX and USDT from two forwarders to the treasury, deploying them', async () => {
    const trx = forwarder('pay_trx');
    const usdt = forwarder('pay_usdt');
    node.pay({ address: trx.address, amount: 25_000_000n, coin: 'TRX' });
    node.pay({ address: usdt.address, amount: 12_340_000n, coin: 'USDT' });
    node.closeBlocks(1);
    expect(node.balanceOf(trx.address)).toBe(25_000_000n);
    expect(node.balanceOf(usdt.address, node.usdtContract)).toBe(12_340_000n);
    const treasuryTrx = node.balanceOf(TREASURY);
    const before = await wallet.balance();

    const signed = await wallet.signSweep(factory, [
      { salt: trx.salt, token: null },
      { salt: usdt.salt, token: node.usdtContract },
    ]);
    const back = utils.deserializeTx.deserializeTransaction(
      'TriggerSmartContract',
      (JSON.parse(signed.raw) as RawTx).raw_data_hex,
    ) as { contract: { parameter: { value: Record<string, unknown> } }[] };
    expect(String(back.contract[0]?.parameter.value.contract_address).toLowerCase()).toBe(
      tronAddressToHex(factory),
    );
    expect(`0x${String(back.contract[0]?.parameter.value.data).toLowerCase()}`).toBe(
      tronSweepCalldata
        .sweep([
          { salt: trx.salt, token: null },
          { salt: usdt.salt, token: node.usdtContract },
        ])
        .toLowerCase(),
    );
    await wallet.broadcast(signed.raw);
    node.closeBlocks(1);

    const energy = 2n * FAKE_TRON_ENERGY.forwarderDeployment + 2n * FAKE_TRON_ENERGY.flush;
    const { fee } = modelFee(signed.raw, energy);
    expect(await wallet.receipt(signed.hash)).toMatchObject({
      status: 'success',
      energyUsed: energy,
      feeSun: fee,
    });
    expect(await wallet.balance()).toBe(before - fee);
    expect(node.balanceOf(trx.address)).toBe(0n);
    expect(node.balanceOf(usdt.address, node.usdtContract)).toBe(0n);
    expect(node.balanceOf(TREASURY)).toBe(treasuryTrx + 25_000_000n);
    expect(node.balanceOf(TREASURY, node.usdtContract)).toBe(12_340_000n);
    expect(await wallet.hasCode(trx.address)).toBe(true);
    expect(await wallet.hasCode(usdt.address)).toBe(true);

    // As a real node reports it: the TRX as an internal call, the USDT as the token's Transfer log.
    const info = await infoOf(signed.hash);
    const internals = info.internal_transactions as { transferTo_address: string; callValueInfo: object[] }[];
    expect(internals).toContainEqual(
      expect.objectContaining({
        caller_address: tronAddressToHex(trx.address),
        transferTo_address: tronAddressToHex(TREASURY),
        callValueInfo: [{ callValue: 25_000_000 }],
      }),
    );
    const logs = info.log as { address: string; topics: string[] }[];
    expect(logs.find((l) => l.address === tronAddressToHex(node.usdtContract).slice(2))?.topics[2]).toBe(
      tronAddressToHex(TREASURY).slice(2).padStart(64, '0'),
    );
  });

  it('reports a sweep that reverted on chain, fee burnt and nothing moved', async () => {
    const f = forwarder('pay_revert');
    node.pay({ address: f.address, amount: 5_000_000n, coin: 'TRX' });
    node.closeBlocks(1);
    const before = await wallet.balance();
    const signed = await wallet.signSweep(factory, [{ salt: f.salt, token: null }]);
    node.revertNext();
    await wallet.broadcast(signed.raw);
    node.closeBlocks(1);
    const receipt = await wallet.receipt(signed.hash);
    expect(receipt?.status).toBe('reverted');
    expect(receipt?.reason).toBe('REVERT: REVERT opcode executed');
    expect(await wallet.balance()).toBe(before - (receipt?.feeSun ?? 0n));
    expect(node.balanceOf(f.address)).toBe(5_000_000n);
    expect(await wallet.hasCode(f.address)).toBe(false);
  });

  it('refuses to sign a call whose simulation reverts, and sends nothing', async () => {
    const sent = node.requests.filter((p) => p === '/wallet/broadcasttransaction').length;
    const f = forwarder('pay_bad_token');
    // A token address without code: the forwarder's flushToken reverts NotAToken.
    const error = await wallet.signSweep(factory, [{ salt: f.salt, token: TREASURY }]).catch((e) => e);
    expect(error).toBeInstanceOf(ChainBackendError);
    expect(error.message).toMatch(/^TRON: .*would revert: .*NotAToken/);
    // A factory that was never deployed.
    const other = tronFactoryAddressFor({ deployer: node.deployer, treasury: node.payer });
    await expect(wallet.signSweep(other, [{ salt: f.salt, token: null }])).rejects.toThrow(
      /would revert: CONTRACT_VALIDATE_ERROR: No contract/,
    );
    // The factory already deployed: the deployer's CREATE2 fails.
    await expect(wallet.signFactoryDeployment(node.deployer, TREASURY)).rejects.toThrow(/would revert/);
    expect(node.requests.filter((p) => p === '/wallet/broadcasttransaction').length).toBe(sent);
  });

  it('a node-side failure of a simulation (OTHER_ERROR) is a backend error, not a revert; the next call runs', async () => {
    const f = forwarder('pay_timeout');
    const sent = node.requests.filter((p) => p === '/wallet/broadcasttransaction').length;
    node.failNextConstantCall();
    const error = await wallet.signSweep(factory, [{ salt: f.salt, token: null }]).catch((e) => e);
    expect(error).toBeInstanceOf(ChainBackendError);
    expect(error).not.toBeInstanceOf(WouldRevertError);
    expect(error.message).toMatch(/^TRON: .*could not be simulated: OTHER_ERROR: .*CPU timeout/);
    expect(node.requests.filter((p) => p === '/wallet/broadcasttransaction').length).toBe(sent);
    const reader = createTronContractReader({ chainId: 'TRON', url: node.url });
    node.failNextConstantCall({ message: 'class java.lang.NullPointerException : null' });
    const failed = await reader.forwarderAddressOnChain(factory, f.salt).catch((e) => e);
    expect(failed).toBeInstanceOf(ChainBackendError);
    expect(failed).not.toBeInstanceOf(WouldRevertError);
    // Answered once: the same calls now run.
    expect(await reader.forwarderAddressOnChain(factory, f.salt)).toBe(f.address);
    await expect(wallet.signSweep(factory, [{ salt: f.salt, token: TREASURY }])).rejects.toThrow(
      WouldRevertError,
    );
  });

  it('refuses to sign when the fee limit would exceed the cap', async () => {
    const capped = createTronGasWallet({
      chainId: 'TRON',
      url: node.url,
      privateKey: KEY,
      maxFeeLimitSun: 10_000_000n,
    });
    const f = forwarder('pay_cap');
    await expect(capped.signSweep(factory, [{ salt: f.salt, token: null }])).rejects.toThrow(
      /TRON: .*needs a fee limit of 29925000 sun \(95000 energy at 210 sun\), above the cap of 10000000 sun/,
    );
  });

  it('rejects an expired transaction and one from a wallet that cannot pay', async () => {
    const quick = createTronGasWallet({
      chainId: 'TRON',
      url: node.url,
      privateKey: KEY,
      expirationMs: 6_000,
    });
    const f = forwarder('pay_expired');
    const signed = await quick.signSweep(factory, [{ salt: f.salt, token: null }]);
    node.closeBlocks(2); // head time = reference time + 6 s
    const error = await quick.broadcast(signed.raw).catch((e) => e);
    expect(error).toBeInstanceOf(BroadcastRejectedError);
    expect(error.message).toMatch(/TRANSACTION_EXPIRATION_ERROR transaction expiration/);

    // A wallet that cannot pay the fee limit and the bandwidth signs nothing (java-tron would run it
    // out of energy and burn what is left)...
    const poor = createTronGasWallet({ chainId: 'TRON', url: node.url, privateKey: `0x${'42'.repeat(32)}` });
    await expect(poor.signSweep(factory, [{ salt: f.salt, token: null }])).rejects.toThrow(
      new RegExp(`^TRON: the gas wallet ${poor.address} holds 0 sun, less than the \\d+ sun .*: top it up$`),
    );
    // ...and one emptied after signing is refused by the node.
    node.fund(poor.address, FUNDS);
    const unpaid = await poor.signSweep(factory, [{ salt: f.salt, token: null }]);
    node.fund(poor.address, -FUNDS);
    await expect(poor.broadcast(unpaid.raw)).rejects.toThrow(/BANDWITH_ERROR Account resource insufficient/);
  });

  it('a receipt is read at the solidified block: none while the block can still be forked out', async () => {
    const f = forwarder('pay_solid');
    const signed = await wallet.signSweep(factory, [{ salt: f.salt, token: null }]);
    await wallet.broadcast(signed.raw);
    node.setSolidityLag(19);
    try {
      node.closeBlocks(1);
      expect(node.hasCode(f.address)).toBe(true); // in the latest block...
      expect(await wallet.receipt(signed.hash)).toBeNull(); // ...not solidified
      node.closeBlocks(18);
      expect(await wallet.receipt(signed.hash)).toBeNull();
      node.closeBlocks(1);
      expect(await wallet.receipt(signed.hash)).toMatchObject({ status: 'success' });
      expect(node.requests.at(-1)).toBe('/walletsolidity/gettransactioninfobyid');
    } finally {
      node.setSolidityLag(0);
    }
    // The solidity API may live elsewhere (a java-tron node's solidity port): solidityUrl says where.
    const elsewhere = createTronGasWallet({
      chainId: 'TRON',
      url: node.url,
      solidityUrl: 'http://127.0.0.1:9',
      privateKey: KEY,
      timeoutMs: 2_000,
    });
    await expect(elsewhere.receipt(signed.hash)).rejects.toThrow(
      /^TRON: \/walletsolidity\/gettransactioninfobyid: /,
    );
  });

  it("creates the network's deterministic deployer, at java-tron's address for the transaction; factories then deploy through it", async () => {
    const before = await wallet.balance();
    const signed = await wallet.signDeployerCreation();
    const tx = JSON.parse(signed.raw) as RawTx & {
      raw_data: {
        contract: { type: string; parameter: { value: { new_contract: { bytecode: string } } } }[];
      };
    };
    expect(tx.raw_data.contract[0]?.type).toBe('CreateSmartContract');
    expect(`0x${tx.raw_data.contract[0]?.parameter.value.new_contract.bytecode}`).toBe(
      DEPLOYER_CREATION_CODE,
    );
    expect(tx.raw_data.fee_limit).toBe(50_000_000);
    expect(signed.contract).not.toBe(node.deployer);
    expect(node.hasCode(signed.contract)).toBe(false);
    await wallet.broadcast(signed.raw);
    node.closeBlocks(1);
    expect(node.hasCode(signed.contract)).toBe(true);
    expect(await wallet.hasCode(signed.contract)).toBe(true);
    const receipt = await wallet.receipt(signed.hash);
    const { fee } = modelFee(signed.raw, FAKE_TRON_ENERGY.deployerCreation);
    expect(receipt).toMatchObject({ status: 'success', feeSun: fee });
    expect(await wallet.balance()).toBe(before - fee);
    // The new deployer works as the network's: a factory lands at its offline address.
    const treasury = node.payer;
    const deployment = await wallet.signFactoryDeployment(signed.contract, treasury);
    await wallet.broadcast(deployment.raw);
    node.closeBlocks(1);
    expect(node.hasCode(tronFactoryAddressFor({ deployer: signed.contract, treasury }))).toBe(true);
    // A capped wallet signs it with the cap as its fee limit.
    const capped = createTronGasWallet({
      chainId: 'TRON',
      url: node.url,
      privateKey: KEY,
      maxFeeLimitSun: 2_000_000n,
    });
    expect((JSON.parse((await capped.signDeployerCreation()).raw) as RawTx).raw_data.fee_limit).toBe(
      2_000_000,
    );
  });

  it('a dropped broadcast is never included, and expires', async () => {
    const quick = createTronGasWallet({
      chainId: 'TRON',
      url: node.url,
      privateKey: KEY,
      expirationMs: 6_000,
    });
    const f = forwarder('pay_dropped');
    const signed = await quick.signSweep(factory, [{ salt: f.salt, token: null }]);
    await quick.broadcast(signed.raw);
    expect(node.dropPending()).toEqual([signed.hash]);
    node.closeBlocks(2);
    expect(await quick.receipt(signed.hash)).toBeNull();
    await expect(quick.broadcast(signed.raw)).rejects.toThrow(BroadcastRejectedError);
  });

  it('sees a factory whose on-chain forwarderAddress differs from the formula', async () => {
    const treasury = node.payer;
    const other = tronFactoryAddressFor({ deployer: node.deployer, treasury });
    const signed = await wallet.signFactoryDeployment(node.deployer, treasury);
    await wallet.broadcast(signed.raw);
    node.closeBlocks(1);
    node.factoryComputesWrongAddress(other);
    const f = tronForwarderFor({
      deployer: node.deployer,
      treasury,
      saltChainId: SALT_CHAIN,
      paymentId: paymentId('x'),
    });
    expect(await wallet.forwarderAddressOnChain(other, f.salt)).not.toBe(f.address);
    await expect(wallet.signSweep(other, [{ salt: f.salt, token: null }])).rejects.toThrow(/DeployFailed/);
  });

  it('turns node errors into ChainBackendError with the chain id', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/wallet/getaccount') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"Error":"class java.lang.NullPointerException : null"}');
      } else {
        response.writeHead(503);
        response.end('busy');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const broken = createTronGasWallet({ chainId: 'TRON_NILE', url, privateKey: KEY });
    try {
      const error = await broken.balance().catch((e) => e);
      expect(error).toBeInstanceOf(ChainBackendError);
      expect(error.message).toBe(
        'TRON_NILE: /wallet/getaccount: class java.lang.NullPointerException : null',
      );
      await expect(broken.energyPrice()).rejects.toThrow(/TRON_NILE: \/wallet\/getchainparameters: HTTP 503/);
      const refused = await broken.broadcast('{}').catch((e) => e);
      expect(refused).toBeInstanceOf(ChainBackendError);
      expect(refused).not.toBeInstanceOf(BroadcastRejectedError);
    } finally {
      server.close();
    }
    const unreachable = createTronGasWallet({ chainId: 'TRON', url: 'http://127.0.0.1:1', privateKey: KEY });
    await expect(unreachable.receipt('00'.repeat(32))).rejects.toThrow(ChainBackendError);
  });
});

describe('the fake node refuses what java-tron refuses', () => {
  const sweepTx = async (feeLimit: bigint) => {
    const head = await (await fetch(`${node.url}/wallet/getnowblock`, { method: 'POST' })).json();
    return signTronTrigger({
      privateKey: KEY.slice(2),
      ownerHex: tronAddressToHex(wallet.address),
      contractHex: tronAddressToHex(factory),
      data: tronSweepCalldata.sweep([{ salt: forwarder('pay_manual').salt, token: null }]),
      feeLimit,
      refBlock: { number: BigInt(head.block_header.raw_data.number), id: head.blockID },
      expiration: BigInt(head.block_header.raw_data.timestamp) + 60_000n,
      timestamp: BigInt(head.block_header.raw_data.timestamp),
    });
  };

  it('a transaction whose raw_data was altered after signing (SIGERROR)', async () => {
    const signed = await sweepTx(100_000_000n);
    const tx = JSON.parse(signed.raw);
    tx.raw_data.contract[0].parameter.value.data = tronSweepCalldata
      .sweep([{ salt: forwarder('pay_other').salt, token: null }])
      .slice(2);
    await expect(wallet.broadcast(JSON.stringify(tx))).rejects.toThrow(/SIGERROR/);
    tx.raw_data_hex = utils.transaction.txPbToRawDataHex(utils.transaction.txJsonToPb(tx)).toLowerCase();
    tx.txID = createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex');
    await expect(wallet.broadcast(JSON.stringify(tx))).rejects.toThrow(/SIGERROR validate signature error/);
  });

  it('a fee limit below the energy used runs out of energy: fee_limit burnt, nothing done', async () => {
    const signed = await sweepTx(1_000_000n);
    await wallet.broadcast(signed.raw);
    node.closeBlocks(1);
    const receipt = await wallet.receipt(signed.hash);
    expect(receipt?.status).toBe('reverted');
    expect(receipt?.reason).toMatch(/^OUT_OF_ENERGY/);
    const { bandwidth } = modelFee(signed.raw, 0n);
    expect(receipt?.feeSun).toBe(1_000_000n + bandwidth * 1000n);
    expect(await wallet.hasCode(forwarder('pay_manual').address)).toBe(false);
    expect(tronAddressFromHex(tronAddressToHex(factory))).toBe(factory);
  });
});
