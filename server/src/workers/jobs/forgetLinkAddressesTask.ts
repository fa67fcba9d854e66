import type { Task } from 'graphile-worker';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { LINK_HOLD_MS } from '../../domain/paymentLinks/paymentLinkRow.js';

/** The task's name in the job queue. */
export const FORGET_LINK_ADDRESSES_TASK = 'forget_link_addresses';

/**
 * Forgets the client address of every payment-link press older than the hold (`LINK_HOLD_MS`): it
 * only serves to open an address's unpaid payment again while that payment holds a use (hourly
 * cron), so no caller's address is kept longer than about an hour.
 */
export function forgetLinkAddressesTask(gateway: Gateway): Task {
  return async () => {
    const cutoff = new Date(gateway.clock.now().getTime() - LINK_HOLD_MS);
    await gateway.orm.em
      .fork()
      .getConnection()
      .execute(
        'update payment_link_visits set client_address = null where client_address is not null and created_at < ?',
        [cutoff],
      );
  };
}
