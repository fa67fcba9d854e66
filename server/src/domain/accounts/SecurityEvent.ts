import type { Mode } from '@cairn/contract';

/**
 * A change to one of a login's businesses that its owner is mailed about: where money goes (wallets),
 * who may take payments (API keys) and where payment news is sent (webhook endpoints).
 */
export type BusinessChange =
  | { readonly kind: 'wallet_added'; readonly mode: Mode; readonly chain: string; readonly address: string }
  | { readonly kind: 'wallet_removed'; readonly mode: Mode; readonly chain: string; readonly address: string }
  /** `key` is the key's hint and label, e.g. `pk_live_…abcd (shop)`. */
  | { readonly kind: 'api_key_created'; readonly mode: Mode; readonly key: string }
  | {
      readonly kind: 'api_key_status';
      readonly key: string;
      readonly status: 'deactivated' | 'reactivated' | 'revoked';
    }
  /** A new endpoint (`from` null) or a new URL for one. */
  | { readonly kind: 'webhook_url'; readonly key: string; readonly from: string | null; readonly to: string }
  | { readonly kind: 'webhook_secret_rotated'; readonly key: string }
  /** Members (docs/roles.md): who may act in the business, and how. */
  | {
      readonly kind: 'member_role_changed';
      readonly member: string;
      readonly from: string;
      readonly to: string;
    }
  | { readonly kind: 'member_removed'; readonly member: string }
  /** An invitation by email (docs/roles.md#invitations), its revocation, and its acceptance. */
  | { readonly kind: 'member_invited'; readonly member: string; readonly role: string }
  | { readonly kind: 'invitation_revoked'; readonly member: string }
  | { readonly kind: 'member_joined'; readonly member: string; readonly role: string }
  | { readonly kind: 'ownership_handed'; readonly from: string; readonly to: string };

/** What a security alert reports (docs/security.md#security-alerts). */
export type SecurityEvent =
  /** A sign-in from an IP address or a device the login has not signed in from (see `recordSignIn`). */
  | { readonly kind: 'sign_in'; readonly newAddress: boolean; readonly newDevice: boolean }
  /** A third-party sign-in (OpenID Connect provider, by its configured name) joined an existing login. */
  | { readonly kind: 'identity_linked'; readonly provider: string }
  | { readonly kind: 'two_factor_enabled' }
  | { readonly kind: 'two_factor_disabled' }
  | { readonly kind: 'recovery_codes_replaced' }
  /** A passkey, by the name the person gave it. */
  | { readonly kind: 'passkey_added'; readonly name: string }
  | { readonly kind: 'passkey_removed'; readonly name: string }
  | { readonly kind: 'business'; readonly business: string; readonly change: BusinessChange };
