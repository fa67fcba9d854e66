import { beforeAll, describe, expect, it } from 'vitest';
import { assertCompiled, runCli } from '../harness/compiledCli.js';

// The help of the compiled `cairn` command, as an operator runs it (src/surfaces/cli/runCli.test.ts
// covers every command's). No database is configured: a help answer that ran the command instead
// would try to start an embedded PostgreSQL in a data directory that cannot exist.

/** `cairn <args>` without a database. */
const cairn = (...args: string[]) =>
  runCli(args, { env: { CAIRN_DATA_DIR: '/nonexistent/cairn-help-test' } });

describe('cairn help (compiled)', { timeout: 120_000 }, () => {
  beforeAll(() => assertCompiled());

  it.each([['--help'], ['-h'], ['help']])('cairn %s lists the commands on stdout, exit 0', async (word) => {
    const result = await cairn(word);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Usage: cairn <command> [options]');
    for (const name of ['start', 'migrate', 'dev:seed', 'keys:create', 'chains:status', 'webhooks:redeliver'])
      expect(lines, name).toContainEqual(expect.stringMatching(new RegExp(`^ {2}${name} +\\S`)));
    expect(lines.at(-1)).toContain('cairn help <command>');
  });

  it('cairn help keys:create and cairn keys:create --help print its usage and options, exit 0', async () => {
    const viaHelp = await cairn('help', 'keys:create');
    expect(viaHelp).toMatchObject({ code: 0, stderr: '' });
    expect(viaHelp.stdout).toContain(
      'Usage: cairn keys:create --business <id> --mode test|live --label <text> [--tokens CHAIN:SYMBOL,...] [--ips IP|CIDR,...]',
    );
    expect(viaHelp.stdout).toMatch(/^ {2}--tokens CHAIN:SYMBOL,\.\.\. +\S/m);
    expect(await cairn('keys:create', '--help')).toMatchObject({
      code: 0,
      stderr: '',
      stdout: viaHelp.stdout,
    });
  });

  it('cairn start -h prints its usage and starts nothing', async () => {
    const result = await cairn('start', '-h');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Usage: cairn start\n/);
  });

  it('an unknown command is named on stderr with the hint, exit 2', async () => {
    const expected = {
      code: 2,
      stdout: '',
      stderr: 'Unknown command "frobnicate".\nRun "cairn help" for the list.\n',
    };
    expect(await cairn('frobnicate')).toMatchObject(expected);
    expect(await cairn('help', 'frobnicate')).toMatchObject(expected);
  });
});
