import type { Mode } from '@cairn/contract';
import type { MikroORM } from '@mikro-orm/postgresql';

/** A webhook endpoint whose latest attempted delivery did not succeed. */
export interface FailingEndpoint {
  readonly api_key_id: string;
  readonly key_hint: string;
  readonly url: string;
  readonly last_status_code: number | null;
  readonly last_error_class: string | null;
  readonly last_attempt_at: Date;
  /** Deliveries still being retried. */
  readonly retrying: number;
}

/**
 * The endpoints of a business and mode whose latest attempted delivery did not succeed, newest
 * failure first, with how many of their deliveries of the last seven days are still being retried
 * (the dashboard's home warns about them). An index range per endpoint: one business's endpoints.
 */
export async function listFailingEndpoints(
  orm: MikroORM,
  input: { readonly businessId: string; readonly mode: Mode; readonly now: Date },
): Promise<FailingEndpoint[]> {
  const { businessId, mode, now } = input;
  return orm.em
    .fork()
    .getConnection()
    .execute<FailingEndpoint[]>(
      `select w.api_key_id, k.key_hint, w.url, l.last_status_code, l.last_error_class, l.last_attempt_at,
            (select count(*)::int from webhook_deliveries p
              where p.api_key_id = w.api_key_id and p.mode = w.mode and p.status = 'pending' and p.attempts > 0
                and p.created_at >= ?) as retrying
       from webhook_endpoints w join api_keys k on k.id = w.api_key_id
       cross join lateral (
         select d.status, d.last_status_code, d.last_error_class, d.last_attempt_at from webhook_deliveries d
          where d.api_key_id = w.api_key_id and d.mode = w.mode and d.attempts > 0
          order by d.created_at desc limit 1
       ) l
      where w.business_id = ? and w.mode = ? and k.status <> 'revoked' and l.status <> 'delivered'
      order by l.last_attempt_at desc`,
      [new Date(now.getTime() - 7 * 86_400_000), businessId, mode],
    );
}
