import { apiContract } from '@cairn/contract';

const ROUTES = Object.values(apiContract).map((route) => ({
  method: route.method,
  pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
}));

/**
 * The methods the merchant API serves on a path (query ignored), HEAD included wherever GET is; empty
 * when no route of the contract has that path. Lets an unmatched request be told apart as 405
 * METHOD_NOT_ALLOWED (the path exists) or 404 NOT_FOUND (it does not).
 */
export function allowedMethods(url: string): string[] {
  const path = url.split('?')[0] ?? '';
  const methods: string[] = ROUTES.filter((route) => route.pattern.test(path)).map((route) => route.method);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...new Set(methods)];
}
