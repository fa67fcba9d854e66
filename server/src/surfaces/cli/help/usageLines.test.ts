import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../commandTable.js';
import { usageLines } from './usageLines.js';

describe('the command table', () => {
  it('gives the usage a usage error prints, line for line', () => {
    expect(usageLines(COMMAND_TABLE)).toBe(`Usage: pnpm cairn <command>
  migrate
  start
  dev:seed [--json]
  keys:create --business <id> --mode test|live --label <text> [--tokens CHAIN:SYMBOL,...] [--ips IP|CIDR,...]
  keys:revoke <key id>
  credit:top-up --business <id> --mode test|live --usd <amount>
  credit:balance --business <id>
  chains:status [--json]
  chains:reanchor <CHAIN_ID>
  tron:deploy-deployer <TRON|TRON_NILE>
  webhooks:set --key <key id> --url <url> [--events NAME|payment.*|invoice.*|all,...] [--ips IP|CIDR,...]
  webhooks:rotate-secret --key <key id>
  webhooks:send-test --key <key id>
  webhooks:deliveries [--key <key id>] [--status pending|delivered|failed|exhausted] [--payment <id>] [--limit N] [--json]
  webhooks:redeliver <delivery id>
  trigger <event> --api-key <pk_test_...> [--base-url <url>] [--token <CHAIN:COIN>]
  listen --forward-to <url> --api-key <pk_test_...> [--events NAME|payment.*,...] [--base-url <url>] [--live]`);
  });

  it('names each command once, with a one-line summary', () => {
    const names = COMMAND_TABLE.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of COMMAND_TABLE) {
      expect(command.summary, command.name).toMatch(/^\S.*[.)]$/);
      expect(command.summary, command.name).not.toContain('\n');
    }
  });
});
