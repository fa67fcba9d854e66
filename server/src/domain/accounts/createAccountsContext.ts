import type { Gateway } from '../gateway/Gateway.js';
import type { AccountsContext, SecretSealer } from './AccountsContext.js';
import { argon2Hasher } from './hashPassword.js';
import { passkeyRelyingParty } from './passkeyRelyingParty.js';

/**
 * The account services' context for a gateway: its database and clock, mail (SMTP when configured,
 * else the dev mailbox), the dashboard's public URL for links in mail, the sign-in throttle's limits,
 * argon2id password hashing, how long dashboard sessions last and whom passkeys are made for, all read from the gateway's
 * configuration; `secrets` seals authenticator secrets (the master key's cipher, under a label of its
 * own: see registerDashboard).
 */
export function createAccountsContext(gateway: Gateway, secrets: SecretSealer): AccountsContext {
  const { config } = gateway;
  return {
    orm: gateway.orm,
    clock: gateway.clock,
    mail: { smtp: config.CAIRN_SMTP_URL !== undefined, log: gateway.log },
    dashboardUrl: config.urls.dashboard,
    limits: {
      perAccount: config.CAIRN_SIGNIN_FAILURES_PER_ACCOUNT,
      perIp: config.CAIRN_SIGNIN_FAILURES_PER_IP,
      perAccountTotal: config.CAIRN_SIGNIN_FAILURES_PER_ACCOUNT_TOTAL,
    },
    lifetime: {
      absoluteMs: config.CAIRN_DASHBOARD_SESSION_HOURS * 3_600_000,
      idleMs: config.CAIRN_DASHBOARD_IDLE_HOURS * 3_600_000,
    },
    hasher: argon2Hasher,
    secrets,
    liveNeedsSecondFactor: config.CAIRN_REQUIRE_2FA_FOR_LIVE,
    ...withPasskeys(config.urls.dashboard),
  };
}

const withPasskeys = (dashboardUrl: string) => {
  const passkeys = passkeyRelyingParty(dashboardUrl);
  return passkeys ? { passkeys } : {};
};
