import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../platform/runtime/ApiError.js';
import { securityHeaders } from '../../../web/securityHeaders.js';
import type { CheckoutRuntime } from './CheckoutRuntime.js';

/** The checkout's stylesheet and script under content-hashed names, cached for a year. */
export function registerAssetRoutes(scope: FastifyInstance, rt: CheckoutRuntime): void {
  scope.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = rt.assets.byName.get(request.params.name);
    if (!asset) throw new ApiError('NOT_FOUND', 'No such asset.');
    return reply
      .headers(securityHeaders({ frameAncestors: rt.frameAncestors }))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(asset.contentType)
      .send(asset.body);
  });
}
