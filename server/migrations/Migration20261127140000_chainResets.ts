import { Migration } from '@mikro-orm/migrations';

/**
 * Chain resets (docs/operating/chain-resets.md): the network identity a watcher stored the first time
 * (a genesis hash; null where the family reads none), a reset it detected and has not re-anchored
 * (live chains wait for the operator), the operator's `cairn chains:reanchor` request, which the
 * active watcher on any instance picks up, and when it last re-anchored (the EVM and TRON settlers
 * then look for wallet factories gone with the old chain).
 */
export class Migration20261127140000_chainResets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table chain_cursors
        add column network_identity text null,
        add column reset_detected_at timestamptz null,
        add column reset_detail text null,
        add column reanchor_requested_at timestamptz null,
        add column reanchored_at timestamptz null;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table chain_cursors
        drop column network_identity,
        drop column reset_detected_at,
        drop column reset_detail,
        drop column reanchor_requested_at,
        drop column reanchored_at;
    `);
  }
}
