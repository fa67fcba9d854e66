import type { IApiKey } from '../../platform/db/entities/index.js';

/** The calling key's business as read with the key: what creating a payment needs besides the key. */
export interface KeyBusiness {
  readonly underpaymentToleranceBps: number;
  readonly overpaymentThresholdBps: number;
  /** Chains with a wallet of the key's mode. */
  readonly walletChains: ReadonlySet<string>;
  /** The same chains, sorted (as a statement compares them). */
  readonly walletChainIds: readonly string[];
}

/** Who is calling: the key, its business and mode. Every query filters by these. */
export interface AuthContext {
  readonly apiKey: IApiKey;
  readonly businessId: string;
  readonly mode: IApiKey['mode'];
  /** Read in the same statement as the key by {@link authenticate}; absent when built otherwise. */
  readonly business?: KeyBusiness;
  /**
   * True when this came from the key cache, not from the database (`authenticateFromCache`): only a
   * statement that re-checks the key itself may act on it, and any refusal must first `recheck()`.
   */
  readonly provisional?: boolean;
  /** Reads the key from the database again (401/403 as {@link authenticate}); set by the HTTP layer. */
  readonly recheck?: () => Promise<AuthContext>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
