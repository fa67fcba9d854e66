import type { TestEventInput } from './types.js';

/** The body of a test delivery: strings as given; event objects with defaults for omitted fields. */
export function serializeTestEvent(event: TestEventInput | string, randomUUID: () => string): string {
  return typeof event === 'string'
    ? event
    : JSON.stringify({
        id: `evt_${randomUUID()}`,
        created_at: new Date().toISOString(),
        data: {},
        ...event,
      });
}
