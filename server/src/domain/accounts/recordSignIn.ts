import type { EntityManager } from '@mikro-orm/postgresql';
import { describeUserAgent } from '../../web/describeUserAgent.js';
import type { AccountsContext } from './AccountsContext.js';
import { sendSecurityAlert } from './sendSecurityAlert.js';
import { isKnownSignInIp, recordSignInSuccess } from './signInThrottle.js';

/**
 * A sign-in that starts a session, in its transaction: the throttle forgets its failures and knows
 * its IP address (`recordSignInSuccess`), its device (the `User-Agent` as `describeUserAgent` names
 * it) becomes one of the login's known ones, and, when the IP address (an IPv6 address by its /64)
 * was not known in the last 90 days or the device never was, the login is mailed a security alert.
 * The login's first sign-in (no device known yet: the first after confirming the address, or after
 * this feature arrived) is not mailed: there is nothing to compare it with.
 */
export async function recordSignIn(
  em: EntityManager,
  ctx: AccountsContext,
  user: { id: string; email: string },
  from: { ip: string; userAgent?: string },
): Promise<void> {
  const device = describeUserAgent(from.userAgent ?? null).slice(0, 256);
  const connection = em.getConnection();
  const inTx = em.getTransactionContext();
  const [devices] = await connection.execute<{ any_device: boolean; this_device: boolean }[]>(
    `select exists (select 1 from sign_in_known_devices where user_id = ?) as any_device,
            exists (select 1 from sign_in_known_devices where user_id = ? and device = ?) as this_device`,
    [user.id, user.id, device],
    'all',
    inTx,
  );
  const knownIp = await isKnownSignInIp(em, ctx.clock, user.id, from.ip);
  await connection.execute(
    `insert into sign_in_known_devices (user_id, device, last_at) values (?, ?, ?)
       on conflict (user_id, device) do update set last_at = excluded.last_at`,
    [user.id, device, ctx.clock.now()],
    'run',
    inTx,
  );
  await recordSignInSuccess(em, ctx.clock, user, from.ip);
  if (devices?.any_device && !(knownIp && devices.this_device)) {
    const event = { kind: 'sign_in', newAddress: !knownIp, newDevice: !devices.this_device } as const;
    await sendSecurityAlert(em, ctx, user.id, event, from);
  }
}
