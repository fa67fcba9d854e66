import type { Gateway } from '../gateway/Gateway.js';

/** A payment's fingerprint: it changes whenever anything its checkout shows changes. */
export interface PaymentFingerprint {
  readonly id: string;
  readonly fingerprint: string;
}

/**
 * The fingerprints of the payments `ids`, in one query however many there are (unknown ids are left
 * out): the payment's status and update time, its number of refunds and every transfer's
 * confirmations and removal. So a new confirmation or a refund recorded changes it even when the
 * status stays the same, without trusting clocks (a refund recorded at the same clock instant as the
 * last change, which a stopped test clock makes likely, still changes it). Open checkout pages poll
 * it to learn when to re-render; it reads the database every gateway instance writes.
 */
export async function readPaymentFingerprints(
  gateway: Gateway,
  ids: readonly string[],
): Promise<PaymentFingerprint[]> {
  return gateway.orm.em
    .fork()
    .getConnection()
    .execute<PaymentFingerprint[]>(
      `select p.id, concat_ws('|', p.status, p.updated_at::text,
              (select count(*) from refunds r where r.payment_id = p.id)::text,
              string_agg(concat_ws(':', t.id::text, t.confirmations::text, t.removed::text), ','
                         order by t.id)) as fingerprint
         from payments p left join transfers t on t.payment_id = p.id
        where p.id = any(?::uuid[])
        group by p.id`,
      [`{${ids.join(',')}}`],
    );
}
