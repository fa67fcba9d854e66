import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/runtime/clock.js';
import type { MailRoute } from '../mail/queueMail.js';
import type { SessionLifetime } from './dashboardSessions.js';
import type { PasswordHasher } from './hashPassword.js';
import type { PasskeyRelyingParty } from './passkeyRelyingParty.js';
import type { SignInLimits } from './signInThrottle.js';

/** What the account services need besides their input. */
export interface AccountsContext {
  readonly orm: MikroORM;
  readonly clock: Clock;
  readonly mail: MailRoute;
  /** The public dashboard URL, for links in mail. */
  readonly dashboardUrl: string;
  readonly limits: SignInLimits;
  readonly lifetime: SessionLifetime;
  /** Password hashing (argon2id; tests wrap it to count its calls). */
  readonly hasher: PasswordHasher;
  /** Seals and opens authenticator-app secrets (the master key, with its own purpose label). */
  readonly secrets: SecretSealer;
  /** Whether live mode needs two-factor on (`CAIRN_REQUIRE_2FA_FOR_LIVE`). */
  readonly liveNeedsSecondFactor: boolean;
  /** Whom passkeys are made for (the dashboard's host); undefined where passkeys cannot work (an IP address, plain http). */
  readonly passkeys?: PasskeyRelyingParty;
}

/** Seals a secret for storage and opens it again (AES-256-GCM under the master key). */
export interface SecretSealer {
  seal(secret: string): string;
  open(sealed: string): string;
}
