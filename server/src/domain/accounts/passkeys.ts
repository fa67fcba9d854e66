import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebAuthnCredential } from '@simplewebauthn/server';
import { runSql } from './runSql.js';

/** A login's passkey as the Security page lists it. */
export interface PasskeySummary {
  readonly id: string;
  readonly name: string;
  /** Whether the passkey is synced between devices (a password manager) or bound to one authenticator. */
  readonly synced: boolean;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

/** A stored passkey with what verifying an answer from it needs. */
export interface StoredPasskey {
  readonly id: string;
  readonly userId: string;
  readonly credential: WebAuthnCredential;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
}

const toStored = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  userId: row.user_id,
  credential: {
    id: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
  },
});

/** The login's passkeys, oldest first. */
export async function listPasskeys(em: EntityManager, userId: string): Promise<PasskeySummary[]> {
  const rows = await runSql<
    { id: string; name: string; backed_up: boolean; created_at: Date; last_used_at: Date | null }[]
  >(
    em,
    'select id, name, backed_up, created_at, last_used_at from passkeys where user_id = ? order by created_at, id',
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    synced: r.backed_up,
    createdAt: new Date(r.created_at),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
  }));
}

/** How many passkeys the login has. */
export async function countPasskeys(em: EntityManager, userId: string): Promise<number> {
  const [row] = await runSql<{ n: string }[]>(em, 'select count(*) as n from passkeys where user_id = ?', [
    userId,
  ]);
  return Number(row?.n ?? 0);
}

/** The login's passkeys with their credentials (to exclude on registration, or to allow on sign-in). */
export async function readPasskeyCredentials(em: EntityManager, userId: string): Promise<StoredPasskey[]> {
  const rows = await runSql<PasskeyRow[]>(
    em,
    'select id, user_id, credential_id, public_key, counter, transports from passkeys where user_id = ? order by created_at, id',
    [userId],
  );
  return rows.map(toStored);
}

/** The passkey with this credential ID (base64url), whoever's it is. */
export async function findPasskeyByCredentialId(
  em: EntityManager,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const [row] = await runSql<PasskeyRow[]>(
    em,
    'select id, user_id, credential_id, public_key, counter, transports from passkeys where credential_id = ?',
    [credentialId],
  );
  return row ? toStored(row) : undefined;
}

/** Stores a verified new passkey; false when its credential is already registered (to anyone). */
export async function insertPasskey(
  em: EntityManager,
  input: {
    userId: string;
    credential: WebAuthnCredential;
    deviceType: string;
    backedUp: boolean;
    name: string;
    now: Date;
  },
): Promise<string | undefined> {
  const id = randomUUID();
  const rows = await runSql<{ id: string }[]>(
    em,
    `insert into passkeys (id, user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
     on conflict (credential_id) do nothing returning id`,
    [
      id,
      input.userId,
      input.credential.id,
      Buffer.from(input.credential.publicKey),
      input.credential.counter,
      JSON.stringify(input.credential.transports ?? []),
      input.deviceType,
      input.backedUp,
      input.name,
      input.now,
    ],
  );
  return rows[0]?.id;
}

/**
 * Records a use: the authenticator's new signature counter, when the passkey was last used. A counter
 * that does not move forward (for an authenticator that counts) is refused by the verification
 * before this; the update also refuses it, so two parallel uses of one answer cannot both pass.
 */
export async function recordPasskeyUse(
  em: EntityManager,
  passkey: StoredPasskey,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const rows = await runSql<{ id: string }[]>(
    em,
    `update passkeys set counter = ?, last_used_at = ?
     where id = ? and (counter = 0 and ? = 0 or counter < ?) returning id`,
    [newCounter, now, passkey.id, newCounter, newCounter],
  );
  return rows.length === 1;
}

/** Deletes one of the login's passkeys; whether it was there. */
export async function deletePasskey(
  em: EntityManager,
  userId: string,
  passkeyId: string,
): Promise<string | undefined> {
  const rows = await runSql<{ name: string }[]>(
    em,
    'delete from passkeys where id = ? and user_id = ? returning name',
    [passkeyId, userId],
  );
  return rows[0]?.name;
}
