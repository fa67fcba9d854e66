/** Why `cairn trigger` could not produce its event: one line on stderr, exit 1. */
export class TriggerError extends Error {
  override readonly name: string = 'TriggerError';
}
