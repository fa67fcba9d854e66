/**
 * Polls `condition` every 50 ms until it holds; throws naming `what` after `timeoutMs` (default 60 s:
 * generous, for a loaded 2-core machine). For conditions no page or event can be awaited on.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
