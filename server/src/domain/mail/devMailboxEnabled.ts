import { isIP } from 'node:net';
import type { Config } from '../../platform/config/loadConfig.js';

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** Whether a URL's hostname names this machine: localhost, ::1 or an IPv4 literal in 127.0.0.0/8. */
function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || (isIP(hostname) === 4 && hostname.startsWith('127.'));
}

/**
 * Whether the dashboard has the dev mailbox: `on`/`off` as set, and by default only while no SMTP
 * server is configured and the dashboard's host is a loopback one (a developer's machine), since
 * anyone who can read it can take over the accounts whose links it shows. Even then it answers only
 * requests from this machine (see mailboxRoutes).
 */
export function devMailboxEnabled(config: Config): boolean {
  if (config.CAIRN_DEV_MAILBOX !== 'auto') return config.CAIRN_DEV_MAILBOX === 'on';
  return !config.CAIRN_SMTP_URL && isLoopbackHost(new URL(config.urls.dashboard).hostname);
}
