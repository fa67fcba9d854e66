import { generateOpenApi } from '@ts-rest/open-api';
import * as z from 'zod';
import { ERROR_CODES } from './errorCodes.js';
import { apiContract } from './router.js';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS } from './schemas/exportPayments.js';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENT_SCHEMAS } from './webhookEvents.js';

type JsonSchema = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

const COMPONENT_REF = '#/components/schemas/';

/** Rewrites zod's `#/$defs/X` references to OpenAPI component references. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      out[key] = COMPONENT_REF + value.slice('#/$defs/'.length);
    } else if (key !== '$schema') {
      out[key] = rewriteRefs(value);
    }
  }
  return out;
}

/**
 * Converts one zod schema to OpenAPI 3.1 JSON Schema. Schemas registered with a `meta({ id })` are
 * hoisted into `components` and referenced, so the document has named component schemas.
 */
function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  });
  const { $defs, ...root } = json as JsonSchema & { $defs?: Components };
  for (const [name, def] of Object.entries($defs ?? {})) {
    components[name] ??= rewriteRefs(def) as JsonSchema;
  }
  const rootId = z.globalRegistry.get(schema)?.id;
  const rewritten = rewriteRefs(root) as JsonSchema;
  if (typeof rootId === 'string') {
    delete rewritten.id;
    components[rootId] ??= rewritten;
    return { $ref: COMPONENT_REF + rootId };
  }
  delete rewritten.id;
  return rewritten;
}

const ERROR_CODE_TABLE = Object.entries(ERROR_CODES)
  .map(([code, { status, description }]) => `| ${status} | \`${code}\` | ${description} |`)
  .join('\n');

const DESCRIPTION = `The Cairn merchant API. Cairn is a non-custodial crypto payment gateway: payments settle directly to wallets the merchant controls.

Every call needs \`Authorization: Bearer <API_KEY>\`. Keys start with \`pk_test_\` (test mode: testnets, no real funds) or \`pk_live_\` (live mode). The mode of the key is the mode of the payments it creates and sees. Successful responses wrap the object as \`{ "data": ... }\`; errors are \`{ "error": { "code", "message" } }\`. Branch on \`code\`, never on \`message\`. Amounts are strings, never JSON numbers. POST requests accept an \`Idempotency-Key\` header.

| HTTP | code | meaning |
|---|---|---|
${ERROR_CODE_TABLE}`;

/** Response descriptions by status, naming the error codes each status carries. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success: `{ "data": ... }`.',
  '201': 'Created: `{ "data": ... }`.',
  ...Object.fromEntries(
    [...new Set(Object.values(ERROR_CODES).map((e) => e.status))].map((status) => [
      String(status),
      `Error: ${Object.entries(ERROR_CODES)
        .filter(([, e]) => e.status === status)
        .map(([code]) => `\`${code}\``)
        .join(', ')}.`,
    ]),
  ),
};

/**
 * A file download (an export): described as one, and offered in each export format's media type (the
 * contract can name only one; `format` picks which).
 */
function fileResponse(response: unknown): JsonSchema | undefined {
  const content = (response as { content?: Record<string, { schema?: unknown }> }).content ?? {};
  const csv = content[EXPORT_CONTENT_TYPES.csv];
  if (!csv) return undefined;
  return {
    description: 'A file, streamed: `format=csv` gives CSV, `format=jsonl` JSON Lines.',
    headers: {
      'Content-Disposition': {
        description: '`attachment; filename="payments-<mode>-<YYYY-MM-DD>.<csv|jsonl>"`',
        schema: { type: 'string' },
      },
    },
    content: Object.fromEntries(EXPORT_FORMATS.map((format) => [EXPORT_CONTENT_TYPES[format], csv])),
  };
}

/** Builds the OpenAPI 3.1 document of the merchant API from the contract. */
export function buildOpenApiDocument(): JsonSchema {
  const components: Components = {};
  const document = generateOpenApi(
    apiContract,
    {
      info: {
        title: 'Cairn merchant API',
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
        contact: { name: 'Cairn maintainers', url: 'https://github.com/cairn-pay/cairn' },
      },
      servers: [{ url: '/', description: 'The gateway that serves this document (its {base_url}).' }],
      tags: [
        {
          name: 'payments',
          description: 'Create, read, list and cancel payments; accept shortfalls; record refunds.',
        },
        { name: 'checkout', description: 'The customer-side actions of the hosted checkout.' },
        {
          name: 'events',
          description: 'Every event sent (or due) to the webhook endpoints, to reconcile with.',
        },
      ],
      security: [{ bearerAuth: [] }],
    },
    {
      setOperationId: true,
      schemaTransformer: ({ schema, type }) =>
        schema instanceof z.ZodType
          ? toOpenApiSchema(schema, type === 'response' ? 'output' : 'input', components)
          : null,
      operationMapper: (operation, route) => ({
        ...operation,
        tags: [
          route.path.startsWith('/api/v1/checkout')
            ? 'checkout'
            : route.path.startsWith('/api/v1/events')
              ? 'events'
              : 'payments',
        ],
        responses: Object.fromEntries(
          Object.entries(operation.responses ?? {}).map(([status, response]) => [
            status,
            fileResponse(response) ?? {
              ...response,
              description: RESPONSE_DESCRIPTIONS[status] ?? `HTTP ${status}`,
            },
          ]),
        ),
      }),
    },
  ) as unknown as JsonSchema & { paths: Record<string, Record<string, JsonSchema>> };

  const webhooks: Record<string, JsonSchema> = {};
  for (const name of WEBHOOK_EVENT_NAMES) {
    webhooks[name] = {
      post: {
        operationId: `webhook_${name.replace('.', '_')}`,
        summary: `${name} webhook`,
        description:
          'Sent to the endpoint of the API key. Verify `X-Webhook-Signature` (`t=<unix>,v1=<hex>`, HMAC-SHA256 of `<t>.<raw body>`) and deduplicate on `id`. Acknowledge with any 2xx.',
        security: [],
        parameters: [
          { name: 'X-Webhook-Event', in: 'header', required: true, schema: { type: 'string', const: name } },
          { name: 'X-Webhook-Signature', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: toOpenApiSchema(WEBHOOK_EVENT_SCHEMAS[name], 'output', components),
            },
          },
        },
        responses: { '200': { description: 'Acknowledged (any 2xx).' } },
      },
    };
  }

  return {
    ...document,
    openapi: '3.1.0',
    webhooks,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: `pk_test_...` or `pk_live_...`.',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
