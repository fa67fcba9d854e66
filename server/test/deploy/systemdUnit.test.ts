import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/platform/config/configSchema.js';
import { CHAIN_VARIABLES } from '../../src/platform/config/loadChainSettings.js';
import { loadConfig } from '../../src/platform/config/loadConfig.js';
import { REPO_ROOT } from '../../src/platform/runtime/repoRoot.js';

// The committed systemd unit (deploy/cairn.service) and its environment file example, as
// docs/operating/deploying.md tells an operator to install them.

const UNIT = join(REPO_ROOT, 'deploy', 'cairn.service');
const ENV_EXAMPLE = join(REPO_ROOT, 'deploy', 'cairn.env.example');
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
if (!hasSystemdAnalyze)
  console.warn('systemd-analyze is not installed: deploy/cairn.service is not verified by systemd here.');

describe('deploy/cairn.service', () => {
  it.runIf(hasSystemdAnalyze)('passes systemd-analyze verify without a warning', () => {
    const result = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    // verify exits 0 on keys it ignores (a typo, a bad value): those are warnings on stderr.
    expect(result.stderr.trim()).toBe('');
  });

  it('runs the compiled gateway from the repository, stopped by SIGTERM to it alone', () => {
    const unit = readFileSync(UNIT, 'utf8');
    const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(exec).toBe('/usr/bin/env node --max-semi-space-size=32 /opt/cairn/server/bin/cairn.js start');
    expect(existsSync(join(REPO_ROOT, 'server', 'bin', 'cairn.js'))).toBe(true);
    expect(unit).toMatch(/^KillMode=mixed$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/cairn\/cairn\.env$/m);
  });

  it('its environment file example is a valid configuration as shipped', () => {
    const env = Object.fromEntries(
      readFileSync(ENV_EXAMPLE, 'utf8')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map(([, name, value]) => [name, value]),
    );
    expect(Object.keys(env)).toContain('CAIRN_MASTER_KEY');
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('its environment file example names only settings the gateway knows', () => {
    const names = readFileSync(ENV_EXAMPLE, 'utf8')
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(names.length).toBeGreaterThan(5);
    const chainSetting = new RegExp(`^CAIRN_CHAIN_[A-Z0-9_]+_(${Object.keys(CHAIN_VARIABLES).join('|')})$`);
    for (const name of names) expect(name in CONFIG_VARIABLES || chainSetting.test(name), name).toBe(true);
  });
});
