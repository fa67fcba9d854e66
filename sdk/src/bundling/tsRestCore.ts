/**
 * The part of `@ts-rest/core` that `@cairn/contract` executes when its module loads
 * (`initContract().router(...)` and `noBody()`), substituted for `@ts-rest/core` when tsup bundles the
 * contract into the SDK (see tsup.config.ts).
 *
 * Why: ts-rest 3.53.0-rc.1 ships one module that embeds a copy of zod 3 with top-level side effects, so
 * bundling it adds about 13 kB gzipped that no tree-shaker can remove; the SDK needs none of it because
 * it reads the route objects (method, path, responses) directly and validates with the contract's zod
 * 4 schemas. This module reproduces `initContract` of rc.1 exactly for non-zod-3 schemas
 * (`tsRestCore.test.ts` compares the two); with zod 4 header schemas ts-rest itself takes the same
 * object-spread path.
 */

/** Stands for "no body" in a route definition (ts-rest's `ContractNoBody`). */
export const ContractNoBody: unique symbol = Symbol('ContractNoBody');
const ContractPlainTypeRuntimeSymbol: unique symbol = Symbol('ContractPlainType');

type Dict = Record<string, unknown>;

interface RouterOptions {
  readonly pathPrefix?: string;
  readonly baseHeaders?: unknown;
  readonly strictStatusCodes?: boolean;
  readonly validateResponseOnClient?: boolean;
  readonly commonResponses?: Dict;
  readonly metadata?: Dict;
}

const isAppRoute = (value: Dict): boolean => 'method' in value && 'path' in value;

function mergeHeaderSchemas(base: unknown, route: unknown): unknown {
  if (!base) return route;
  if (!route) return base;
  return { ...(base as Dict), ...(route as Dict) };
}

function applyOptions(router: Dict, options: RouterOptions | undefined): Dict {
  return Object.fromEntries(
    Object.entries(router).map(([key, value]) => {
      const route = value as Dict;
      if (!isAppRoute(route)) return [key, applyOptions(route, options)];
      return [
        key,
        {
          ...route,
          path: options?.pathPrefix ? options.pathPrefix + String(route.path) : route.path,
          headers: mergeHeaderSchemas(options?.baseHeaders, route.headers),
          strictStatusCodes: route.strictStatusCodes ?? options?.strictStatusCodes,
          validateResponseOnClient: route.validateResponseOnClient ?? options?.validateResponseOnClient,
          responses: { ...options?.commonResponses, ...(route.responses as Dict) },
          metadata: options?.metadata
            ? { ...options.metadata, ...((route.metadata as Dict) ?? {}) }
            : route.metadata,
        },
      ];
    }),
  );
}

/** `initContract()` of `@ts-rest/core`, runtime behaviour only. */
export function initContract() {
  return {
    router: (endpoints: Dict, options?: RouterOptions) => applyOptions(endpoints, options),
    query: <T>(args: T) => args,
    mutation: <T>(args: T) => args,
    responses: <T>(args: T) => args,
    response: () => ContractPlainTypeRuntimeSymbol,
    body: () => ContractPlainTypeRuntimeSymbol,
    type: () => ContractPlainTypeRuntimeSymbol,
    otherResponse: ({ contentType, body }: { contentType: string; body: unknown }) => ({ contentType, body }),
    noBody: () => ContractNoBody,
  };
}
