import { AccountError } from './AccountError.js';

/** The answer to a sign-in of a login locked from a security alert: it needs a new password first. */
export function lockedError(): AccountError {
  return new AccountError(
    'ACCOUNT_LOCKED',
    'This account was locked from a security alert. Choose a new password with “Forgot your password” to sign in again.',
  );
}
