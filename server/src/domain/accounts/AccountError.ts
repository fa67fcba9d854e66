/** Stable codes of {@link AccountError}. */
export type AccountErrorCode =
  | 'INVALID_EMAIL'
  | 'WEAK_PASSWORD'
  | 'INVALID_CREDENTIALS'
  | 'SIGN_IN_THROTTLED'
  | 'LINK_INVALID'
  | 'LINK_EXPIRED'
  | 'LINK_USED'
  | 'OIDC_FAILED'
  | 'SECOND_FACTOR_INVALID'
  | 'SECOND_FACTOR_EXPIRED'
  | 'TWO_FACTOR_ALREADY_ON'
  | 'TWO_FACTOR_NOT_STARTED'
  | 'TWO_FACTOR_OFF'
  | 'STEP_UP_FAILED'
  | 'STEP_UP_LOCKED'
  | 'STEP_UP_UNAVAILABLE'
  | 'PASSKEY_FAILED'
  | 'PASSKEYS_UNAVAILABLE'
  | 'PASSKEY_NOT_FOUND'
  | 'ACCOUNT_LOCKED';

/**
 * A sign-up, sign-in or account-link step refused. The message is shown to the person as is, so it
 * never says whether some other address has an account.
 */
export class AccountError extends Error {
  override readonly name = 'AccountError';
  constructor(
    readonly code: AccountErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
