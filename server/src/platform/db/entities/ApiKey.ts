import type { Mode } from '@cairn/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export type ApiKeyStatus = 'active' | 'deactivated' | 'revoked';

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    businessId: p.uuid(),
    mode: p.string().$type<Mode>(),
    label: p.string(),
    /** Hex SHA-256 of the full key; the key itself is never stored. */
    keyHash: p.string(),
    /** The prefix and last four characters, for display. */
    keyHint: p.string(),
    /** `<CHAIN>:<SYMBOL>` pairs this key accepts. */
    allowedTokens: p.array(),
    /** Caller IP addresses or CIDR ranges; empty means any. */
    allowedIps: p.array(),
    status: p.string().$type<ApiKeyStatus>(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type IApiKey = InferEntity<typeof ApiKey>;
