import { type ChainDefinition, getChain } from '@cairn/contract';
import type { ChainAdapter } from './ChainAdapter.js';

/** Raised when a chain has no adapter or is not enabled. */
export class ChainUnavailableError extends Error {
  readonly code = 'CHAIN_UNAVAILABLE';
  constructor(
    readonly chainId: string,
    reason: string,
  ) {
    super(`Chain ${chainId} is unavailable: ${reason}`);
    this.name = 'ChainUnavailableError';
  }
}

/**
 * Adapters keyed by chain id. A chain is usable when it is enabled and its family has an adapter;
 * a missing adapter disables only that chain's options.
 */
export class ChainAdapterRegistry {
  readonly #byFamily = new Map<ChainDefinition['family'], ChainAdapter>();
  readonly #enabled: ReadonlySet<string>;

  constructor(adapters: readonly ChainAdapter[], enabledChainIds: Iterable<string>) {
    for (const adapter of adapters) this.#byFamily.set(adapter.family, adapter);
    this.#enabled = new Set(enabledChainIds);
  }

  /** Chain ids that are enabled and have an adapter. */
  usableChainIds(): string[] {
    return [...this.#enabled].filter((id) => {
      const chain = getChain(id);
      return chain !== undefined && this.#byFamily.has(chain.family);
    });
  }

  /** Whether `chainId` is enabled and has an adapter. */
  isUsable(chainId: string): boolean {
    return this.usableChainIds().includes(chainId);
  }

  /** The adapter and definition of a usable chain; throws {@link ChainUnavailableError} otherwise. */
  get(chainId: string): { adapter: ChainAdapter; chain: ChainDefinition } {
    const chain = getChain(chainId);
    if (!chain) throw new ChainUnavailableError(chainId, 'unknown chain id');
    if (!this.#enabled.has(chainId)) throw new ChainUnavailableError(chainId, 'not enabled by the operator');
    const adapter = this.#byFamily.get(chain.family);
    if (!adapter) throw new ChainUnavailableError(chainId, `no adapter for the ${chain.family} family yet`);
    return { adapter, chain };
  }
}
