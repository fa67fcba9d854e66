import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the running gateway's local dev chain is, for operator commands run beside it. */
export interface DevChainRecord {
  readonly rpc_url: string;
  readonly port: number;
  /** EIP-155 chain id (31337). */
  readonly chain_id: number;
  /** Token symbol -> contract address on the dev chain. */
  readonly tokens: Readonly<Record<string, string>>;
}

/** The folder of the dev chain's files (anvil's state and this record) in the data directory. */
export const devChainDir = (dataDir: string) => join(dataDir, 'dev-chain');

const recordPath = (dataDir: string) => join(devChainDir(dataDir), 'dev-chain.json');

/** The record a previous start left, if any. */
export function readDevChainRecord(dataDir: string): DevChainRecord | undefined {
  try {
    return JSON.parse(readFileSync(recordPath(dataDir), 'utf8')) as DevChainRecord;
  } catch {
    return undefined;
  }
}

/** Writes the record (mode 0600: it names a local port only, but nothing else needs to read it). */
export function writeDevChainRecord(dataDir: string, record: DevChainRecord): void {
  mkdirSync(devChainDir(dataDir), { recursive: true, mode: 0o700 });
  writeFileSync(recordPath(dataDir), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}
