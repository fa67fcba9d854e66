import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { COMMAND_TABLE } from './commandTable.js';
import { runCli } from './runCli.js';
import type { CliRuntime } from './runtime/CliRuntime.js';

/** Help and refusals never boot anything: a runtime that fails the test if they try. */
const untouchable: CliRuntime = {
  startGateway: () => Promise.reject(new Error('startGateway called')),
  bootOperatorGateway: () => Promise.reject(new Error('bootOperatorGateway called')),
  migrateDatabase: () => Promise.reject(new Error('migrateDatabase called')),
};

describe('runCli: help and unknown commands', () => {
  let log: MockInstance<typeof console.log>;
  let error: MockInstance<typeof console.error>;
  const printed = (spy: MockInstance<(...args: unknown[]) => void>) =>
    spy.mock.calls.map((call) => call.join(' ')).join('\n');
  beforeEach(() => {
    log = vi.spyOn(console, 'log').mockImplementation(() => {});
    error = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([['help'], ['--help'], ['-h']])(
    '%s lists every command with its summary (exit 0)',
    async (word) => {
      expect(await runCli([word], untouchable)).toBe(0);
      const lines = printed(log).split('\n');
      for (const command of COMMAND_TABLE)
        expect(lines).toContainEqual(
          expect.stringMatching(new RegExp(`^ {2}${command.name} +${escapeRegExp(command.summary)}$`)),
        );
      expect(printed(error)).toBe('');
    },
  );

  it.each(COMMAND_TABLE.map((command) => [command.name]))(
    'help %s, and the command with --help or -h, print its usage (exit 0)',
    async (name) => {
      expect(await runCli(['help', name], untouchable)).toBe(0);
      const usage = printed(log);
      expect(usage.split('\n')[0]).toMatch(new RegExp(`^Usage: cairn ${escapeRegExp(name)}( |$)`));
      for (const flag of ['--help', '-h']) {
        log.mockClear();
        expect(await runCli([name, flag], untouchable)).toBe(0);
        expect(printed(log)).toBe(usage);
      }
      expect(printed(error)).toBe('');
    },
  );

  it('an unknown command, or help on one: named on stderr with the hint (exit 2)', async () => {
    for (const argv of [['frobnicate'], ['help', 'frobnicate']]) {
      error.mockClear();
      expect(await runCli(argv, untouchable)).toBe(2);
      expect(printed(error)).toBe('Unknown command "frobnicate".\nRun "cairn help" for the list.');
    }
    expect(printed(log)).toBe('');
  });

  it('no command: the message and every usage line on stderr (exit 2)', async () => {
    expect(await runCli([], untouchable)).toBe(2);
    expect(printed(error)).toMatch(/^No command given\.\n\nUsage: pnpm cairn <command>\n {2}migrate\n/);
  });
});

/** `text` as a literal inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
