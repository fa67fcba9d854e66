import { Migration } from '@mikro-orm/migrations';

/**
 * TRON sweeps share `evm_sweeps` (TRON's TVM runs the same forwarder design, in TRON variants). A TRON transaction has no
 * nonce (it is bound to a recent block and expires instead), so `nonce` is null for them. `fee` is
 * what the transaction cost the gas wallet in the chain's smallest unit (wei: gas used times its
 * price; sun: the TRX burnt for energy and bandwidth), recorded when it is mined.
 * `wallets.onboarding_probe_tx`: TRON onboarding's second transaction, which deploys a probe
 * forwarder through the new factory to prove on-chain that the network puts forwarders at the
 * addresses computed offline, before any deposit address of that wallet is shown.
 */
export class Migration20261126010000_tronSweeps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table evm_sweeps alter column nonce drop not null;
      alter table evm_sweeps add column fee numeric(78, 0);
      alter table wallets add column onboarding_probe_tx text;
    `);
  }

  /**
   * Downgrading forgets TRON sweeps (the release before offered no TRON); their transfers become
   * due again, which nothing before this release sweeps.
   */
  override async down(): Promise<void> {
    this.addSql(`
      update transfers set sweep_id = null where sweep_id in (select id from evm_sweeps where nonce is null);
      delete from evm_sweeps where nonce is null;
      alter table evm_sweeps alter column nonce set not null;
      alter table evm_sweeps drop column fee;
      alter table wallets drop column onboarding_probe_tx;
    `);
  }
}
