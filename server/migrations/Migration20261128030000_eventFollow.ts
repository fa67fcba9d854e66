import { Migration } from '@mikro-orm/migrations';

/**
 * The events' follow mode (docs/listen.md): each event records the id of the transaction that wrote
 * it (`xid`), so a follower serves only events whose transaction has finished, in (xid, seq) order,
 * and a cursor never skips an event that commits after a later one. A trigger notifies
 * `cairn_events` when an event is inserted; PostgreSQL delivers it at commit, which wakes the
 * gateway's waiting followers.
 */
export class Migration20261128030000_eventFollow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table outbox_events add column xid xid8 not null default pg_current_xact_id();
      create index outbox_events_follow_idx on outbox_events (business_id, mode, xid, seq);

      create function notify_event_followers() returns trigger language plpgsql as $$
      begin
        perform pg_notify('cairn_events', '');
        return null;
      end;
      $$;
      create trigger outbox_events_notify_followers after insert on outbox_events
        for each statement execute function notify_event_followers();
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger if exists outbox_events_notify_followers on outbox_events;
      drop function if exists notify_event_followers();
      drop index if exists outbox_events_follow_idx;
      alter table outbox_events drop column if exists xid;
    `);
  }
}
