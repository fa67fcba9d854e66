/**
 * A merchant-supplied URL (success_url, cancel_url) if it is an absolute http(s) URL, otherwise
 * undefined: the checkout never links or redirects to `javascript:`, `data:` or relative URLs.
 */
export function safeHttpUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
