import { type ApiContract, apiContract, IDEMPOTENCY_KEY_HEADER } from '@cairn/contract';
import * as z from 'zod';

/** A merchant API route as an MCP tool: its name, its schemas and how to call it. */
export interface ContractTool {
  readonly name: keyof ApiContract;
  readonly title: string;
  readonly description: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The route's path with `:id`-style parameters, under `/api/v1`. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly bodyParams: readonly string[];
  /** The tool's arguments: path parameters, query and body fields, and `idempotency_key` on a POST. */
  readonly inputSchema: z.ZodObject;
  /** What the tool returns as `structuredContent`: the object under `data`, or the list page. */
  readonly outputSchema: z.ZodObject;
  /** Whether the 2xx body wraps the result in `data`. */
  readonly unwrapData: boolean;
  /** Whether the route accepts an Idempotency-Key (every POST). */
  readonly idempotent: boolean;
}

/** What an agent must know on top of the route's own description. */
const AGENT_NOTES: Partial<Record<keyof ApiContract, string>> = {
  createPayment:
    'Hand `checkout_url` to the customer. Release goods only once the payment is `confirmed` (the payment.confirmed event, or retrieve_payment); never on payment_detected or confirming. Pass `idempotency_key` so a retry cannot create a second payment.',
  retrievePayment: 'Release goods only when `status` is `confirmed`.',
  createInvoice: 'The invoice is a draft until you call send_invoice.',
  createPaymentLink: 'Share `url`; each customer who presses Pay on it gets a payment of their own.',
  followEvents:
    "Waits up to `wait` seconds (default 25) for the events after `after` and answers them oldest first; pass the answer's `cursor` as `after` to the next call so no event is missed. Without `after` it starts from now.",
  expireTestPayment:
    'Test mode only (a live key is refused): use it to see how your integration handles payment.expired without waiting for the window. It changes the payment for real; never on a payment a real customer is paying.',
};

/**
 * Routes that are no tool: an export answers a file (CSV or JSON Lines, possibly a million rows),
 * not an object an agent can take as its result; an agent lists payments instead.
 */
const NOT_TOOLS: ReadonlySet<keyof ApiContract> = new Set([
  'exportPayments',
  'exportInvoices',
  'exportEvents',
  'exportCreditLedger',
]);

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The shape of a zod object schema (empty for anything else, such as ts-rest's no-body marker). */
function shapeOf(schema: unknown): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}

/**
 * A body's fields as tool arguments: an object's own; for a union of objects (select-chain takes
 * `{ chain_id, coin_symbol }` or `{ token }`), every option's fields, each optional; the API then
 * validates the body as the route does.
 */
function bodyShapeOf(schema: unknown): Record<string, z.ZodType> {
  if (schema instanceof z.ZodUnion) {
    const fields: Record<string, z.ZodType> = {};
    for (const option of schema.options as unknown[]) {
      for (const [key, field] of Object.entries(shapeOf(option))) fields[key] ??= field.optional();
    }
    return fields;
  }
  return shapeOf(schema);
}

/**
 * The query string's `limit` is a string of digits in the contract (as URLs carry it); over MCP it is
 * a JSON integer, sent on as its digits.
 */
const McpLimit = z.int().min(1).max(100).optional().describe('Page size, 1 to 100 (default 20).');

/**
 * Every route of the merchant API contract as an MCP tool, generated from the contract (never a copy of
 * its schemas): arguments from the route's path, query and body schemas, results from its 2xx
 * response schema. The tool names are the routes' in snake case (`create_payment`).
 */
export function contractTools(): ContractTool[] {
  return (Object.entries(apiContract) as [keyof ApiContract, ApiContract[keyof ApiContract]][])
    .filter(([name]) => !NOT_TOOLS.has(name))
    .map(([name, route]) => {
      const r = route as unknown as {
        method: 'GET' | 'POST' | 'DELETE';
        path: string;
        summary: string;
        description?: string;
        pathParams?: unknown;
        query?: unknown;
        body?: unknown;
        responses: Record<number, unknown>;
      };
      const pathShape = shapeOf(r.pathParams);
      const queryShape = Object.fromEntries(
        Object.entries(shapeOf(r.query)).map(([key, field]) => [key, key === 'limit' ? McpLimit : field]),
      );
      const bodyShape = bodyShapeOf(r.body);
      const idempotent = r.method === 'POST';
      // Strict, as the API's bodies are: an unknown (misspelt) argument is refused, never dropped.
      const inputSchema = z.strictObject({
        ...pathShape,
        ...queryShape,
        ...bodyShape,
        ...(idempotent
          ? {
              idempotency_key: z
                .string()
                .min(1)
                .max(255)
                .optional()
                .describe(
                  'Makes the call safe to retry: the same key with the same arguments returns the stored result for 24 hours.',
                ),
            }
          : {}),
      });
      const status = Number(Object.keys(r.responses).find((s) => s.startsWith('2')));
      const response = r.responses[status] as z.ZodObject;
      // `{ data: X }` is unwrapped to X when X is an object (MCP's structured content must be one); a
      // list page (`data` beside `has_more`) or a union stays as it is.
      const shape = shapeOf(response);
      const data = shape.data;
      const unwrapData = Object.keys(shape).length === 1 && data instanceof z.ZodObject;
      // A fresh object of the same shape: a schema with a registry id (Payment) would be written as a
      // bare `$ref`, and MCP wants `type: object` at the top of an output schema.
      const outputSchema = z.object(shapeOf(unwrapData ? data : response));
      const note = AGENT_NOTES[name];
      return {
        name,
        title: r.summary,
        description: [r.description ?? r.summary, note].filter(Boolean).join(' '),
        method: r.method,
        path: r.path,
        pathParams: Object.keys(pathShape),
        queryParams: Object.keys(queryShape),
        bodyParams: Object.keys(bodyShape),
        inputSchema,
        outputSchema,
        unwrapData,
        idempotent,
      };
    });
}

/** The MCP name of a contract route. */
export const toolName = (route: keyof ApiContract) => snake(route);

/** The request a tool call makes to the merchant API: method, URL, parameters, body and Idempotency-Key. */
export function requestOf(
  tool: ContractTool,
  args: Record<string, unknown>,
): {
  method: ContractTool['method'];
  /** The path with its parameters and query string, as a REST client would send it. */
  url: string;
  params: Record<string, string>;
  /** The query as strings, as a URL carries it (a `limit` of 5 is `'5'`). */
  query: Record<string, string>;
  body?: Record<string, unknown>;
  headers: Record<string, string>;
} {
  let url = tool.path;
  const params: Record<string, string> = {};
  for (const key of tool.pathParams) {
    params[key] = String(args[key]);
    const value = encodeURIComponent(params[key]);
    url = url.replace(`:${key}`, () => value);
  }
  const query: Record<string, string> = {};
  for (const key of tool.queryParams) if (args[key] !== undefined) query[key] = String(args[key]);
  const body = Object.fromEntries(
    tool.bodyParams.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]),
  );
  const headers: Record<string, string> = {};
  if (tool.idempotent && typeof args.idempotency_key === 'string')
    headers[IDEMPOTENCY_KEY_HEADER] = args.idempotency_key;
  const text = new URLSearchParams(query).toString();
  return {
    method: tool.method,
    url: `${url}${text ? `?${text}` : ''}`,
    params,
    query,
    ...(tool.bodyParams.length > 0 ? { body } : {}),
    headers,
  };
}
