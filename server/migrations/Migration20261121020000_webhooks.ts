import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery: one endpoint per API key (its secret sealed with the operator's master key) and
 * the deliveries table, which is also the delivery queue. A trigger on `outbox_events` creates the
 * delivery rows in the transaction that writes the event, so an event is never committed without its
 * delivery (and never delivered without its event). Per payment only the earliest pending delivery has
 * a due time; later ones are parked (`next_attempt_at` null) until it finishes. The deliveries table is updated twice per attempt
 * (claim, result): free space per page keeps those updates HOT where possible, and the body is moved
 * out of line (toast_tuple_target) so an update does not copy it.
 */
export class Migration20261121020000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        id uuid primary key,
        api_key_id uuid not null unique references api_keys (id),
        business_id uuid not null references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        url text not null,
        events text[] not null,
        allowed_ips text[] not null default '{}',
        secret_sealed text not null,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz,
        secret_rotated_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index webhook_endpoints_business_idx on webhook_endpoints (business_id, mode);

      create table webhook_deliveries (
        id uuid primary key,
        outbox_event_id uuid not null references outbox_events (id),
        event_seq bigint not null,
        endpoint_id uuid not null references webhook_endpoints (id),
        api_key_id uuid not null references api_keys (id),
        business_id uuid not null references businesses (id),
        mode text not null check (mode in ('test', 'live')),
        payment_id uuid,
        event text not null,
        request_body text not null,
        redelivery_of uuid references webhook_deliveries (id) on delete set null,
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'exhausted')),
        attempts integer not null default 0 check (attempts >= 0),
        next_attempt_at timestamptz,
        locked_until timestamptz,
        lock_token uuid,
        last_attempt_at timestamptz,
        last_status_code integer,
        last_response_body text,
        last_latency_ms integer,
        last_error_class text,
        last_error text,
        last_signature text,
        last_url text,
        completed_at timestamptz,
        created_at timestamptz not null
      ) with (fillfactor = 70, toast_tuple_target = 128);
      create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, event_seq)
        where status = 'pending';
      create index webhook_deliveries_order_idx on webhook_deliveries (payment_id, event_seq)
        where status = 'pending';
      create index webhook_deliveries_key_idx on webhook_deliveries (api_key_id, mode, created_at desc);
      create index webhook_deliveries_completed_idx on webhook_deliveries (completed_at)
        where status <> 'pending';

      create function webhook_deliveries_for_outbox_event() returns trigger language plpgsql as $$
      begin
        insert into webhook_deliveries (
          id, outbox_event_id, event_seq, endpoint_id, api_key_id, business_id, mode, payment_id, event,
          request_body, status, next_attempt_at, created_at
        )
        select gen_random_uuid(), new.id, new.seq, e.id, e.api_key_id, new.business_id, new.mode,
               new.payment_id, new.event, new.payload::text, 'pending',
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
      create trigger outbox_events_webhook_deliveries after insert on outbox_events
        for each row execute function webhook_deliveries_for_outbox_event();
    `);
  }
}
