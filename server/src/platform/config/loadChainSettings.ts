import type { ChainBackend } from '@cairn/chain-core';
import { getChain, isChainId } from '@cairn/contract';
import * as z from 'zod';

/** One chain's operator settings, from `CAIRN_CHAIN_<CHAIN_ID>_*`. */
export interface ChainSettings {
  readonly chainId: string;
  /** Offered to payments (derivation) and, with a backend, watched. */
  readonly enabled: boolean;
  /** Where the watcher reads the chain; undefined: the chain is offered but not watched. */
  readonly backend?: ChainBackend;
  /** Required confirmation depth; undefined: the chain's default (docs/limits.md, "Confirmation depths"). */
  readonly confirmations?: number;
  /** Mempool and tip poll interval of the watcher, in ms. */
  readonly pollMs: number;
  /** Test-mode chains only: the operator says something outside this gateway watches it. */
  readonly watchedElsewhere: boolean;
  /** Local dev chains only: token contracts deployed at run time (symbol -> address). */
  readonly tokens?: Readonly<Record<string, string>>;
  /** A block explorer's transaction page with `{tx_id}` in it: the dashboard links transfers to it. */
  readonly explorerTxUrl?: string;
  /**
   * EVM chains: a JSON-RPC URL anyone may use (no credentials), which the checkout hands to a browser
   * wallet that lacks the chain (`wallet_addEthereumChain`). Unset: the wallet is only asked to switch.
   */
  readonly publicRpcUrl?: string;
  /**
   * EVM and TRON chains: the private key of the gas wallet (onboarding, sweeps, relayed settlements
   * on EVM), 0x-prefixed. Never logged.
   */
  readonly gasWalletKey?: `0x${string}`;
  /** TRON chains: the network's deterministic deployer (`T…`), the root of every factory address. */
  readonly deployer?: string;
  /** TRON chains: the base URL of the node's solidity API (`/walletsolidity/…`); default: the RPC URL. */
  readonly solidityUrl?: string;
  /** TRON chains: the most sun one gas-wallet transaction may burn for energy (its `fee_limit` cap). */
  readonly maxFeeLimitSun?: bigint;
  /** TRON chains: the most forwarders one sweep transaction deploys and flushes. */
  readonly sweepBatch?: number;
}

/** TRON's fee-limit cap of the gas wallet by default: 1,000 TRX, in sun. */
export const TRON_DEFAULT_MAX_FEE_LIMIT_SUN = 1_000_000_000n;
/** The most sun a TRON fee limit can be: 15,000 TRX (mainnet's `getMaxFeeLimit`). */
const TRON_MAX_FEE_LIMIT_SUN = 15_000_000_000n;
/** Forwarders per TRON sweep by default. */
export const TRON_DEFAULT_SWEEP_BATCH = 5;

/** The per-chain settings, keyed by chain id (only chains named by some variable appear). */
export type ChainSettingsMap = Readonly<Record<string, ChainSettings>>;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * Headers an operator may not set: those the clients set themselves (`accept`, `content-type`,
 * `content-length`) and those HTTP itself manages (fetch's forbidden names), as @solana/kit refuses them.
 */
const RESERVED_HEADERS = new Set([
  'accept',
  'accept-charset',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'permissions-policy',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why a `_RPC_HEADERS` value is refused (names only: values are secrets), or its headers. */
export function parseRpcHeaders(
  value: string,
): { ok: true; headers: Record<string, string> } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {
      ok: false,
      message: 'must be a JSON object of header names and values, e.g. {"TRON-PRO-API-KEY":"…"}',
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      ok: false,
      message: 'must be a JSON object of header names and values, e.g. {"TRON-PRO-API-KEY":"…"}',
    };
  }
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, headerValue] of Object.entries(parsed)) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name))
      return { ok: false, message: `${JSON.stringify(name)} is not a header name` };
    if (RESERVED_HEADERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-'))
      return {
        ok: false,
        message: `the header ${name} is set by Cairn or by HTTP itself, not by the configuration`,
      };
    if (seen.has(lower)) return { ok: false, message: `the header ${name} is given twice` };
    seen.add(lower);
    if (typeof headerValue !== 'string' || headerValue === '' || /[\r\n\0]/.test(headerValue))
      return { ok: false, message: `the value of ${name} must be a non-empty string on one line` };
    headers[name] = headerValue;
  }
  if (seen.size === 0) return { ok: false, message: 'names no header (unset it instead)' };
  return { ok: true, headers };
}

/**
 * The per-chain variables, documented in the table of docs/operating/configuration.md as generic rows
 * (the chain id is part of the name, e.g. `CAIRN_CHAIN_LTC_REGTEST_RPC_URL`).
 */
export const CHAIN_VARIABLES = {
  RPC_URL: {
    schema: httpUrl,
    doc: "JSON-RPC URL of the chain's node, credentials included: a Bitcoin Core-compatible node for UTXO chains (`http://user:pass@127.0.0.1:19443`), an Ethereum JSON-RPC endpoint answering `eth_getBlockReceipts` for EVM chains, the `monerod` RPC for Monero chains (`http://127.0.0.1:18081`, with WALLET_RPC_URL), rippled's JSON-RPC for XRP Ledger chains (`https://s.altnet.rippletest.net:51234`, validated ledgers only), a Horizon server for Stellar chains (`https://horizon-testnet.stellar.org`), a Solana JSON-RPC endpoint for Solana chains (`https://api.devnet.solana.com`; finalized blocks only), a java-tron full node's HTTP API for TRON chains (`https://nile.trongrid.io`, with DEPLOYER). Setting it enables the chain and watches it (by block scan; Monero chains by polling their deposit subaddresses, Solana chains by polling each merchant wallet's signatures). The credentials are never logged.",
    default: '(unset)',
  },
  RPC_HEADERS: {
    schema: z.string().transform((value, ctx) => {
      const result = parseRpcHeaders(value);
      if (result.ok) return result.headers;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }),
    doc: 'Extra HTTP headers sent with every request to the chain\'s node (RPC_URL or ESPLORA_URL; on Monero chains the daemon only), for hosted nodes that want an API key: a JSON object, e.g. `{"TRON-PRO-API-KEY":"…"}` for TronGrid, `{"x-api-key":"…"}` or `{"Authorization":"Bearer …"}` elsewhere. Checked at start (header names, one-line values; `Accept`, `Content-Type`, `Host` and other headers Cairn or HTTP sets are refused). The values are secrets: never logged, and `chains:status` shows the header names only.',
    default: '(unset)',
  },
  WALLET_RPC_URL: {
    schema: z.string().transform((value, ctx) => {
      const urls = value.split(',').map((url) => url.trim());
      for (const url of urls) {
        if (!httpUrl.safeParse(url).success) {
          ctx.addIssue({ code: 'custom', message: 'each comma-separated entry must be an http(s) URL' });
          return z.NEVER;
        }
      }
      if (new Set(urls).size !== urls.length) {
        ctx.addIssue({ code: 'custom', message: 'a wallet RPC is listed twice' });
        return z.NEVER;
      }
      return urls;
    }),
    doc: "Monero chains: URL of the `monero-wallet-rpc` that keeps the gateway's view-only wallets (started with `--wallet-dir` under `CAIRN_DATA_DIR`, e.g. `http://127.0.0.1:18083`; with `--rpc-login`, the login in the URL, `http://user:pass@127.0.0.1:18083`, answered by Digest authentication); RPC_URL is then the daemon's (`monerod`, its `--rpc-login` the same way). A comma-separated list makes a pool: every process started with the same `--wallet-dir`, each keeping one merchant wallet open, so with one per merchant wallet that has open payments no wallet is reopened on a poll (docs/operating/monero.md). Required with a Monero RPC_URL.",
    default: '(unset)',
  },
  WALLET_DIR: {
    schema: z
      .string()
      .min(1)
      .refine((value) => value.startsWith('/'), 'must be an absolute path'),
    doc: "Monero chains: the wallet RPCs' `--wallet-dir` as the gateway's host sees it (e.g. `/var/lib/cairn/monero-wallets`). Set, the view-only wallet of a merchant wallet that was removed is closed and its files deleted there once none of its payments is watched any more (a cancelled payment's address is watched for 14 days after its late grace). Unset, the files stay and a warning names them.",
    default: '(unset)',
  },
  SOLIDITY_URL: {
    schema: httpUrl,
    doc: "TRON chains: base URL of the node's solidity API (`/walletsolidity/…`, a java-tron node's `node.http.solidityPort`, 8091 by default, e.g. `http://127.0.0.1:8091`), where the watcher reads the solidified block (a payment is final once its block is) and the gas wallet the receipts of its transactions once their block is solidified. Unset: RPC_URL, as TronGrid serves both APIs on one host. RPC_HEADERS are sent there too.",
    default: '(RPC_URL)',
  },
  ESPLORA_URL: {
    schema: httpUrl,
    doc: 'Esplora REST base URL (e.g. `https://blockstream.info/testnet/api`): enables the chain and watches it by polling each open deposit address. Set this or RPC_URL, not both.',
    default: '(unset)',
  },
  CONFIRMATIONS: {
    schema: z.coerce.number().int().min(1).max(1000),
    doc: 'Required confirmation depth for payments that pick this chain.',
    default: '(chain default)',
  },
  ENABLED: {
    schema: bool,
    doc: '`false` disables the chain even if listed in CAIRN_ENABLED_CHAINS or given a node; `true` enables it without a node (wallets can be added; it is offered to payments only while watched).',
    default: '(see meaning)',
  },
  WATCHED_ELSEWHERE: {
    schema: bool,
    doc: 'Test-mode chains only: `true` offers the chain to payments although this gateway does not watch it, because something else does (payments on it are then never detected by Cairn). Refused for live chains: a live option is offered only while a Cairn watcher syncs it.',
    default: 'false',
  },
  TOKENS: {
    schema: z
      .string()
      .regex(/^\s*[A-Z0-9]+=0x[0-9a-fA-F]{40}\s*(,\s*[A-Z0-9]+=0x[0-9a-fA-F]{40}\s*)*$/, {
        message: 'must be SYMBOL=0xADDRESS pairs separated by commas (e.g. USDC=0x5FbD...,USDT=0xe7f1...)',
      })
      .transform((v) =>
        Object.fromEntries(v.split(',').map((pair) => pair.trim().split('=') as [string, string])),
      ),
    doc: "Local EVM dev chains only (`ETH_LOCAL`): the token contracts deployed on that node, as `USDC=0x...,USDT=0x...`. Public chains' token contracts come from the chain registry and cannot be overridden.",
    default: '(unset)',
  },
  GAS_WALLET_KEY: {
    schema: z
      .string()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, { message: 'must be a 32-byte hex private key (64 hex digits)' })
      .transform((v) => (v.startsWith('0x') ? v : `0x${v}`) as `0x${string}`),
    doc: "EVM and TRON chains: private key of the operator's gas wallet (64 hex digits, `0x` optional), which pays for each merchant's one-time onboarding (the forwarder factory), the sweeps of paid deposit addresses to the merchant's treasury (on TRON in energy and bandwidth, burnt TRX) and, on EVM, relayed gasless settlements. It can do nothing else: every forwarder pays only its treasury. Keep only gas money in it. Never logged.",
    default: '(unset)',
  },
  DEPLOYER: {
    schema: z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, { message: 'must be a TRON address (T…)' }),
    doc: "TRON chains: the address (`T…`) of the deterministic deployer created once on that network by `cairn tron:deploy-deployer <CHAIN_ID>` (which prints this setting): every merchant's forwarder factory, hence every deposit address, follows from it, so it must never change once payments exist. Required to enable a TRON chain.",
    default: '(unset)',
  },
  MAX_FEE_LIMIT_SUN: {
    schema: z
      .string()
      .regex(/^[1-9][0-9]{0,10}$/, { message: 'must be a whole number of sun (1 TRX = 1000000 sun)' })
      .transform((v) => BigInt(v))
      .refine((v) => v >= 1_000_000n && v <= TRON_MAX_FEE_LIMIT_SUN, {
        message: `must be between 1000000 (1 TRX) and ${TRON_MAX_FEE_LIMIT_SUN} (15,000 TRX, the network's most)`,
      }),
    doc: "TRON chains: the most TRX, in sun, one gas-wallet transaction may burn for energy (its `fee_limit`, set to 1.5 × the node's energy estimate at the chain's energy price): a transaction needing more is not signed, and the error is shown by `chains:status`. Between 1 TRX and 15,000 TRX (the network's most). Raise it when energy prices rise or with a larger SWEEP_BATCH.",
    default: '1000000000 (1,000 TRX)',
  },
  SWEEP_BATCH: {
    schema: z.coerce.number().int().min(1).max(20),
    doc: 'TRON chains: the most forwarders one sweep transaction deploys and flushes (1 to 20). Each forwarder may cost up to about 200,000 energy (a USDT flush to an account that held none), so a larger batch needs a higher MAX_FEE_LIMIT_SUN; a batch the node would refuse is split and tried one forwarder at a time.',
    default: '5',
  },
  EXPLORER_TX_URL: {
    schema: z
      .string()
      .refine((v) => v.includes('{tx_id}') && /^https?:\/\/[^/\s]+/.test(v) && !/\s/.test(v), {
        message: 'must be an http(s) URL with {tx_id} in it (e.g. https://litecoinspace.org/tx/{tx_id})',
      }),
    doc: "A block explorer's transaction page, `{tx_id}` standing for the transaction id (e.g. `https://litecoinspace.org/tx/{tx_id}`): the dashboard's payment page links each transfer there. Unset: no link.",
    default: '(unset)',
  },
  PUBLIC_RPC_URL: {
    schema: httpUrl.refine((v) => {
      const url = new URL(v);
      return url.username === '' && url.password === '';
    }, 'must carry no credentials: the checkout shows it to customers'),
    doc: "EVM chains: a public JSON-RPC URL of the network (no credentials, e.g. `https://sepolia.base.org`) that the checkout offers a customer's browser wallet which lacks the chain (`wallet_addEthereumChain`, with the chain's name, native coin and the explorer of EXPLORER_TX_URL). Unset: a wallet without the chain is only asked to switch, and the customer adds the network in the wallet. On the local dev chain the anvil URL is used.",
    default: '(unset)',
  },
  POLL_MS: {
    schema: z.coerce.number().int().min(50).max(600_000),
    doc: 'How often the watcher polls the mempool and the tip (it also long-polls `waitfornewblock` for blocks).',
    default: '1000',
  },
} as const;

type ChainVariable = keyof typeof CHAIN_VARIABLES;
const SUFFIXES = Object.keys(CHAIN_VARIABLES) as ChainVariable[];
const PATTERN = new RegExp(`^CAIRN_CHAIN_([A-Z0-9_]+?)_(${SUFFIXES.join('|')})$`);
const DEFAULT_POLL_MS = 1000;

/** Raised for an invalid per-chain variable; the message names it. */
export class ChainSettingsError extends Error {
  override readonly name = 'ChainSettingsError';
}

/**
 * Reads every `CAIRN_CHAIN_<CHAIN_ID>_<SETTING>` variable (validated with zod; an unknown chain id or
 * setting is an error naming the variable, so a typo never silently disables watching) and merges them
 * with `CAIRN_ENABLED_CHAINS`: a chain is enabled when listed there or given a node, unless its
 * `_ENABLED` is false.
 */
export function loadChainSettings(
  env: NodeJS.ProcessEnv,
  enabledList: readonly string[],
  options: {
    /** false for `tron:deploy-deployer`, which creates the deployer a TRON chain otherwise needs. */
    readonly requireTronDeployer?: boolean;
  } = {},
): { settings: ChainSettingsMap; enabledChains: string[] } {
  const raw = new Map<string, Partial<Record<ChainVariable, string>>>();
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('CAIRN_CHAIN_') || value === undefined) continue;
    const match = PATTERN.exec(name);
    if (!match) {
      problems.push(`${name}: not a chain setting (expected CAIRN_CHAIN_<CHAIN_ID>_{${SUFFIXES.join(',')}})`);
      continue;
    }
    const [, chainId, setting] = match as unknown as [string, string, ChainVariable];
    if (!isChainId(chainId)) {
      problems.push(`${name}: ${chainId} is not a chain id`);
      continue;
    }
    raw.set(chainId, { ...raw.get(chainId), [setting]: value });
  }

  const settings: Record<string, ChainSettings> = {};
  for (const [chainId, values] of raw) {
    const parsed: Partial<Record<ChainVariable, unknown>> = {};
    for (const setting of SUFFIXES) {
      const value = values[setting];
      if (value === undefined) continue;
      const result = CHAIN_VARIABLES[setting].schema.safeParse(value);
      if (result.success) parsed[setting] = result.data;
      else
        problems.push(
          `CAIRN_CHAIN_${chainId}_${setting}: ${result.error.issues[0]?.message ?? 'invalid'}${setting.endsWith('URL') || setting.endsWith('KEY') || setting === 'RPC_HEADERS' ? '' : ` (got "${value}")`}`,
        );
    }
    if (parsed.RPC_URL !== undefined && parsed.ESPLORA_URL !== undefined) {
      problems.push(`CAIRN_CHAIN_${chainId}_RPC_URL and _ESPLORA_URL are both set: choose one backend`);
    }
    const family = getChain(chainId)?.family;
    if (parsed.WALLET_DIR !== undefined && parsed.WALLET_RPC_URL === undefined) {
      problems.push(
        `CAIRN_CHAIN_${chainId}_WALLET_DIR: set with WALLET_RPC_URL (the wallet RPCs it is the directory of)`,
      );
    }
    if (parsed.WALLET_RPC_URL !== undefined && family !== 'monero') {
      problems.push(`CAIRN_CHAIN_${chainId}_WALLET_RPC_URL: only Monero chains have a wallet RPC`);
    } else if (
      family === 'monero' &&
      (parsed.RPC_URL === undefined) !== (parsed.WALLET_RPC_URL === undefined)
    ) {
      problems.push(
        `CAIRN_CHAIN_${chainId}_RPC_URL and _WALLET_RPC_URL: a Monero chain is watched through both monerod (RPC_URL) and monero-wallet-rpc (WALLET_RPC_URL); set both or neither`,
      );
    }
    const headers =
      parsed.RPC_HEADERS !== undefined ? { headers: parsed.RPC_HEADERS as Record<string, string> } : {};
    if (
      parsed.RPC_HEADERS !== undefined &&
      parsed.RPC_URL === undefined &&
      parsed.ESPLORA_URL === undefined
    ) {
      problems.push(
        `CAIRN_CHAIN_${chainId}_RPC_HEADERS: set with RPC_URL or ESPLORA_URL (the node they are sent to)`,
      );
    }
    const backend: ChainBackend | undefined =
      parsed.RPC_URL !== undefined
        ? {
            kind: 'json-rpc',
            url: parsed.RPC_URL as string,
            ...(parsed.WALLET_RPC_URL !== undefined
              ? { walletRpcUrls: parsed.WALLET_RPC_URL as string[] }
              : {}),
            ...(parsed.WALLET_DIR !== undefined ? { walletDir: parsed.WALLET_DIR as string } : {}),
            ...headers,
          }
        : parsed.ESPLORA_URL !== undefined
          ? { kind: 'esplora', url: parsed.ESPLORA_URL as string, ...headers }
          : undefined;
    const explicit = parsed.ENABLED as boolean | undefined;
    const watchedElsewhere = (parsed.WATCHED_ELSEWHERE as boolean | undefined) ?? false;
    if (watchedElsewhere && getChain(chainId)?.mode === 'live') {
      problems.push(
        `CAIRN_CHAIN_${chainId}_WATCHED_ELSEWHERE: ${chainId} is a live chain, offered only while a Cairn watcher syncs it (give it a node with _RPC_URL or _ESPLORA_URL)`,
      );
    }
    if (parsed.TOKENS !== undefined && getChain(chainId)?.network !== 'local') {
      problems.push(
        `CAIRN_CHAIN_${chainId}_TOKENS: only local dev chains take token contracts from the configuration; ${chainId}'s come from the chain registry`,
      );
    } else if (parsed.TOKENS !== undefined) {
      const known =
        getChain(chainId)
          ?.coins.filter((c) => c.kind === 'token')
          .map((c) => c.symbol) ?? [];
      for (const symbol of Object.keys(parsed.TOKENS as Record<string, string>))
        if (!known.includes(symbol))
          problems.push(
            `CAIRN_CHAIN_${chainId}_TOKENS: ${chainId} carries no token ${symbol} (known: ${known.join(', ') || 'none'})`,
          );
    }
    if (parsed.GAS_WALLET_KEY !== undefined && family !== 'evm' && family !== 'tron') {
      problems.push(`CAIRN_CHAIN_${chainId}_GAS_WALLET_KEY: only EVM and TRON chains have a gas wallet`);
    }
    if (parsed.PUBLIC_RPC_URL !== undefined && family !== 'evm') {
      problems.push(`CAIRN_CHAIN_${chainId}_PUBLIC_RPC_URL: only EVM chains are added to browser wallets`);
    }
    if (parsed.DEPLOYER !== undefined && family !== 'tron') {
      problems.push(`CAIRN_CHAIN_${chainId}_DEPLOYER: only TRON chains take a deployer`);
    } else if (
      family === 'tron' &&
      parsed.DEPLOYER === undefined &&
      parsed.RPC_URL !== undefined &&
      options.requireTronDeployer !== false
    ) {
      problems.push(
        `CAIRN_CHAIN_${chainId}_DEPLOYER: a TRON chain derives its deposit addresses from the deployer the operator deployed on it; create it with cairn tron:deploy-deployer ${chainId} and set it with RPC_URL`,
      );
    }
    if (parsed.SOLIDITY_URL !== undefined && parsed.RPC_URL === undefined && family === 'tron')
      problems.push(`CAIRN_CHAIN_${chainId}_SOLIDITY_URL: set with RPC_URL (the full node it goes with)`);
    for (const setting of ['MAX_FEE_LIMIT_SUN', 'SWEEP_BATCH', 'SOLIDITY_URL'] as const)
      if (parsed[setting] !== undefined && family !== 'tron')
        problems.push(`CAIRN_CHAIN_${chainId}_${setting}: only TRON chains take it`);
    settings[chainId] = {
      chainId,
      enabled: explicit ?? (backend !== undefined || enabledList.includes(chainId)),
      ...(backend ? { backend } : {}),
      ...(parsed.CONFIRMATIONS !== undefined ? { confirmations: parsed.CONFIRMATIONS as number } : {}),
      pollMs: (parsed.POLL_MS as number | undefined) ?? DEFAULT_POLL_MS,
      watchedElsewhere,
      ...(parsed.TOKENS !== undefined ? { tokens: parsed.TOKENS as Record<string, string> } : {}),
      ...(parsed.EXPLORER_TX_URL !== undefined ? { explorerTxUrl: parsed.EXPLORER_TX_URL as string } : {}),
      ...(parsed.PUBLIC_RPC_URL !== undefined ? { publicRpcUrl: parsed.PUBLIC_RPC_URL as string } : {}),
      ...(parsed.GAS_WALLET_KEY !== undefined
        ? { gasWalletKey: parsed.GAS_WALLET_KEY as `0x${string}` }
        : {}),
      ...(parsed.DEPLOYER !== undefined ? { deployer: parsed.DEPLOYER as string } : {}),
      ...(parsed.MAX_FEE_LIMIT_SUN !== undefined
        ? { maxFeeLimitSun: parsed.MAX_FEE_LIMIT_SUN as bigint }
        : {}),
      ...(parsed.SWEEP_BATCH !== undefined ? { sweepBatch: parsed.SWEEP_BATCH as number } : {}),
      ...(parsed.SOLIDITY_URL !== undefined ? { solidityUrl: parsed.SOLIDITY_URL as string } : {}),
    };
  }
  if (problems.length > 0)
    throw new ChainSettingsError(
      `Invalid configuration (fix it and start again): ${problems.length === 1 ? `${problems[0]}.` : `\n  ${problems.join('.\n  ')}.`}`,
    );

  const enabledChains = [...enabledList.filter((id) => settings[id]?.enabled !== false)];
  for (const s of Object.values(settings))
    if (s.enabled && !enabledChains.includes(s.chainId)) enabledChains.push(s.chainId);
  return { settings, enabledChains };
}
