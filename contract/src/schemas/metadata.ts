import * as z from 'zod';

/** At most this many keys in `metadata`. */
export const METADATA_MAX_KEYS = 50;
/** Longest `metadata` key, in characters. */
export const METADATA_KEY_MAX_LENGTH = 40;
/** Longest `metadata` value, in characters. */
export const METADATA_VALUE_MAX_LENGTH = 500;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The merchant's own references on an object (Stripe's convention): string keys and values, echoed
 * as given in responses and webhooks. Not shown to customers; never used by Cairn.
 */
export const MetadataSchema = z
  .record(
    z
      .string()
      .min(1, 'keys must not be empty')
      .max(METADATA_KEY_MAX_LENGTH, `keys must be at most ${METADATA_KEY_MAX_LENGTH} characters`)
      .refine((key) => !CONTROL.test(key), 'keys must not contain control characters'),
    z
      .string({ error: 'values must be strings' })
      .max(METADATA_VALUE_MAX_LENGTH, `values must be at most ${METADATA_VALUE_MAX_LENGTH} characters`),
  )
  .refine((value) => Object.keys(value).length <= METADATA_MAX_KEYS, {
    message: `at most ${METADATA_MAX_KEYS} keys`,
  })
  .meta({
    id: 'Metadata',
    description: `Your own key-value references (string keys up to ${METADATA_KEY_MAX_LENGTH} characters, string values up to ${METADATA_VALUE_MAX_LENGTH}, at most ${METADATA_MAX_KEYS} keys), echoed in responses and webhooks. Not shown to customers.`,
    example: { cart_id: 'c_8812', customer_ref: 'u-551' },
  });

/** Metadata as stored and returned. */
export type Metadata = z.infer<typeof MetadataSchema>;
