import type { SyncResult } from '../../src/chains/watchers/ChainWatcher.js';
import type { TestGateway } from '../harness/startTestGateway.js';
import type { ChainScenario, ScenarioChain, ScenarioPayment } from './startChainScenario.js';

/** The steps the payment, expiry and reorg suites take on a gateway watching one chain (one coin). */
export interface PathsScenario {
  readonly test: TestGateway;
  /** The required depth configured for the chain. */
  readonly confirmations: number;
  /** Creates a USD 25 payment and selects the driver's option. */
  newPayment(): Promise<ScenarioPayment>;
  /** Pays the payment's target (with its tag, memo or reference); the transaction id. */
  pay(payment: ScenarioPayment, amount: bigint): Promise<string>;
  /** Mines blocks (closes ledgers); at least one. */
  mine(count: number): Promise<unknown>;
  /** One watcher sync. */
  sync(): Promise<SyncResult>;
  // biome-ignore lint/suspicious/noExplicitAny: API body
  read(id: string): Promise<any>;
  statusOf(id: string): Promise<string>;
  ledger(id: string): Promise<{ kind: string; amount_usd: string }[]>;
  /** Moves the clock past the payment's window and fires its window timer. */
  closeWindow(id: string): Promise<void>;
  /** Moves the clock past the payment's late grace and fires its late-grace timer. */
  endLateGrace(id: string): Promise<void>;
  /** Advances the clock. */
  advance(ms: number): Promise<void>;
}

/**
 * One chain family (one coin) as the payment and expiry suites drive it: its scenario, what its payments are and
 * the family's own checks, hooked into the shared paths.
 */
export interface PathsDriver {
  /** The scenario the tests run on, started by the file's `beforeAll` (see `useScenario`). */
  scenario(): PathsScenario;
  /** The option the payments select (`CHAIN:COIN`). */
  readonly token: string;
  /**
   * No mempool: a payment is first seen in its block or closed ledger, with one confirmation
   * (detected and confirming at once, and confirmed too at a required depth of 1).
   */
  readonly seenInBlock?: boolean;
  /** Checks of a new payment the family makes (its amount at the demo rate, its address). */
  checkPayment?(payment: ScenarioPayment): void | Promise<void>;
  /**
   * The `excess_display_amount` of a 5 % overpayment, where the family states it (it is also checked
   * against the coin's decimals everywhere).
   */
  readonly overpaidExcessDisplay?: string;
  /** Checks once the exact payment is confirmed (Monero: the merchant's own wallet holds it). */
  checkConfirmed?(payment: ScenarioPayment, txid: string): Promise<void>;
  /**
   * Pays about the payment's amount somewhere the gateway watches nothing of this payment (another
   * address, the merchant's primary address). Absent: that path is not run.
   */
  payElsewhere?(payment: ScenarioPayment): Promise<unknown>;
  /**
   * Present exactly where payments share the merchant's account and carry a tag, memo or reference
   * (XRP, Stellar, Solana): pays the payment's address without it.
   */
  payWithoutMemo?(payment: ScenarioPayment, amount: bigint): Promise<unknown>;
}

/** What happens to a transfer a reorg takes out: mined again later, or never. */
export type ReorgFate = 'again' | 'gone';

/** A family with reorgs, as the reorg suite drives it. */
export interface ReorgDriver extends PathsDriver {
  /**
   * Reorgs the chain from the block holding `txid` up to the tip, so that the transfer is in no block.
   * `again`: it is mined again, by the next `mine` (a family with a mempool has it back in the mempool,
   * where the watcher sees it); `gone`: it is never mined again (dropped, or double-spent by the new
   * branch). The transfers of the blocks below stay.
   */
  reorgOut(txid: string, fate: ReorgFate): Promise<void>;
  /**
   * Runs after each reorg path: leaves the node where a payment sent next is mined in the next block
   * (Monero: a transaction sent while the chain around it is being reorged can be refused by the next
   * block templates; a few fresh blocks and a wallet refresh put the next test on a settled chain).
   */
  settle?(): Promise<void>;
}

/** A driver for a family whose scenario is a `ChainScenario` (`startScenario`). */
export function chainPathsDriver<N>(
  scenario: () => ChainScenario<N>,
  chain: ScenarioChain<N>,
  family: Omit<PathsDriver, 'scenario' | 'token' | 'seenInBlock'> = {},
): PathsDriver {
  return { scenario, token: chain.token, seenInBlock: chain.seenInBlock, ...family };
}
