/** The warning printed when the SDK is constructed in a browser. */
export const BROWSER_WARNING =
  '[@cairn/sdk] Running in a browser. Cairn API keys are secret: keep them on your server and never ship them to browsers. Pass `dangerouslyAllowBrowser: true` to silence this warning.';

/** Logs {@link BROWSER_WARNING} once when a browser is detected (both `window` and `document` exist). */
export function warnIfBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  if (typeof scope.window === 'undefined' || typeof scope.document === 'undefined') return false;
  console.warn(BROWSER_WARNING);
  return true;
}
