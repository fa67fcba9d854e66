import type { Mode } from '@cairn/contract';

/** A key's status: active, paused (deactivated) or ended for good (revoked). */
export type ApiKeyStatus = 'active' | 'deactivated' | 'revoked';

/** A key as a form offers it: its label and hint (`sk_test_…abcd`). */
export interface ApiKeyChoice {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
}

/** A key as a list shows it (never its hash, never the full key). */
export interface ApiKeySummary extends ApiKeyChoice {
  readonly mode: Mode;
  readonly status: ApiKeyStatus;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  /** Whether the key has a webhook endpoint. */
  readonly hasWebhookEndpoint: boolean;
}

/** A key as its page shows it: the list's facts and what it allows. */
export interface ApiKeyDetail extends Omit<ApiKeySummary, 'hasWebhookEndpoint'> {
  /** `<CHAIN>:<SYMBOL>` pairs the key may take. */
  readonly allowedTokens: readonly string[];
  /** Caller IP addresses or CIDR ranges; empty: any. */
  readonly allowedIps: readonly string[];
}

/** The key a payment link or an invoice was made with, as its page names it. */
export interface ApiKeyLabel {
  readonly label: string;
  readonly hint: string;
  readonly status: ApiKeyStatus;
}
