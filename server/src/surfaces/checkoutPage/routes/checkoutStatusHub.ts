import type { Gateway } from '../../../domain/gateway/Gateway.js';
import { readPaymentFingerprints } from '../../../domain/payments/readPaymentFingerprints.js';

type Listener = () => void;

/**
 * Tells open checkout pages (server-sent event streams) when their payment changed. One read per
 * tick covers every watched payment, however many pages are open: the payments' fingerprints
 * (readPaymentFingerprints: status, update time, refunds, every transfer's confirmations), so a new
 * confirmation or a refund recorded is seen even when the status stays the same. The timer runs only
 * while someone is watching. Works across several gateway instances, since it reads the database
 * every instance writes.
 */
export class CheckoutStatusHub {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #fingerprints = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;

  constructor(
    private readonly gateway: Gateway,
    private readonly intervalMs: number,
  ) {}

  /**
   * Calls `listener` after each change of payment `id` (and once on the first check, which a stream
   * that rendered just before subscribing may have missed); returns the unsubscribe function.
   */
  subscribe(id: string, listener: Listener): () => void {
    let set = this.#listeners.get(id);
    if (!set) {
      set = new Set();
      this.#listeners.set(id, set);
    }
    set.add(listener);
    this.#timer ??= setInterval(() => void this.tick(), this.intervalMs).unref();
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.#listeners.delete(id);
        this.#fingerprints.delete(id);
      }
      if (this.#listeners.size === 0) this.stop();
    };
  }

  /** How many streams watch payment `id`. */
  watchers(id: string): number {
    return this.#listeners.get(id)?.size ?? 0;
  }

  /** Stops the timer (listeners stay; the next subscribe restarts it). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Reads the fingerprints of every watched payment and notifies those that changed. */
  async tick(): Promise<void> {
    if (this.#ticking || this.#listeners.size === 0) return;
    this.#ticking = true;
    try {
      const ids = [...this.#listeners.keys()];
      const rows = await readPaymentFingerprints(this.gateway, ids);
      for (const row of rows) {
        const previous = this.#fingerprints.get(row.id);
        this.#fingerprints.set(row.id, row.fingerprint);
        if (previous !== row.fingerprint) {
          for (const listener of this.#listeners.get(row.id) ?? []) listener();
        }
      }
    } catch (error) {
      this.gateway.log.warn({ err: error }, 'checkout status check failed; retrying on the next tick');
    } finally {
      this.#ticking = false;
    }
  }
}
