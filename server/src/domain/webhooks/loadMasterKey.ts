import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../../platform/config/loadConfig.js';
import { resolveDataDir } from '../../platform/runtime/repoRoot.js';
import { StartupError } from '../../platform/runtime/StartupError.js';
import { decodeMasterKey } from './decodeMasterKey.js';

/** The file a development master key is generated into, under CAIRN_DATA_DIR. */
export const GENERATED_KEY_FILE = 'webhook-master.key';

/** The key that seals webhook secrets at rest. */
export interface MasterKey {
  readonly key: Buffer;
  /** True when it comes from CAIRN_MASTER_KEY; false for a generated development key. */
  readonly configured: boolean;
  /** Where it came from, for log lines. */
  readonly source: string;
}

/**
 * The operator master key: CAIRN_MASTER_KEY when set; otherwise a key generated once into
 * `CAIRN_DATA_DIR/webhook-master.key` (mode 0600) and reused, with a warning. A generated key is only
 * good for test mode: live endpoints need CAIRN_MASTER_KEY (enforced where they are saved and at boot).
 */
export function loadMasterKey(
  config: Pick<Config, 'CAIRN_MASTER_KEY' | 'CAIRN_DATA_DIR'>,
  warn: (message: string) => void,
): MasterKey {
  if (config.CAIRN_MASTER_KEY)
    return { key: decodeMasterKey(config.CAIRN_MASTER_KEY), configured: true, source: 'CAIRN_MASTER_KEY' };
  const file = join(resolveDataDir(config.CAIRN_DATA_DIR), GENERATED_KEY_FILE);
  let text: string;
  try {
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    }
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new StartupError(
      `Cannot keep a development master key in ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): set CAIRN_MASTER_KEY (make one with: openssl rand -hex 32), or point CAIRN_DATA_DIR at a directory this user can write.`,
    );
  }
  warn(
    `CAIRN_MASTER_KEY is not set: webhook secrets are sealed with the development key in ${file}. ` +
      'Set CAIRN_MASTER_KEY (32 bytes, hex or base64) before adding live-mode webhook endpoints.',
  );
  return { key: decodeMasterKey(text), configured: false, source: file };
}
