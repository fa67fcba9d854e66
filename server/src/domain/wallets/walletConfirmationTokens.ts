import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';

/** How long a wallet confirmation link stays valid. */
export const WALLET_CONFIRMATION_TTL_MS = 24 * 3_600_000;

/** Why a wallet confirmation link does nothing (stable codes, shown with their message). */
export type WalletConfirmationErrorCode =
  | 'LINK_INVALID'
  | 'LINK_USED'
  | 'LINK_EXPIRED'
  | 'WALLET_REMOVED'
  | 'OTHER_ACCOUNT'
  | 'ALREADY_CONFIRMED';

/** Raised when a wallet confirmation link cannot be used; nothing changed. */
export class WalletConfirmationError extends Error {
  override readonly name = 'WalletConfirmationError';
  constructor(
    readonly code: WalletConfirmationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A mailed link's row: the wallet it confirms and the login it was mailed to. */
export interface WalletConfirmationRow {
  readonly walletId: string;
  readonly userId: string;
  readonly email: string;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

const run = <T extends object[]>(em: EntityManager, sql: string, params: unknown[]) =>
  em.getConnection().execute<T>(sql, params, 'all', em.getTransactionContext());

/**
 * A new one-use link token confirming `walletId`, mailed to `email` (the login `userId`'s address),
 * in the caller's transaction. Only its SHA-256 is stored.
 */
export async function issueWalletConfirmation(
  em: EntityManager,
  clock: Clock,
  input: { readonly walletId: string; readonly userId: string; readonly email: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await run(
    em,
    `insert into wallet_confirmations (token_hash, wallet_id, user_id, email, expires_at, used_at, created_at)
     values (?, ?, ?, ?, ?, null, ?)`,
    [
      hashToken(token),
      input.walletId,
      input.userId,
      input.email,
      new Date(now.getTime() + WALLET_CONFIRMATION_TTL_MS),
      now,
    ],
  );
  return token;
}

/**
 * The link's row, read (and, with `lock`, locked in the caller's transaction so two clicks cannot
 * both use it); undefined for a token that was never issued.
 */
export async function findWalletConfirmation(
  em: EntityManager,
  token: string,
  lock = false,
): Promise<WalletConfirmationRow | undefined> {
  if (!WELL_FORMED.test(token)) return undefined;
  const [row] = await run<
    { wallet_id: string; user_id: string; email: string; expires_at: Date; used_at: Date | null }[]
  >(
    em,
    `select wallet_id, user_id, email, expires_at, used_at from wallet_confirmations where token_hash = ?${lock ? ' for update' : ''}`,
    [hashToken(token)],
  );
  if (!row) return undefined;
  return {
    walletId: row.wallet_id,
    userId: row.user_id,
    email: row.email,
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? null : new Date(row.used_at),
  };
}

/**
 * The link's row if it may still be used now: issued, unused, unexpired.
 *
 * @throws {WalletConfirmationError} LINK_INVALID, LINK_USED or LINK_EXPIRED.
 */
export function usableConfirmation(row: WalletConfirmationRow | undefined, now: Date): WalletConfirmationRow {
  if (!row) throw new WalletConfirmationError('LINK_INVALID', 'This link is not valid.');
  if (row.usedAt)
    throw new WalletConfirmationError(
      'LINK_USED',
      'This link has already been used. The wallets page says whether the wallet is confirmed.',
    );
  if (row.expiresAt <= now)
    throw new WalletConfirmationError(
      'LINK_EXPIRED',
      'This link has expired. Send a new one from the wallets page.',
    );
  return row;
}

/** Spends every open link of the wallet (the one used, and any mailed before or after it). */
export async function spendWalletConfirmations(
  em: EntityManager,
  clock: Clock,
  walletId: string,
): Promise<void> {
  await run(em, 'update wallet_confirmations set used_at = ? where wallet_id = ? and used_at is null', [
    clock.now(),
    walletId,
  ]);
}
