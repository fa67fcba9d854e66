/**
 * Whether `event` matches `--events`: a comma list of names and globs (`payment.*`, `*`), as
 * `webhooks:set --events` takes them; an empty pattern matches every event.
 */
export function matchesEventPattern(pattern: string | undefined, event: string): boolean {
  if (pattern === undefined || pattern.trim() === '') return true;
  return pattern
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .some((part) => {
      const glob = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      return glob.test(event);
    });
}
