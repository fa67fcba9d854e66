import { BroadcastRejectedError, WouldRevertError } from '@cairn/chain-core';
import type { ChainDefinition } from '@cairn/contract';
import type { Hex } from 'viem';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { WatcherLock } from '../watchers/WatcherLock.js';
import { readSettlementBacklog } from './readSettlementBacklog.js';
import type { SettlementSweepItem, SettlementTransaction, SettlementWallet } from './SettlementWallet.js';

/** Sweeps of one payment that may revert on chain (each burns fees) before it is no longer swept. */
const MAX_REVERTED_SWEEPS = 3;
/** A sent sweep not mined after this long is broadcast again (same signed transaction). */
const REBROADCAST_MS = 60_000;

/** How one chain's settler is set up. */
export interface ForwarderSettlerOptions {
  readonly gateway: Gateway;
  readonly chain: ChainDefinition;
  /** The gas wallet; undefined when the operator configured none (onboarding then only checks). */
  readonly gasWallet?: SettlementWallet;
  /**
   * EVM chains: relays the chain's gasless settlements, under the settler's lock (they share the gas
   * wallet's nonce sequence). Run each round before the sweeps.
   */
  relay?(): Promise<void>;
  /** Whether a contract is deployed at an address (a factory somebody else deployed counts). */
  hasCode(address: string): Promise<boolean>;
  /**
   * The factory a treasury's deposit addresses derive from today (TRON: from the configured
   * deployer). An active wallet whose factory is another (the deployer was changed) is set failed:
   * its new deposit addresses would belong to no deployed factory.
   */
  expectedFactory?(treasury: string): string;
  /**
   * Checks a factory found deployed before its wallet is used: a reason when it must not be (TRON:
   * the factory on-chain computes other forwarder addresses than the offline formula).
   */
  checkFactory?(factory: string, treasury: string): Promise<string | undefined>;
  /**
   * Chains whose CREATE2 rule is only proven on-chain (TRON): after the factory, onboarding deploys a
   * probe forwarder (a sweep of `salt`, a salt no payment has, with nothing to flush) and activates
   * the wallet only once code is at `address(factory, treasury)`, the offline formula's answer. A
   * network that put it elsewhere reverts the sweep, and the wallet stays failed: no deposit address
   * of it is ever shown.
   */
  readonly probe?: {
    readonly salt: Hex;
    address(factory: string, treasury: string): string;
    /** The probe transaction in messages. */
    readonly what: string;
  };
  /** The CREATE2 salt of a payment's forwarder on this chain. */
  salt(paymentId: string): Hex;
  /** The contract of a token symbol on this chain. */
  tokenContract(symbol: string): string;
  readonly databaseUrl: string;
}

/** What a settler reports about itself (`chains:status`, `/metrics`). */
export interface ForwarderSettlerStatus {
  readonly chainId: string;
  readonly gasWallet?: string;
  readonly gasBalance?: bigint;
  readonly gasLow?: boolean;
  readonly sweepsPending: number;
  readonly sweepsDue: number;
  readonly walletsPending: number;
  readonly lastError?: string;
}

/** What one round did. */
export interface SettleResult {
  readonly active: boolean;
  readonly activated: number;
  readonly sent: number;
  readonly confirmed: number;
  readonly failed: number;
  /** Batches that could not be signed or sent this round (retried next round). */
  readonly errors: number;
}

const NOT_RETRIED = ': not retried (remove the wallet, or ask the operator)';

interface OnboardingRow {
  id: string;
  value: string;
  onboarding_address: string;
  onboarding_tx: string | null;
  onboarding_probe_tx: string | null;
  onboarding_error: string | null;
  onboarding_updated_at: Date;
}

/**
 * One coin on one payment's forwarder, due to be flushed: the payment's own transfers, or another coin
 * that reached the forwarder (stray funds of kind `other_coin`, docs/stray-funds.md).
 */
interface DueRow {
  payment_id: string;
  treasury: string;
  factory: string;
  coin_symbol: string;
  transfer_ids: string[];
  stray_ids: string[];
}

/**
 * Settles one forwarder chain (EVM, or TRON's TVM) with the operator's gas wallet
 * (docs/operating/evm.md, docs/operating/tron.md): the one-time onboarding of each merchant wallet (its
 * forwarder factory) and the sweeps that deploy each paid forwarder and flush it to the merchant's
 * treasury. One instance per chain is active (an advisory lock: one nonce sequence on EVM, one signer
 * everywhere). Sweeps never touch a payment's status; they are recorded, followed and retried; what
 * each cost is logged and kept (`evm_sweeps.fee`).
 */
export class ForwarderSettler {
  readonly chainId: string;
  readonly #options: ForwarderSettlerOptions;
  readonly #lock: WatcherLock;
  #status: ForwarderSettlerStatus;
  /** The watcher's last re-anchor this settler has handled (`chain_cursors.reanchored_at`, ISO). */
  #reanchorSeen: string | undefined;
  /** Stray coins on forwarders without a known contract, logged once each (`payment:coin`). */
  readonly #unsweepable = new Set<string>();

  constructor(options: ForwarderSettlerOptions) {
    this.#options = options;
    this.chainId = options.chain.id;
    this.#lock = new WatcherLock(
      options.databaseUrl,
      `cairn:evm-settler:${this.chainId}`,
      'cairn evm settler',
    );
    this.#status = { chainId: this.chainId, sweepsPending: 0, sweepsDue: 0, walletsPending: 0 };
  }

  status(): ForwarderSettlerStatus {
    return this.#status;
  }

  async #sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    return (await this.#options.gateway.orm.em.getConnection().execute(query, params, 'all')) as T[];
  }

  /** One round: onboarding, then the outcome of sent sweeps, then new sweeps. */
  async settleOnce(): Promise<SettleResult> {
    if (!(await this.#lock.tryAcquire()))
      return { active: false, activated: 0, sent: 0, confirmed: 0, failed: 0, errors: 0 };
    try {
      const activated = await this.#onboard();
      const { confirmed, failed } = await this.#follow();
      // Gasless settlements share the gas wallet's nonce sequence: relayed here, under the same lock.
      await this.#options.relay?.();
      const { sent, errors, lastError } = await this.#sweep();
      await this.#refreshStatus();
      if (lastError) this.#status = { ...this.#status, lastError };
      return { active: true, activated, sent, confirmed, failed, errors };
    } catch (error) {
      this.#status = { ...this.#status, lastError: (error as Error).message };
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.#lock.release();
  }

  async #refreshStatus(): Promise<void> {
    const backlog = await readSettlementBacklog(this.#options.gateway.orm.em.fork(), this.chainId);
    const wallet = this.#options.gasWallet;
    let gas: Partial<ForwarderSettlerStatus> = {};
    if (wallet) {
      const [balance, low] = await Promise.all([wallet.balance(), wallet.lowBalance()]);
      gas = { gasWallet: wallet.address, gasBalance: balance, gasLow: balance < low };
    }
    this.#status = { chainId: this.chainId, ...backlog, ...gas };
  }

  /**
   * Wallets not yet active: active once their factory has code (and, where the chain proves its
   * addresses with a probe, once the probe forwarder has code at its offline address); otherwise the
   * gas wallet deploys what is missing. A live wallet still waiting for its owner's confirmation is
   * left alone: no gas is spent on a wallet that may never be confirmed.
   */
  async #onboard(): Promise<number> {
    const { gateway } = this.#options;
    await this.#afterReanchor();
    const wallets = await this.#sql<OnboardingRow>(
      `select id, value, onboarding_address, onboarding_tx, onboarding_probe_tx, onboarding_error, onboarding_updated_at from wallets
        where chain_id = ? and onboarding_status in ('pending', 'failed') and removed_at is null
          and confirmed_at is not null order by created_at`,
      [this.chainId],
    );
    let activated = 0;
    for (const wallet of wallets) {
      try {
        if (await this.#onboardOne(wallet)) activated += 1;
      } catch (error) {
        // One wallet (a node error on its factory, say) never holds up the others or the sweeps.
        const reason = `onboarding could not go on (retried): ${(error as Error).message}`;
        if (wallet.onboarding_error !== reason) {
          await this.#fail(wallet.id, reason);
          gateway.log.warn(
            { chainId: this.chainId, walletId: wallet.id, err: error },
            'wallet onboarding failed',
          );
        }
      }
    }
    await this.#checkActiveFactories();
    return activated;
  }

  /**
   * After the chain's watcher re-anchored on a reset chain (docs/operating/chain-resets.md), the
   * factories of active wallets may have gone with the old chain: each is looked at once (its code,
   * one read per wallet; also once after each start of the gateway, when the chain was ever
   * re-anchored), and one without code is onboarded again (pending: no new payment on it until then).
   */
  async #afterReanchor(): Promise<void> {
    const [row] = await this.#sql<{ reanchored_at: Date | null }>(
      'select reanchored_at from chain_cursors where chain_id = ?',
      [this.chainId],
    );
    const at = row?.reanchored_at ? new Date(row.reanchored_at).toISOString() : undefined;
    if (at === undefined || at === this.#reanchorSeen) return;
    const { gateway } = this.#options;
    const active = await this.#sql<{ id: string; onboarding_address: string }>(
      `select id, onboarding_address from wallets
        where chain_id = ? and onboarding_status = 'active' and removed_at is null
          and onboarding_address is not null`,
      [this.chainId],
    );
    for (const wallet of active) {
      if (await this.#options.hasCode(wallet.onboarding_address)) continue;
      await this.#sql(
        `update wallets set onboarding_status = 'pending', onboarding_tx = null, onboarding_probe_tx = null,
                onboarding_error = null, onboarding_updated_at = ?
          where id = ?`,
        [gateway.clock.now().toISOString(), wallet.id],
      );
      gateway.log.warn(
        { chainId: this.chainId, walletId: wallet.id, factory: wallet.onboarding_address },
        'the wallet factory is gone with the reset chain; onboarding the wallet again',
      );
    }
    this.#reanchorSeen = at;
  }

  /**
   * Why a wallet's factory is not the one its deposit addresses now derive from (the chain's deployer
   * setting changed); undefined when it is, or when the chain's factories cannot change.
   */
  #factoryChanged(wallet: { value: string; onboarding_address: string }): string | undefined {
    const now = this.#options.expectedFactory?.(wallet.value);
    if (now === undefined || now === wallet.onboarding_address) return undefined;
    return `the factory of this wallet is ${wallet.onboarding_address}, but its deposit addresses would now derive from ${now}: the chain's deployer setting changed. Restore it (payments on this wallet stop until then), or remove the wallet and add it again`;
  }

  /** Active wallets whose factory is not the one their deposit addresses now derive from: failed. */
  async #checkActiveFactories(): Promise<void> {
    if (!this.#options.expectedFactory) return;
    const active = await this.#sql<{ id: string; value: string; onboarding_address: string }>(
      `select id, value, onboarding_address from wallets
        where chain_id = ? and onboarding_status = 'active' and removed_at is null`,
      [this.chainId],
    );
    for (const wallet of active) {
      const reason = this.#factoryChanged(wallet);
      if (!reason) continue;
      await this.#fail(wallet.id, reason);
      this.#options.gateway.log.error(
        { chainId: this.chainId, walletId: wallet.id, reason },
        'wallet factory changed',
      );
    }
  }

  /** One wallet's onboarding step; true when it became active. */
  async #onboardOne(wallet: OnboardingRow): Promise<boolean> {
    const { gateway, gasWallet, probe } = this.#options;
    const factory = wallet.onboarding_address;
    if (wallet.onboarding_error?.endsWith(NOT_RETRIED)) return false;
    const changed = this.#factoryChanged(wallet);
    if (changed) {
      if (wallet.onboarding_error !== changed) await this.#fail(wallet.id, changed);
      return false;
    }
    if (!(await this.#options.hasCode(factory))) {
      await this.#step(wallet, 'onboarding_tx', 'the factory deployment', true, () =>
        gasWallet!.signFactoryDeployment(wallet.value),
      );
      return false;
    }
    const problem = await this.#options.checkFactory?.(factory, wallet.value);
    if (problem) {
      if (wallet.onboarding_error === problem) return false; // known: checked each round, logged once
      await this.#fail(wallet.id, problem);
      gateway.log.error({ chainId: this.chainId, walletId: wallet.id, factory, problem }, 'factory refused');
      return false;
    }
    if (probe && !(await this.#options.hasCode(probe.address(factory, wallet.value)))) {
      // A probe that reverts (or would) stays failed, not sent again: it would revert again, at a cost.
      await this.#step(wallet, 'onboarding_probe_tx', probe.what, false, () =>
        gasWallet!.signSweep(factory, [{ salt: probe.salt, token: null }]),
      );
      return false;
    }
    await this.#sql(
      `update wallets set onboarding_status = 'active', onboarding_error = null, onboarding_updated_at = ? where id = ?`,
      [gateway.clock.now().toISOString(), wallet.id],
    );
    gateway.log.info({ chainId: this.chainId, walletId: wallet.id, factory }, 'wallet onboarded');
    return true;
  }

  /**
   * One onboarding transaction (`column` holds its hash): followed while sent, signed anew when never
   * mined, else signed, recorded and broadcast. Its effect (code) is seen by the next round.
   */
  async #step(
    wallet: OnboardingRow,
    column: 'onboarding_tx' | 'onboarding_probe_tx',
    what: string,
    retryReverted: boolean,
    sign: () => Promise<SettlementTransaction>,
  ): Promise<void> {
    const { gateway, gasWallet } = this.#options;
    if (!gasWallet) {
      await this.#fail(
        wallet.id,
        `no gas wallet is configured for ${this.chainId} (set CAIRN_CHAIN_${this.chainId}_GAS_WALLET_KEY)`,
      );
      return;
    }
    const sent = wallet[column];
    if (sent) {
      const receipt = await gasWallet.receipt(sent);
      const age = gateway.clock.now().getTime() - new Date(wallet.onboarding_updated_at).getTime();
      if (receipt === null && age > gasWallet.resignAfterMs) {
        // Never mined (or never broadcast before a crash): sign it anew. Should the first one still
        // land, its code is seen first and the step is done.
        await this.#sql(`update wallets set ${column} = null where id = ?`, [wallet.id]);
        return;
      }
      if (receipt?.status === 'reverted')
        await this.#fail(
          wallet.id,
          `${what} ${sent} reverted${retryReverted ? '' : NOT_RETRIED}`,
          retryReverted ? column : undefined,
        );
      else if (
        receipt?.status === 'success' &&
        age > gasWallet.resignAfterMs &&
        wallet.onboarding_error === null
      )
        // Mined long ago and still no code where it was expected: the chain put it elsewhere.
        await this.#fail(
          wallet.id,
          `${what} ${sent} succeeded, but nothing is at the address Cairn computed${NOT_RETRIED}`,
        );
      return; // pending, or mined: the next round sees the code (the node may lag a block)
    }
    let signed: SettlementTransaction;
    try {
      signed = await sign();
    } catch (error) {
      if (retryReverted || !(error instanceof WouldRevertError)) throw error;
      // The chain says it would revert: as good as a reverted probe, and nothing was spent.
      await this.#fail(wallet.id, `${what} would revert (${error.message})${NOT_RETRIED}`);
      return;
    }
    await this.#sql(
      `update wallets set onboarding_status = 'pending', ${column} = ?, onboarding_error = null, onboarding_updated_at = ? where id = ?`,
      [signed.hash, gateway.clock.now().toISOString(), wallet.id],
    );
    try {
      await gasWallet.broadcast(signed.raw);
    } catch (error) {
      if (!(error instanceof BroadcastRejectedError)) throw error; // may have arrived: followed next round
      await this.#fail(wallet.id, `${what} was refused: ${error.message}`, column);
      return;
    }
    gateway.log.info(
      { chainId: this.chainId, walletId: wallet.id, tx: signed.hash, what },
      'wallet onboarding sent',
    );
  }

  async #fail(
    walletId: string,
    reason: string,
    clear?: 'onboarding_tx' | 'onboarding_probe_tx',
  ): Promise<void> {
    await this.#sql(
      `update wallets set onboarding_status = 'failed', onboarding_error = ?, onboarding_updated_at = ?
         ${clear ? `, ${clear} = null` : ''} where id = ?`,
      [reason, this.#options.gateway.clock.now().toISOString(), walletId],
    );
  }

  /** Sent sweeps: confirmed, reverted (their transfers become due again), or broadcast again. */
  async #follow(): Promise<{ confirmed: number; failed: number }> {
    const { gasWallet, gateway } = this.#options;
    if (!gasWallet) return { confirmed: 0, failed: 0 };
    const sent = await this.#sql<{
      id: string;
      tx_hash: string;
      raw_tx: string;
      created_at: Date;
      updated_at: Date;
    }>(
      `select id, tx_hash, raw_tx, created_at, updated_at from evm_sweeps where chain_id = ? and status = 'sent' order by nonce nulls last, created_at`,
      [this.chainId],
    );
    let confirmed = 0;
    let failed = 0;
    for (const sweep of sent) {
      const now = gateway.clock.now();
      const receipt = await gasWallet.receipt(sweep.tx_hash);
      if (receipt === null) {
        if (now.getTime() - new Date(sweep.updated_at).getTime() > REBROADCAST_MS) {
          try {
            await gasWallet.broadcast(sweep.raw_tx);
            await this.#sql('update evm_sweeps set updated_at = ? where id = ?', [
              now.toISOString(),
              sweep.id,
            ]);
          } catch (error) {
            // Refused, and too old to be mined any more (EVM: its nonce went to another transaction,
            // it was never broadcast before a crash; TRON: it expired): unless mined meanwhile, drop
            // it. Younger, a refusal may be the node's alone (busy, not synced) while the network
            // still has it: it is kept, and sent again next time.
            if (!(error instanceof BroadcastRejectedError)) throw error;
            const age = now.getTime() - new Date(sweep.created_at).getTime();
            if (age <= gasWallet.resignAfterMs) {
              gateway.log.warn(
                { chainId: this.chainId, sweepId: sweep.id, err: error },
                'sweep refused when sent again; kept',
              );
              continue;
            }
            if ((await gasWallet.receipt(sweep.tx_hash)) !== null) continue;
            await this.#abandon(sweep.id, `sent again and refused: ${error.message}`, now);
            failed += 1;
          }
        }
        continue;
      }
      if (receipt.status === 'success') {
        await this.#sql(
          `update evm_sweeps set status = 'confirmed', gas_used = ?, fee = ?, updated_at = ? where id = ?`,
          [receipt.gasUsed.toString(), receipt.fee.toString(), now.toISOString(), sweep.id],
        );
        gateway.log.info(
          {
            chainId: this.chainId,
            sweepId: sweep.id,
            tx: sweep.tx_hash,
            ...receipt.costs,
            fee: receipt.fee.toString(),
          },
          'sweep confirmed',
        );
        confirmed += 1;
        continue;
      }
      await this.#abandon(sweep.id, 'reverted', now, receipt);
      failed += 1;
    }
    return { confirmed, failed };
  }

  /** Marks a sweep failed and makes its transfers due again (the next round sweeps them anew). */
  async #abandon(
    sweepId: string,
    reason: string,
    now: Date,
    receipt?: { gasUsed: bigint; fee: bigint },
  ): Promise<void> {
    await this.#options.gateway.orm.em.fork().transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      await conn.execute(
        `update evm_sweeps set status = 'failed', gas_used = ?, fee = ?, error = ?, updated_at = ? where id = ?`,
        [
          receipt?.gasUsed.toString() ?? null,
          receipt?.fee.toString() ?? null,
          reason,
          now.toISOString(),
          sweepId,
        ],
        'run',
        ctx,
      );
      await conn.execute('update transfers set sweep_id = null where sweep_id = ?', [sweepId], 'run', ctx);
      await conn.execute('update stray_funds set sweep_id = null where sweep_id = ?', [sweepId], 'run', ctx);
    });
    this.#options.gateway.log.error(
      { chainId: this.chainId, sweepId, reason },
      'sweep failed; its transfers are swept again',
    );
  }

  /**
   * Transfers at their payment's required depth and not swept yet, and other coins on the forwarders
   * at that depth (stray funds): one sweep per treasury (batched). A forwarder may appear once per coin
   * in one sweep: the factory deploys it for the first and only flushes it for the next.
   */
  async #sweep(): Promise<{ sent: number; errors: number; lastError?: string }> {
    const { gasWallet, gateway } = this.#options;
    if (!gasWallet) return { sent: 0, errors: 0 };
    const notRevertedTooOften = (alias: string) =>
      `(select count(*) from evm_sweeps f
          where f.chain_id = ${alias}.chain_id and f.status = 'failed' and f.error = 'reverted'
            and ${alias}.payment_id = any(f.payment_ids)) < ${MAX_REVERTED_SWEEPS}`;
    const payments = await this.#sql<DueRow>(
      `select t.payment_id, w.value as treasury, w.onboarding_address as factory, p.selected_coin_symbol as coin_symbol,
              array_agg(t.id) as transfer_ids, '{}'::uuid[] as stray_ids
         from transfers t
         join payments p on p.id = t.payment_id
         join wallets w on w.id = p.wallet_id
        where t.chain_id = ? and t.sweep_id is null and not t.removed
          and t.confirmations >= greatest(1, p.required_confirmations)
          and w.onboarding_status = 'active'
          and ${notRevertedTooOften('t')}
        group by t.payment_id, w.value, w.onboarding_address, p.selected_coin_symbol
        order by min(t.detected_at)
        limit 500`,
      [this.chainId],
    );
    const strays = await this.#sql<DueRow>(
      `select s.payment_id, w.value as treasury, w.onboarding_address as factory, s.coin_symbol,
              '{}'::uuid[] as transfer_ids, array_agg(s.id) as stray_ids
         from stray_funds s
         join payments p on p.id = s.payment_id
         join wallets w on w.id = p.wallet_id
        where s.chain_id = ? and s.kind = 'other_coin' and s.sweep_id is null and not s.removed
          and s.confirmations >= greatest(1, p.required_confirmations)
          and w.onboarding_status = 'active'
          and ${notRevertedTooOften('s')}
        group by s.payment_id, w.value, w.onboarding_address, s.coin_symbol
        order by min(s.found_at)
        limit 500`,
      [this.chainId],
    );
    const due = [...payments, ...strays.filter((row) => this.#token(row) !== undefined)];
    const byTreasury = new Map<string, DueRow[]>();
    for (const row of due) byTreasury.set(row.treasury, [...(byTreasury.get(row.treasury) ?? []), row]);
    let sent = 0;
    let errors = 0;
    let lastError: string | undefined;
    const batches: DueRow[][] = [];
    for (const rows of byTreasury.values())
      for (let start = 0; start < rows.length; start += gasWallet.maxBatch)
        batches.push(rows.slice(start, start + gasWallet.maxBatch));
    while (batches.length > 0) {
      const batch = batches.shift()!;
      const items: SettlementSweepItem[] = batch.map((row) => ({
        salt: this.#options.salt(row.payment_id),
        token: this.#token(row) ?? null,
      }));
      const first = batch[0]!;
      let signed: SettlementTransaction;
      try {
        signed = await gasWallet.signSweep(first.factory, items);
      } catch (error) {
        // Estimating found it would fail, or the node or the gas wallet cannot pay: nothing was sent.
        // A batch is tried again one forwarder at a time (one bad forwarder must not hold up the
        // rest); a single one stays due for the next round. Other treasuries go on.
        if (batch.length > 1 && error instanceof WouldRevertError) {
          batches.unshift(...batch.map((row) => [row]));
          continue;
        }
        errors += 1;
        lastError = (error as Error).message;
        gateway.log.error(
          { chainId: this.chainId, treasury: first.treasury, forwarders: batch.length, err: error },
          'sweep could not be prepared; retried next round',
        );
        continue;
      }
      const id = crypto.randomUUID();
      const now = gateway.clock.now().toISOString();
      await gateway.orm.em.fork().transactional(async (tx) => {
        const conn = tx.getConnection();
        const ctx = tx.getTransactionContext();
        await conn.execute(
          `insert into evm_sweeps (id, chain_id, treasury, factory, payment_ids, tokens, status, tx_hash, raw_tx, nonce, created_at, updated_at)
           values (?, ?, ?, ?, ?::uuid[], ?::text[], 'sent', ?, ?, ?, ?, ?)`,
          [
            id,
            this.chainId,
            first.treasury,
            first.factory,
            `{${batch.map((r) => r.payment_id).join(',')}}`,
            `{${items.map((i) => i.token ?? 'native').join(',')}}`,
            signed.hash,
            signed.raw,
            signed.nonce,
            now,
            now,
          ],
          'run',
          ctx,
        );
        await conn.execute(
          'update transfers set sweep_id = ? where id = any(?::uuid[])',
          [id, `{${batch.flatMap((r) => r.transfer_ids).join(',')}}`],
          'run',
          ctx,
        );
        await conn.execute(
          'update stray_funds set sweep_id = ? where id = any(?::uuid[])',
          [id, `{${batch.flatMap((r) => r.stray_ids).join(',')}}`],
          'run',
          ctx,
        );
      });
      try {
        await gasWallet.broadcast(signed.raw);
      } catch (error) {
        if (!(error instanceof BroadcastRejectedError)) throw error; // may have arrived: followed next round
        // Refused (the gas wallet cannot pay, say): it will never be mined; its transfers are due again.
        await this.#abandon(id, error.message, gateway.clock.now());
        errors += 1;
        lastError = error.message;
        continue;
      }
      const strayCount = batch.reduce((n, row) => n + row.stray_ids.length, 0);
      gateway.log.info(
        {
          chainId: this.chainId,
          sweepId: id,
          tx: signed.hash,
          forwarders: batch.length,
          ...(strayCount > 0 ? { strayFunds: strayCount } : {}),
        },
        'sweep sent',
      );
      sent += 1;
    }
    return { sent, errors, ...(lastError ? { lastError } : {}) };
  }

  /**
   * The token contract a due row flushes; null for the chain's native coin. Undefined for another coin
   * the chain cannot name a contract for (a stray of a token no longer configured): logged, left on the
   * forwarder (anybody may still flush it to the treasury).
   */
  #token(row: DueRow): string | null | undefined {
    if (row.coin_symbol === this.#options.chain.coins[0]!.symbol) return null;
    try {
      return this.#options.tokenContract(row.coin_symbol);
    } catch (error) {
      if (row.transfer_ids.length > 0) throw error;
      const key = `${row.payment_id}:${row.coin_symbol}`;
      if (this.#unsweepable.has(key)) return undefined;
      this.#unsweepable.add(key);
      this.#options.gateway.log.warn(
        { chainId: this.chainId, paymentId: row.payment_id, coin: row.coin_symbol, err: error },
        'stray funds on a forwarder in a coin without a known contract: not swept',
      );
      return undefined;
    }
  }
}
