import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CONSTRUCTED Esplora server for tests: no Esplora/electrs server exists on this machine, so this
 * serves responses built to Blockstream's documented format (github.com/Blockstream/esplora API.md:
 * `/blocks/tip/hash`, `/block/:hash`, `/block-height/:height`, `/address/:address/txs` with up to 50
 * mempool and 25 confirmed transactions newest first, `/address/:address/txs/chain/:last_seen_txid`
 * for the next 25) from an in-memory chain the test drives: mine, reorg, drop from the mempool.
 */
export interface FakeEsplora {
  readonly url: string;
  /** Paths requested, in order. */
  readonly requests: string[];
  /** Puts a transaction paying `outputs` in the mempool; returns its txid. */
  broadcast(outputs: readonly { address: string; scriptpubkey: string; value: number }[]): string;
  /** Mines a block with the given mempool transactions (default: all); returns its hash. */
  mine(txids?: readonly string[]): string;
  /** Drops the blocks above `height`; their transactions go back to the mempool unless `drop`ped. */
  reorgTo(height: number, options?: { drop?: readonly string[] }): void;
  /** Removes a transaction from the mempool (evicted, replaced). */
  evict(txid: string): void;
  tipHeight(): number;
  /** Makes every request answer this HTTP status (null: normal again). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

interface FakeTx {
  txid: string;
  vout: { address: string; scriptpubkey: string; value: number }[];
  block: string | null;
  order: number;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export async function startFakeEsplora(): Promise<FakeEsplora> {
  const genesis = sha('genesis');
  const blocks: { hash: string; height: number; prev: string | null }[] = [
    { hash: genesis, height: 0, prev: null },
  ];
  const txs = new Map<string, FakeTx>();
  const requests: string[] = [];
  let order = 0;
  let failure: number | null = null;

  const heightOf = (hash: string) => blocks.findIndex((b) => b.hash === hash);
  const txJson = (tx: FakeTx) => {
    const height = tx.block === null ? -1 : heightOf(tx.block);
    return {
      txid: tx.txid,
      version: 2,
      locktime: 0,
      vin: [],
      vout: tx.vout.map((o) => ({
        scriptpubkey: o.scriptpubkey,
        scriptpubkey_asm: '',
        scriptpubkey_type: o.scriptpubkey.startsWith('0014') ? 'v0_p2wpkh' : 'p2pkh',
        scriptpubkey_address: o.address,
        value: o.value,
      })),
      size: 222,
      weight: 561,
      fee: 141,
      status:
        height >= 0
          ? {
              confirmed: true,
              block_height: height,
              block_hash: tx.block,
              block_time: 1_790_000_000 + height,
            }
          : { confirmed: false },
    };
  };
  const history = (address: string) =>
    [...txs.values()]
      .filter((tx) => tx.vout.some((o) => o.address === address))
      .filter((tx) => tx.block === null || heightOf(tx.block) >= 0)
      .sort((a, b) => b.order - a.order);

  const answer = (path: string): { status: number; body: string } => {
    const json = (value: unknown) => ({ status: 200, body: JSON.stringify(value) });
    if (path === '/blocks/tip/hash') return { status: 200, body: blocks.at(-1)!.hash };
    if (path === '/blocks/tip/height') return { status: 200, body: String(blocks.length - 1) };
    let m = /^\/block-height\/(\d+)$/.exec(path);
    if (m) {
      const block = blocks[Number(m[1])];
      return block ? { status: 200, body: block.hash } : { status: 404, body: 'Block not found' };
    }
    m = /^\/block\/([0-9a-f]{64})$/.exec(path);
    if (m) {
      const height = heightOf(m[1]!);
      if (height < 0) return { status: 404, body: 'Block not found' };
      const block = blocks[height]!;
      return json({ id: block.hash, height, previousblockhash: block.prev, tx_count: 1, timestamp: 0 });
    }
    m = /^\/address\/([^/]+)\/txs(?:\/chain\/([0-9a-f]{64}))?$/.exec(path);
    if (m) {
      const all = history(decodeURIComponent(m[1]!));
      const confirmed = all.filter((tx) => tx.block !== null);
      if (m[2]) {
        const after = confirmed.findIndex((tx) => tx.txid === m![2]);
        return json(confirmed.slice(after + 1, after + 26).map(txJson));
      }
      const mempool = all.filter((tx) => tx.block === null).slice(0, 50);
      return json([...mempool, ...confirmed.slice(0, 25)].map(txJson));
    }
    return { status: 404, body: 'not found' };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    const { status, body } = failure === null ? answer(path) : { status: failure, body: 'unavailable' };
    res.writeHead(status, {
      'content-type': body.startsWith('[') || body.startsWith('{') ? 'application/json' : 'text/plain',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    broadcast(outputs) {
      const txid = randomBytes(32).toString('hex');
      txs.set(txid, { txid, vout: [...outputs], block: null, order: order++ });
      return txid;
    },
    mine(txids) {
      const prev = blocks.at(-1)!;
      const hash = sha(`${prev.hash}:${blocks.length}:${randomBytes(8).toString('hex')}`);
      blocks.push({ hash, height: blocks.length, prev: prev.hash });
      for (const tx of txs.values()) {
        if (tx.block === null && (txids === undefined || txids.includes(tx.txid))) tx.block = hash;
      }
      return hash;
    },
    reorgTo(height, options = {}) {
      const dropped = new Set(blocks.splice(height + 1).map((b) => b.hash));
      for (const tx of txs.values()) {
        if (tx.block !== null && dropped.has(tx.block)) tx.block = null;
      }
      for (const txid of options.drop ?? []) txs.delete(txid);
    },
    evict(txid) {
      if (txs.get(txid)?.block === null) txs.delete(txid);
    },
    tipHeight: () => blocks.length - 1,
    failWith(status) {
      failure = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
