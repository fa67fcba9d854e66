/** A response as the tests read it. */
export interface PageResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  /** The Location header of a redirect, resolved against the request. */
  readonly location?: string;
}

/**
 * A browser-like HTTP client for the dashboard without a browser: it keeps cookies (per name, as a
 * browser would for one path), does not follow redirects on its own, and fills each form's CSRF token
 * from the last page it read.
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(readonly baseUrl: string) {}

  #cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  #keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<PageResponse> {
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookies.size > 0 ? { cookie: this.#cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    this.#keep(response);
    const body = await response.text();
    if (response.headers.get('content-type')?.startsWith('text/html')) this.lastPage = body;
    const location = response.headers.get('location');
    return {
      status: response.status,
      headers: response.headers,
      body,
      ...(location ? { location: new URL(location, url).href } : {}),
    };
  }

  get(path: string): Promise<PageResponse> {
    return this.request('GET', path);
  }

  /** The CSRF token of the last page read. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastPage);
    if (!match) throw new Error('no CSRF token on the last page');
    return match[1]!;
  }

  /** POSTs a form with the last page's CSRF token (unless the form gives its own `_csrf`). */
  post(
    path: string,
    form: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<PageResponse> {
    return this.request('POST', path, { _csrf: this.csrf(), ...form }, headers);
  }

  /** GETs a page, then POSTs a form with its token. */
  async submit(pagePath: string, action: string, form: Record<string, string>): Promise<PageResponse> {
    await this.get(pagePath);
    return this.post(action, form);
  }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const match = text.match(/https?:\/\/\S+/g)?.find((link) => link.startsWith(prefix));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return match;
}
