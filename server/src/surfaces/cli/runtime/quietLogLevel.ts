import type { Config } from '../../../platform/config/loadConfig.js';
import type { LogLevel } from './CliRuntime.js';

/**
 * The log level of the commands that read or write data: the configured one, except that `info` (the
 * default, meant for the running gateway) becomes `warn`, so a command prints its result alone.
 */
export function quietLogLevel(config: Config): LogLevel {
  return config.CAIRN_LOG_LEVEL === 'info' ? 'warn' : config.CAIRN_LOG_LEVEL;
}
