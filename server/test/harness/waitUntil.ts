/**
 * Polls `condition` every 50 ms until it holds; throws naming `what` after `timeoutMs` (default 60 s:
 * generous, for a loaded 2-core machine). A condition that throws is tried again (a service that is
 * away answers with errors until it is back); the last error is in the timeout's message. For
 * conditions no page or event can be awaited on.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
