import type { Mode } from '@cairn/contract';

const API_KEY_PREFIX = /^pk_(test|live)_./;

/**
 * Checks the shape of an API key and returns its mode. Throws a `TypeError` (whose message never
 * contains the key) when the key is missing, contains whitespace or lacks the `pk_test_` / `pk_live_`
 * prefix.
 */
export function modeOfApiKey(apiKey: unknown): Mode {
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new TypeError(
      'Cairn: `apiKey` is required. Pass the key from the dashboard, e.g. new Cairn({ apiKey: process.env.CAIRN_API_KEY }).',
    );
  }
  if (/\s/.test(apiKey)) {
    throw new TypeError(
      'Cairn: `apiKey` contains whitespace. Check the environment variable for a stray space or newline.',
    );
  }
  const match = API_KEY_PREFIX.exec(apiKey);
  if (!match) {
    throw new TypeError(
      'Cairn: `apiKey` must start with pk_test_ (test mode) or pk_live_ (live mode). Copy it again from the dashboard.',
    );
  }
  return match[1] as Mode;
}
