import {
  createTronContractReader,
  createTronGasWallet,
  TRON_SALT_CHAIN_IDS,
  type TronChainId,
  tronFactoryAddressFor,
  tronForwarderFor,
} from '@cairn/chain-tron';
import type { ChainDefinition } from '@cairn/contract';
import { forwarderSalt } from '@cairn/evm-contracts';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import type { ChainSettings } from '../../platform/config/loadChainSettings.js';
import { ForwarderSettler } from './ForwarderSettler.js';
import { TRON_EXPIRATION_MS, tronSettlementWallet } from './tronSettlementWallet.js';

/** The payment id of every TRON wallet's probe forwarder: the nil UUID, which no payment has. */
export const TRON_PROBE_PAYMENT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The settler of one TRON chain: the forwarder settler with TRON's parts. The gas wallet burns TRX for
 * energy and bandwidth; factories come from the operator's deployer (`CAIRN_CHAIN_<ID>_DEPLOYER`);
 * salts use the network's salt chain id. No TRON node has run this code's contracts here, so each
 * merchant wallet proves TRON's CREATE2 rule on-chain before use: the deployed factory must compute
 * the offline address for a probe salt (a constant call), and a probe forwarder deployed through it
 * must land there.
 */
export function tronSettlerFor(
  gateway: Gateway,
  chain: ChainDefinition,
  settings: ChainSettings & {
    backend: { url: string; headers?: Readonly<Record<string, string>> };
    deployer: string;
  },
  databaseUrl: string,
): ForwarderSettler {
  const chainId = chain.id as TronChainId;
  const saltChainId = TRON_SALT_CHAIN_IDS[chainId];
  const { deployer } = settings;
  const url = settings.backend.url;
  const headers = settings.backend.headers ? { headers: settings.backend.headers } : {};
  const gasWallet = settings.gasWalletKey
    ? createTronGasWallet({
        chainId,
        url,
        privateKey: settings.gasWalletKey,
        expirationMs: TRON_EXPIRATION_MS,
        ...(settings.maxFeeLimitSun === undefined ? {} : { maxFeeLimitSun: settings.maxFeeLimitSun }),
        ...(settings.solidityUrl === undefined ? {} : { solidityUrl: settings.solidityUrl }),
        ...headers,
      })
    : undefined;
  const reader = gasWallet ?? createTronContractReader({ chainId, url, ...headers });
  const probeSalt = forwarderSalt(saltChainId, TRON_PROBE_PAYMENT_ID);
  const probeAddress = (treasury: string) =>
    tronForwarderFor({ deployer, treasury, saltChainId, paymentId: TRON_PROBE_PAYMENT_ID }).address;
  return new ForwarderSettler({
    gateway,
    chain,
    ...(gasWallet ? { gasWallet: tronSettlementWallet(gasWallet, deployer, settings.sweepBatch) } : {}),
    hasCode: (address) => reader.hasCode(address),
    expectedFactory: (treasury) => tronFactoryAddressFor({ deployer, treasury }),
    async checkFactory(factory, treasury) {
      const expected = probeAddress(treasury);
      const computed = await reader.forwarderAddressOnChain(factory, probeSalt);
      if (computed === expected) return undefined;
      return `the factory ${factory} computes forwarder addresses other than Cairn's (${computed} where ${expected} was expected): no deposit address of this wallet can be trusted, so it is not used`;
    },
    probe: {
      salt: probeSalt,
      address: (_factory, treasury) => probeAddress(treasury),
      what: 'the probe forwarder deployment',
    },
    salt: (paymentId) => forwarderSalt(saltChainId, paymentId),
    tokenContract(symbol) {
      const contract = chain.coins.find((c) => c.symbol === symbol)?.contract;
      if (!contract) throw new Error(`${chain.id} has no contract for ${symbol}`);
      return contract;
    },
    databaseUrl,
  });
}
