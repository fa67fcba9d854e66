import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/** A POST's Idempotency-Key with the stored response (kept 24 h). */
export const IdempotencyRecord = defineEntity({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_keys',
  properties: {
    apiKeyId: p.uuid().primary(),
    key: p.string().primary(),
    requestHash: p.string(),
    state: p.string().$type<'in_progress' | 'done'>(),
    responseStatus: p.integer().nullable(),
    responseBody: p.json<unknown>().nullable(),
    createdAt: p.datetime(),
  },
});
export type IIdempotencyRecord = InferEntity<typeof IdempotencyRecord>;
