import {
  type BlockHeader,
  ChainBackendError,
  type PolledTarget,
  type TargetActivity,
  type TargetPollObserver,
} from '@cairn/chain-core';

/** Options of the Esplora backend. */
export interface UtxoEsploraObserverOptions {
  readonly chainId: string;
  /** Base URL of the Esplora REST API, e.g. `https://blockstream.info/testnet/api`. */
  readonly url: string;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Parallel address requests (default 4), to stay under public servers' rate limits. */
  readonly concurrency?: number;
  /** Confirmed-history pages (25 transactions each) read per address (default 4). */
  readonly maxPages?: number;
}

interface EsploraTx {
  readonly txid: string;
  readonly vout: readonly { readonly scriptpubkey: string; readonly value: number }[];
  readonly status: {
    readonly confirmed: boolean;
    readonly block_height?: number;
    readonly block_hash?: string;
  };
}

interface EsploraBlock {
  readonly id: string;
  readonly height: number;
  readonly previousblockhash: string | null;
}

/** Esplora pages confirmed history 25 transactions at a time. */
const PAGE = 25;

/**
 * The target-polling backend over an Esplora REST server (Blockstream's electrs, mempool.space): the
 * tip and headers from `/blocks/tip/hash` and `/block/:hash`, payments from `/address/:address/txs`
 * (mempool and confirmed, paged). Esplora cannot stream whole blocks cheaply, so this backend costs one
 * request per watched address per poll: fine for a shop's open checkouts, not for a million of them
 * (use a node's JSON-RPC there).
 */
export function createUtxoEsploraObserver(options: UtxoEsploraObserverOptions): TargetPollObserver {
  const { chainId } = options;
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const concurrency = options.concurrency ?? 4;
  const maxPages = options.maxPages ?? 4;

  async function get(path: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...(options.headers ? { headers: { ...options.headers } } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChainBackendError(chainId, `GET ${path}: cannot reach ${base}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return response;
  }
  async function text(path: string): Promise<string> {
    const response = await get(path);
    const body = await response.text();
    if (!response.ok)
      throw new ChainBackendError(chainId, `GET ${path}: HTTP ${response.status} ${body.slice(0, 120)}`);
    return body.trim();
  }
  async function json<T>(path: string): Promise<T> {
    const body = await text(path);
    try {
      return JSON.parse(body) as T;
    } catch (error) {
      throw new ChainBackendError(chainId, `GET ${path}: not JSON`, { cause: error });
    }
  }
  const headerOf = (block: EsploraBlock): BlockHeader => ({
    height: block.height,
    hash: block.id,
    parentHash: block.previousblockhash ?? null,
  });
  const amountOf = (value: number, where: string): bigint => {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new ChainBackendError(chainId, `${where}: bad value ${value}`);
    return BigInt(value);
  };

  async function activityOf(target: PolledTarget): Promise<TargetActivity[]> {
    const address = encodeURIComponent(target.address);
    const txs: EsploraTx[] = [];
    let page = await json<EsploraTx[]>(`/address/${address}/txs`);
    txs.push(...page);
    let confirmedInPage = page.filter((tx) => tx.status.confirmed);
    for (let pages = 1; pages < maxPages && confirmedInPage.length >= PAGE; pages += 1) {
      page = await json<EsploraTx[]>(`/address/${address}/txs/chain/${confirmedInPage.at(-1)!.txid}`);
      txs.push(...page);
      confirmedInPage = page;
    }
    const found: TargetActivity[] = [];
    for (const tx of txs) {
      const { confirmed, block_height: height, block_hash: hash } = tx.status;
      const block = confirmed && height !== undefined && hash !== undefined ? { height, hash } : null;
      tx.vout.forEach((out, index) => {
        if (out.scriptpubkey !== target.matchKey) return;
        found.push({
          txid: tx.txid,
          index,
          matchKey: out.scriptpubkey,
          amount: amountOf(out.value, `${tx.txid}:${index}`),
          block,
        });
      });
    }
    return found;
  }

  return {
    chainId,
    strategy: 'target-poll',

    async tip() {
      const hash = await text('/blocks/tip/hash');
      const block = await json<EsploraBlock>(`/block/${hash}`);
      return { height: block.height, hash: block.id };
    },

    async blockHashAt(height) {
      const response = await get(`/block-height/${height}`);
      const body = (await response.text()).trim();
      if (response.status === 404) return null;
      if (!response.ok)
        throw new ChainBackendError(chainId, `GET /block-height/${height}: HTTP ${response.status}`);
      return body;
    },

    async networkIdentity() {
      return text('/block-height/0');
    },

    async header(hash) {
      return headerOf(await json<EsploraBlock>(`/block/${hash}`));
    },

    async targetActivity(targets) {
      const results: TargetActivity[] = [];
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const target = targets[next++]!;
          results.push(...(await activityOf(target)));
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
      return { activity: results, unread: [] };
    },
  };
}
