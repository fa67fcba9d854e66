import { Migration } from '@mikro-orm/migrations';

/** The first key of every per-payment ordering lock (the second is a hash of the payment id). */
const ORDER_LOCK_CLASS = 1_128_614_226;

/**
 * The signed webhook body moves from each delivery row to its event: `outbox_events.body`, the
 * event's JSON as text, fixed once when the event is written (a BEFORE INSERT trigger), so every
 * delivery and redelivery of the event sends the same bytes.
 *
 * Why: a delivery row is the queue entry and is updated on every claim and every result. With a body
 * of about 1.8 KB inline, a row took about 2 KB (two rows per 8 KB page: PostgreSQL only moves values
 * out of line once a row passes about 2 KB, whatever `toast_tuple_target` says), and every update
 * copied and logged the whole body. Without it a row is about 200 bytes, so updates stay small and
 * claim-time updates stay on their page (HOT) far more often.
 *
 * The retention job's btree on `completed_at` becomes a BRIN on `created_at` (a delivery completes
 * after it is created, so `created_at < cutoff` bounds the rows to prune): every result that finishes
 * a delivery added an entry to that btree, while a BRIN summary rarely changes.
 *
 * Per-payment ordering gets a lock (`webhook_order_lock`, a transaction advisory lock per payment)
 * taken by the trigger before it decides whether a new event waits, and by the result writer before
 * it looks for the next event to release. Without it, an event written while the previous event's
 * result was being written could see that one still pending and wait, while the result writer could
 * not yet see it: it waited for the 15 s ordering sweep. State changes write events for one payment
 * per transaction; one that wrote events for several would have to take these locks in key order.
 */
export class Migration20261121050000_webhookBodies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table outbox_events add column body text;

      -- Events already delivered keep the exact bytes they were sent with.
      update outbox_events o set body = d.request_body
        from (select distinct on (outbox_event_id) outbox_event_id, request_body
                from webhook_deliveries order by outbox_event_id, created_at) d
       where d.outbox_event_id = o.id;
      update outbox_events set body = payload::text where body is null;
      alter table outbox_events alter column body set not null;

      create function outbox_events_body() returns trigger language plpgsql as $$
      begin
        new.body := new.payload::text;
        return new;
      end
      $$;
      create trigger outbox_events_body before insert on outbox_events
        for each row execute function outbox_events_body();

      create function webhook_order_lock_key(payment uuid) returns integer language sql immutable as $$
        select hashtext(payment::text)
      $$;
      create function webhook_order_lock(payment uuid) returns void language sql as $$
        select pg_advisory_xact_lock(${ORDER_LOCK_CLASS}, webhook_order_lock_key(payment))
      $$;

      create or replace function webhook_deliveries_for_outbox_event() returns trigger language plpgsql as $$
      begin
        -- Serialises with the result writer (see above); the insert below then reads a fresh snapshot.
        if new.payment_id is not null then
          perform webhook_order_lock(new.payment_id);
        end if;
        insert into webhook_deliveries (
          id, outbox_event_id, event_seq, endpoint_id, api_key_id, business_id, mode, payment_id, event,
          status, next_attempt_at, created_at
        )
        select gen_random_uuid(), new.id, new.seq, e.id, e.api_key_id, new.business_id, new.mode,
               new.payment_id, new.event, 'pending',
               -- Parked (no due time) behind an earlier pending event of the same payment.
               case when new.payment_id is not null and exists (
                 select 1 from webhook_deliveries p where p.payment_id = new.payment_id and p.status = 'pending'
               ) then null else new.created_at end,
               new.created_at
        from webhook_endpoints e
        where e.api_key_id = new.api_key_id
          and e.mode = new.mode
          and (new.event = 'webhook.test' or new.event = any (e.events));
        if found then
          perform pg_notify('cairn_webhook_deliveries', '');
        end if;
        return null;
      end
      $$;

      alter table webhook_deliveries drop column request_body;
      drop index webhook_deliveries_completed_idx;
      create index webhook_deliveries_created_brin on webhook_deliveries using brin (created_at);
      alter table webhook_deliveries reset (toast_tuple_target);
    `);
  }
}
