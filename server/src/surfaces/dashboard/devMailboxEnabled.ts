import type { Config } from '../../platform/config/loadConfig.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the dashboard serves the dev mailbox: `on`/`off` as set, and by default only while no
 * SMTP server is configured and the dashboard's host is a loopback one (a developer's machine), since
 * anyone who can read it can take over the accounts whose links it shows.
 */
export function devMailboxEnabled(config: Config): boolean {
  if (config.CAIRN_DEV_MAILBOX !== 'auto') return config.CAIRN_DEV_MAILBOX === 'on';
  const host = new URL(config.urls.dashboard).hostname;
  return !config.CAIRN_SMTP_URL && (LOOPBACK_HOSTS.has(host) || host.startsWith('127.'));
}
