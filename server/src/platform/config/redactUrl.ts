/** The URL without credentials, for logs and status output. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '***';
      parsed.password = '';
    }
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

/**
 * A backend's URL for logs and status output: without credentials, followed by the names of its extra
 * headers with their values hidden (`https://nile.trongrid.io/ [TRON-PRO-API-KEY: ***]`).
 */
export function redactBackendUrl(backend: {
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}): string {
  const names = Object.keys(backend.headers ?? {});
  const url = redactUrl(backend.url);
  return names.length === 0 ? url : `${url} [${names.map((name) => `${name}: ***`).join(', ')}]`;
}
