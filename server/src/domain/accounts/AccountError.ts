/** Stable codes of {@link AccountError}. */
export type AccountErrorCode =
  | 'INVALID_EMAIL'
  | 'WEAK_PASSWORD'
  | 'INVALID_CREDENTIALS'
  | 'SIGN_IN_THROTTLED'
  | 'LINK_INVALID'
  | 'LINK_EXPIRED'
  | 'LINK_USED'
  | 'OIDC_FAILED';

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
