import * as tsRest from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractNoBody, initContract } from './tsRestCore.js';

const headers = z.object({ 'idempotency-key': z.string().optional() });
const baseHeaders = z.object({ 'x-base': z.string() });
const error = z.object({ error: z.object({ code: z.string() }) });
const createBody = z.object({ name: z.string() });
const created = z.object({ data: z.string() });
const ok = z.object({ ok: z.boolean() });
const text = z.string();

/** The same route definitions (same schema objects) with each implementation's no-body marker. */
const routes = (noBody: symbol) => ({
  create: {
    method: 'POST',
    path: '/things',
    headers,
    body: createBody,
    responses: { 201: created, 409: error },
  },
  remove: {
    method: 'DELETE',
    path: '/things/:id',
    body: noBody,
    responses: { 200: ok },
    strictStatusCodes: false,
    metadata: { own: true },
  },
  nested: { read: { method: 'GET', path: '/things/:id', responses: { 200: text } } },
});

const optionSets = [
  {
    pathPrefix: '/api/v1',
    commonResponses: { 400: error, 500: error },
    strictStatusCodes: true,
    metadata: { common: 1 },
  },
  { baseHeaders, validateResponseOnClient: true },
  undefined,
];

/** Replaces the implementation's own no-body symbol with a common marker. */
function normalise(value: unknown, noBody: symbol): unknown {
  if (value === noBody) return 'NO_BODY';
  if (value instanceof z.ZodType || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, noBody)]));
}

describe('bundled initContract', () => {
  it.each(optionSets)('builds the same router as @ts-rest/core with options %o', (options) => {
    const ours = initContract().router(routes(initContract().noBody()), options);
    const theirs = tsRest
      .initContract()
      .router(routes(tsRest.initContract().noBody()) as never, options as never);
    expect(normalise(ours, ContractNoBody)).toStrictEqual(normalise(theirs, tsRest.ContractNoBody));
  });

  it('offers every helper of @ts-rest/core’s initContract', () => {
    expect(Object.keys(initContract()).sort()).toEqual(Object.keys(tsRest.initContract()).sort());
  });
});
