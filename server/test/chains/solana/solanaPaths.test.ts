import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventNamesFor } from '../eventsFor.js';
import { expiryPathsSuite } from '../expiryPathsSuite.js';
import { chainPathsDriver } from '../pathsDriver.js';
import { paymentPathsSuite } from '../paymentPathsSuite.js';
import { type ChainScenario, startScenario } from '../startChainScenario.js';
import { useScenario } from '../useScenario.js';
import { type SolanaDevnet, solanaDevnet } from './solanaDevnet.js';

// The lifecycle paths on SOL_DEVNET through the Solana observer (target polling per merchant wallet,
// matched by Solana Pay reference, credited from balance changes at `finalized`) and the real watcher
// core, against a fake Solana RPC whose transfers run in litesvm (no validator runs here).

describe.each(['SOL', 'USDC'] as const)(
  'payment paths on Solana (fake RPC, litesvm), %s, required depth 1',
  (coin) => {
    const s = useScenario(() => startScenario(solanaDevnet(coin), { confirmations: 1 }));
    paymentPathsSuite(
      chainPathsDriver(s, solanaDevnet(coin), {
        payWithoutMemo: (p, amount) => s().node.send(p.address, amount),
      }),
    );
  },
);

describe('expiry paths on Solana (fake RPC, litesvm)', () => {
  const s = useScenario(() => startScenario(solanaDevnet('SOL'), { confirmations: 2 }));
  expiryPathsSuite(chainPathsDriver(s, solanaDevnet('SOL')));
});

describe('attacks on Solana (fake RPC, litesvm)', () => {
  let s: ChainScenario<SolanaDevnet>;
  beforeAll(async () => {
    s = await startScenario(solanaDevnet('USDC'), { confirmations: 1 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it('a transaction carrying the reference but paying less is credited what it paid: underpaid', async () => {
    const p = await s.newPayment();
    const paid = p.amount / 4n;
    const signature = await s.pay(p, paid);
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('underpaid');
    expect(read.transactions).toEqual([
      expect.objectContaining({ tx_id: signature, amount: paid.toString() }),
    ]);
  });

  it('the reference on a worthless mint, a diverted transfer or a failed one credits nothing', async () => {
    const p = await s.newPayment();
    await s.node.rpc.payWithFakeMint({ recipient: p.address, reference: p.memo, amount: p.amount });
    await s.node.rpc.payDiverted({ recipient: p.address, reference: p.memo, amount: p.amount, coin: 'USDC' });
    await s.node.rpc.payFailing({ recipient: p.address, reference: p.memo, amount: p.amount, coin: 'USDC' });
    s.node.rpc.closeBlocks(1);
    await s.sync();
    const read = await s.read(p.id);
    expect(read.status).toBe('awaiting_payment');
    expect(read.transactions).toEqual([]);
    expect(await eventNamesFor(s.test, p.id)).toEqual(['payment.awaiting']);
  });
});
