import * as z from 'zod';
import { type WebhookEvent, WebhookEventSchema } from '../webhookEvents.js';
import { eventTypeList } from './listEvents.js';

/** The longest a follow request waits for an event, in seconds. */
export const FOLLOW_WAIT_MAX = 30;
/** How long a follow request waits when `wait` is not given, in seconds. */
export const FOLLOW_WAIT_DEFAULT = 25;
/** The most events one follow answer carries. */
export const FOLLOW_LIMIT = 100;

/** A follow cursor: `fc_<transaction id>_<seq>`, as a follow answer gives it. */
export const FollowCursorSchema = z
  .string()
  .regex(/^fc_\d{1,20}_\d{1,20}$/, 'must be a cursor from a follow answer (fc_...)');

const followAfter = z
  .union([z.string().regex(/^evt_[0-9a-f-]{36}$/, 'must be an evt_ id'), FollowCursorSchema])
  .meta({
    description:
      'Resume after this point: the `cursor` of the previous answer, or the id of the last event you handled. Without it the follow starts now (only events committed from now on).',
  });

/** The query of `GET /api/v1/events/follow`. */
export const FollowEventsQuerySchema = z
  .object({
    after: followAfter.optional(),
    type: eventTypeList.optional(),
    wait: z
      .string()
      .regex(/^\d{1,2}$/, 'must be a whole number of seconds')
      .transform(Number)
      .refine((n) => n <= FOLLOW_WAIT_MAX, `must be at most ${FOLLOW_WAIT_MAX}`)
      .optional()
      .meta({
        description: `Seconds to wait for an event when none is there yet, 0 to ${FOLLOW_WAIT_MAX} (default ${FOLLOW_WAIT_DEFAULT}).`,
      }),
  })
  .strict();

/** The follow query as sent: every value a string. */
export type FollowEventsQuery = z.input<typeof FollowEventsQuerySchema>;

/** The follow query once validated: `wait` a number. */
export type ParsedFollowEventsQuery = z.output<typeof FollowEventsQuerySchema>;

/** A follow answer: events oldest first and the cursor to resume from. */
export const EventFollowSchema = z
  .object({
    data: z.array(WebhookEventSchema),
    cursor: FollowCursorSchema.meta({
      description: 'Pass as `after` to the next follow request: it resumes right after these events.',
    }),
  })
  .meta({
    id: 'EventFollow',
    description:
      'The events after the cursor, oldest first (at most 100; none when none came within `wait`), and the cursor to resume from. An event is served only once the transaction that wrote it and every older open transaction have finished, so a cursor never skips an event that commits after a later one; the events of one payment come in the order they happened.',
  });

/** A follow answer (typed per event, like {@link WebhookEvent}). */
export interface EventFollow {
  data: WebhookEvent[];
  cursor: string;
}
